"""Whether the table can accept a hand (認可): one judge for `record`, `--amend` and the page.

Pure: a night settled in, a verdict out. A hand is accepted when it settles without a dispute; an
amended hand when neither it nor a later hand it upsets is disputed (R10: the hands after it follow
the rotation it gives). :mod:`~meizhou_score.night.service` writes only what this accepts, and the
command line's questions ask again until it does.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n.messages import Message, msg
from ..i18n.rulings import FINDINGS
from .night import Night
from .settlement import Settlement


class Amendment(NamedTuple):
    """Hand ``number`` (from 1) of the night ``before`` replaced (the page, ``record --amend``)."""

    number: int
    before: Night  # the night as it was written

    def upset(self, after: Night) -> tuple[int, Settlement] | None:
        """(number, settlement) of the first hand the amendment leaves disputed, or None when the
        table can accept it.

        That is the amended hand itself when disputed, or a later hand the change upsets: disputed
        now and not before (its dealer now follows the rotation the amended hand gives, R10). A
        later hand that was already disputed, written so on purpose, does not stop the amendment.
        """
        for n in range(self.number, len(after.hands) + 1):
            settled = after.hands[n - 1]
            if settled.disputed and (n == self.number or not self.before.hands[n - 1].disputed):
                return n, settled
        return None


def refused(night: Night, amendment: Amendment | None = None) -> tuple[int, Settlement] | None:
    """The one judge: (number, settlement) of the hand that keeps ``night`` from being written, or
    None when the table accepts it. Without ``amendment`` the hand judged is the night's last."""
    if amendment is not None:
        return amendment.upset(night)
    return (len(night.hands), night.last) if night.last.disputed else None


def dispute_reasons(settled: Settlement) -> Message:
    """Why a hand is a dispute, in one sentence: not a win, claims that differ, a dealer off the
    rotation."""
    why = list(settled.errors)
    if settled.record.claimed is not None and settled.claim_differences:
        why.append(
            msg(
                "the claimed balances differ from the settlement: {claims}",
                claims=tuple(
                    msg(
                        "{name} claimed {claimed}, computed {computed}",
                        name=k,
                        claimed=v[0],
                        computed=v[1],
                    )
                    for k, v in settled.claim_differences.items()
                ),
            )
        )
    if settled.dealer_expected:
        why.append(
            msg(
                "the rotation gives {dealer} as dealer ({rule})",
                dealer=settled.dealer_expected,
                rule=FINDINGS["dealer_check"],
            )
        )
    said = why[0]
    for more in why[1:]:
        said = msg("{before}; {after}", before=said, after=more)
    return said
