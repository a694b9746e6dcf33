"""Settlement (結算): a validated Record and its Rules in, transfers out.

Pure functions. A settlement is a list of transfers (payer, payee, units,
reason, ruling); balances are derived from them, so the four balances sum to
zero by construction. Units are integers; gold is units × the Decimal stake.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from ..engine import hand as core
from ..engine.patterns import Score, score
from ..engine.tiles import format_indices
from ..engine.value import Value
from ..errors import RecordError
from ..i18n.messages import Message, msg
from ..i18n.rulings import FINDINGS, REASONS
from ..i18n.terms import robbed_from_refused
from ..records.kinds import (
    ADDED,
    CONCEALED,
    EXPOSED,
    KONG_BLOOM,
    KONG_TYPES,
    ROBBED_KONG,
    WIN_TYPES,
)
from ..records.model import ONE, Kong, Record, Session, with_dealer
from .money import Gold, add, gold_at
from .payment import Basis, Collection, Transfer

WIN_REASONS: Final = WIN_TYPES  # each win type is also the reason of its payments


class Settlement(Value):
    """The outcome of one hand."""

    _fields = (
        "record",
        "valid",
        "amounts",
        "errors",
        "score",
        "payments",
        "next_dealer",
        "next_dealer_why",
        "dealer_expected",
    )
    __slots__ = _fields

    def __init__(
        self,
        record: Record,
        valid: bool,
        amounts: dict[str, Gold],
        errors: tuple[Message, ...] = (),
        score: Score | None = None,
        payments: tuple[Collection, ...] = (),
        next_dealer: str | None = None,
        next_dealer_why: str = "",
        dealer_expected: str | None = None,
    ) -> None:
        self.record = record
        self.valid = valid
        # gold won (+) or lost (−) per player, in seat order, from the transfers
        self.amounts = amounts
        self.errors = errors  # why the hand is not a legal win
        self.score = score
        # what the winner collects, then each kong's owner (R5–R8): only what pays something
        self.payments = payments
        self.next_dealer = next_dealer
        # robbed | winner | dealer_wins | draw_next | draw_same | invalid
        self.next_dealer_why = next_dealer_why
        # set in a session when the named dealer is not the rotation's
        self.dealer_expected = dealer_expected

    @property
    def transfers(self) -> tuple[Transfer, ...]:
        """Every payment of the hand, in order: the win first, then the kongs."""
        return tuple(
            [
                Transfer(payer, c.payee, c.units, c.reason, c.rule, c.basis, c.tile)
                for c in self.payments
                for payer in c.payers
            ]
        )

    @property
    def balances(self) -> dict[str, int]:
        """Units won (+) or lost (−) per player, in seat order, from the transfers."""
        return _units_won(self.record.players, self.payments)

    @property
    def claim_differences(self) -> dict[str, tuple[Decimal, Gold]]:
        """Players whose claimed balance differs: name → (claimed, computed)."""
        claimed = self.record.claimed
        if not claimed:
            return {}
        amounts = self.amounts
        return {
            name: (value, amounts[name])
            for name, value in claimed.items()
            if value != amounts[name]
        }

    @property
    def claim_notes(self) -> tuple[str, ...]:
        """What is odd about the claims themselves: they name only some players,
        or do not sum to zero."""
        claimed = self.record.claimed
        if not claimed:
            return ()
        notes = []
        missing = [name for name in self.record.players if name not in claimed]
        if missing:
            notes.append("partial")
        total = Decimal(0)
        for value in claimed.values():
            total = add(total, value)
        if not missing and total != 0:
            notes.append("unbalanced")
        return tuple(notes)

    @property
    def dispute_kinds(self) -> tuple[str, ...]:
        """Why this hand is a dispute: not_a_win, dealer, claims (none: it is not)."""
        kinds = []
        if not self.valid:
            kinds.append("not_a_win")
        if self.dealer_expected is not None:
            kinds.append("dealer")
        if self.record.claimed is not None and self.claim_differences:
            kinds.append("claims")
        return tuple(kinds)

    @property
    def disputed(self) -> bool:
        """A dispute (exit 1): not a legal win, claims that disagree, or a wrong dealer."""
        return (
            not self.valid
            or self.dealer_expected is not None
            or (self.record.claimed is not None and bool(self.claim_differences))
        )


def winner_shape(record: Record) -> core.Shape:
    """The winner's hand as scoring sees it: concealed tiles,
    exposed pungs and the winner's kongs."""
    hand = record.hand
    assert hand is not None, "a draw has no winner's hand"
    melds = []  # loops, not comprehensions: Python 3.11 calls a comprehension as a function
    for tile in hand.pungs:
        melds.append(core.EXPOSED_PUNGS[tile])
    winner = record.winner
    for kong in record.kongs:
        if kong.player == winner:
            melds.append(core.KONGS[kong.type == CONCEALED][kong.tile])
    return core.shape(hand.counts, tuple(melds))


def score_hand(record: Record) -> tuple[Score | None, Message | None]:
    """The winner's best reading and ratio, or (None, why it is not a win)."""
    shape = winner_shape(record)
    found, readings = score(shape, record.rules)
    if found is not None:
        return found, None
    written = record.hand
    assert written is not None, "a draw is never scored"
    tiles: str | Message = format_indices(written.concealed)
    if shape.melds:
        tiles = msg(
            "{tiles} with {melds}", tiles=tiles, melds=" ".join(str(b) for b in shape.melds)
        )
    if readings:
        return None, msg(
            "{tiles} forms a winning shape, but every pattern it matches has ratio 0 under the "
            "rules in force",
            tiles=tiles,
        )
    rules = record.rules
    if not (rules.seven_pairs and rules.thirteen_orphans):  # a shape the house rules switched off?
        for kind, name in (
            ("seven_pairs", msg("seven pairs (七小對)")),
            ("thirteen_orphans", msg("thirteen orphans (十三幺)")),
        ):
            if not getattr(rules, kind) and any(
                r.shape == kind
                for r in core.readings(
                    shape.concealed, shape.melds, seven_pairs=True, thirteen_orphans=True
                )
            ):
                return None, msg(
                    "{tiles} is {name}, but `patterns.{shape}` is 0 in the house rules, so it is "
                    "not a winning shape at this table ({rule})",
                    tiles=tiles,
                    name=name,
                    shape=kind,
                    rule=FINDINGS["not_a_win"],
                )
    return None, msg(
        "{tiles} is not a winning hand: it is neither a pair and four sets, nor seven pairs, nor "
        "thirteen orphans under the rules in force ({rule})",
        tiles=tiles,
        rule=FINDINGS["not_a_win"],
    )


def _units_won(players: tuple[str, ...], payments: tuple[Collection, ...]) -> dict[str, int]:
    """Units won (+) or lost (−) per player, in seat order, summed from the transfers."""
    out = dict.fromkeys(players, 0)
    for c in payments:
        payers, units = c.payers, c.units
        out[c.payee] += units * len(payers)
        for payer in payers:
            out[payer] -= units
    return out


def _others(players: tuple[str, ...], player: str) -> tuple[str, ...]:
    """The three players other than ``player``, in seat order: who pay a self-drawn win or a
    kong."""
    seat = players.index(player)
    return players[:seat] + players[seat + 1 :]


def settle_record(record: Record) -> Settlement:
    """Settle one hand: the win (R5–R7), then every kong (R8), then the next dealer (R10)."""
    rules = record.rules
    if record.draw:
        # 荒莊 (R9): nobody pays, kongs included.
        same = rules.dealer_after_draw == "same"
        deals_next = record.dealer if same else record.next_in_seat(record.dealer)
        return Settlement(
            record,
            True,
            dict.fromkeys(record.players, 0),
            (),
            None,
            (),
            deals_next,
            "draw_same" if same else "draw_next",
        )
    errors = []
    score, why = score_hand(record)
    if why:
        errors.append(why)
    winner = record.winner
    if record.win_type == KONG_BLOOM and not record.owns_a_kong(winner):
        errors.append(
            msg(
                "a kong bloom (槓上開花) is won on a kong's replacement tile, but {winner} owns"
                " no kong in this record ({rule})",
                winner=winner,
                rule=FINDINGS["kong_bloom_without_kong"],
            )
        )
    if (
        record.robbed_from is not None
        and rules.robbable_kongs == ADDED  # only the added kong may be robbed (R7)
        and record.robbed is not None
    ):
        errors.append(robbed_from_refused(record.robbed, record.robbed_from))
    if errors:
        return Settlement(
            record,
            False,
            dict.fromkeys(record.players, 0),
            tuple(errors),
            score,
            next_dealer_why="invalid",
        )
    assert score is not None and winner is not None, "a valid win has a winner and a score"
    win = _win_payments(record, score.ratio)
    payments = (win, *_kong_payments(record)) if win is not None else (*_kong_payments(record),)
    if record.win_type == ROBBED_KONG:
        nxt, because = record.robbed, "robbed"
    else:
        nxt, because = winner, "dealer_wins" if winner == record.dealer else "winner"
    won = _units_won(record.players, payments)
    amounts: dict[str, Gold]
    if record.stake is ONE:  # a record that names no stake plays for one: its units are its gold
        amounts = won  # type: ignore[assignment]  # ints are gold: no copy, no cast called
    else:
        to_gold = gold_at(record.stake)
        amounts = {name: to_gold(units) for name, units in won.items()}
    return Settlement(record, True, amounts, (), score, payments, nxt, because)


def _win_payments(record: Record, ratio: int) -> Collection | None:
    """What the winner collects: from the robbed player alone (R7), else from all three (R5, R6);
    None when the win's share is 0."""
    rules, win_type, winner = record.rules, record.win_type, record.winner
    assert win_type is not None and winner is not None, "a draw pays no win"
    if win_type == ROBBED_KONG:
        basis = Basis(ratio, rules.robbed_share, 1)  # 3 × self_draw_share (R7)
    elif win_type == KONG_BLOOM:  # 槓上開花 (R6): as a self-draw
        basis = Basis(ratio, rules.self_draw_share, rules.kong_bloom_multiplier)
    else:
        basis = Basis(ratio, rules.self_draw_share, 1)
    units = ratio * basis.share * basis.multiplier
    if not units:
        return None
    if win_type == ROBBED_KONG:
        assert record.robbed is not None, "a robbed kong names whose kong it was"
        payers: tuple[str, ...] = (record.robbed,)  # 搶槓 (R7): the robbed player alone
    else:
        payers = _others(record.players, winner)
    return Collection(payers, winner, units, win_type, REASONS[win_type], basis, None)


def _kong_payments(record: Record) -> list[Collection]:
    """R8: every kong is paid, once someone has won; with robbed_kong_paid, the robbed kong too
    (R7's other reading), after the others."""
    rules, players = record.rules, record.players
    discarder_pays = rules.exposed_kong_payer == "discarder"
    out = []
    for kong in record.kongs:
        paid = _kong_paid(kong, players, rules.kong_units[kong.type], discarder_pays)
        if paid is not None:
            out.append(paid)
    if rules.robbed_kong_paid and record.win_type == ROBBED_KONG:
        robbed = _robbed_kong(record)
        paid = _kong_paid(robbed, players, rules.kong_units[robbed.type], discarder_pays)
        if paid is not None:
            out.append(paid)
    return out


def _robbed_kong(record: Record) -> Kong:
    """The kong the winner robbed, as if it stood: the robbed player's, of the winning tile; added
    to a pung, or exposed from ``robbed_from``'s discard."""
    hand = record.hand
    assert record.robbed is not None and hand is not None, "a robbed kong names whose it was"
    kind = ADDED if record.robbed_from is None else EXPOSED
    return Kong(record.robbed, kind, hand.winning_tile, record.robbed_from)


# a kong's type -> the reason its payments give, and that reason's ruling (R8)
_KONG_REASONS: Final = {kind: (f"{kind}_kong", REASONS[f"{kind}_kong"]) for kind in KONG_TYPES}


def _kong_paid(
    kong: Kong, players: tuple[str, ...], units: int, discarder_pays: bool
) -> Collection | None:
    """What one kong's owner collects (R8): ``units`` from each other player; None when a kong of
    its type pays nothing."""
    if not units:
        return None
    reason, rule = _KONG_REASONS[kong.type]
    owner = kong.player
    if kong.type == EXPOSED and discarder_pays:
        assert kong.discarder is not None, "an exposed kong names its discarder"
        # 包槓: the discarder pays the shares of all three.
        basis = Basis(None, units, 3)
        return Collection((kong.discarder,), owner, 3 * units, reason, rule, basis, kong.tile)
    basis = Basis(None, units, 1)
    return Collection(_others(players, owner), owner, units, reason, rule, basis, kong.tile)


def settle_session(
    session: Session, expected: str | None = None, start: int = 0
) -> list[Settlement]:
    """Settle the hands in order; each hand's dealer follows from the one before (R10): from hand
    ``start + 1`` on, ``expected`` dealing (all a hand takes from the hands before it)."""
    settled: list[Settlement] = []
    for n, (record, named) in enumerate(session.hands, start=start):
        if not named:
            if expected is None:
                raise RecordError(
                    f"hands[{n}].dealer",
                    msg(
                        "missing; the hand before was not a legal win, so the "
                        "rotation cannot say who deals: name the dealer"
                    ),
                )
            record = with_dealer(record, expected)
        settlement = settle_record(record)
        if named and expected is not None and record.dealer != expected:
            settlement = settlement._replace(dealer_expected=expected)
        settled.append(settlement)
        expected = settlement.next_dealer
    return settled
