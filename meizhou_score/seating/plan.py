"""A club's plan of rounds (排位), from the players' names: what ``seat`` prints, the lobby shows.

:func:`plan_rounds` is the one entry: the names checked by the records room's rule for a player
(each name as every file writes it, no person named twice, case and spacing included), a known
design where there is one (:mod:`.designs`), else the search (:mod:`.search`); the winds
rotated (:mod:`.winds`); the repeats counted and the lower bound (:mod:`.bound`) beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..errors import RecordError
from ..i18n.messages import msg
from ..records import validators
from ..records.names import same_person, valid_name
from .bound import lower_bound
from .designs import known_design
from .search import repeats_of, search, sit_outs
from .winds import rotate_winds

MAX_PLAYERS: Final = 200  # fifty tables
MAX_ROUNDS: Final = 30
BUDGET: Final = 600_000  # moves the search looks at: about two seconds on this machine


@dataclass(frozen=True)
class Plan:
    """The rounds: each a list of tables, each table's four names in seat order (East, South,
    West, North); who sits out each round; the repeats (a pair's meetings after its first) and
    the fewest any plan can have."""

    rounds: tuple[tuple[tuple[str, ...], ...], ...]
    sit_out: tuple[tuple[str, ...], ...]
    repeats: int
    bound: int

    @property
    def proven_best(self) -> bool:
        """The plan is at the lower bound: no plan has fewer repeats."""
        return self.repeats == self.bound

    def as_json(self) -> dict[str, Any]:
        """``{"rounds", "sit_out", "repeats", "bound"}``, as ``seat --format json`` prints."""
        return {
            "rounds": [[list(table) for table in tables] for tables in self.rounds],
            "sit_out": [list(out) for out in self.sit_out],
            "repeats": self.repeats,
            "bound": self.bound,
        }


def checked_names(names: Any, where: str = "players") -> list[str]:
    """The players' names, each as the table writes it, or an error at ``where[n]``: at least
    four, at most :data:`MAX_PLAYERS`, no person named twice (``Mei`` and ``MEI`` are one)."""
    found = validators.sequence(names, where)
    if len(found) < 4:
        raise RecordError(
            where, msg("seating takes at least 4 players; got {count}", count=len(found))
        )
    if len(found) > MAX_PLAYERS:
        raise RecordError(
            where,
            msg(
                "seating takes at most {limit} players; got {count}",
                limit=MAX_PLAYERS,
                count=len(found),
            ),
        )
    written = [valid_name(name, validators.join(where, n)) for n, name in enumerate(found)]
    twice = same_person(written)
    if twice is not None:
        at = validators.join(where, len(written) - written[::-1].index(twice[1]) - 1)
        if twice[0] == twice[1]:
            raise RecordError(
                at, msg("{name!r} is named twice; name each player once", name=twice[0])
            )
        raise RecordError(
            at,
            msg(
                "{name!r} and {other!r} are one player written two ways; name each player once",
                name=twice[0],
                other=twice[1],
            ),
        )
    return written


def checked_rounds(rounds: Any, where: str = "rounds") -> int:
    """The number of rounds, 1 to :data:`MAX_ROUNDS`, or an error at ``where``."""
    if type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS:
        raise RecordError(
            where,
            msg(
                "expected a number of rounds from 1 to {limit}; got {found}",
                limit=MAX_ROUNDS,
                found=rounds,
            ),
        )
    return rounds


def plan_rounds(
    names: Any, rounds: Any, names_at: str = "players", rounds_at: str = "rounds"
) -> Plan:
    """The plan for ``names`` over ``rounds`` rounds; ``names_at`` and ``rounds_at`` name the
    two in an error (the lobby's body keys; ``seat`` passes its own words)."""
    players = checked_names(names, names_at)
    count = checked_rounds(rounds, rounds_at)
    return plan_numbers(players, count)


def plan_numbers(players: Sequence[str], rounds: int, budget: int = BUDGET) -> Plan:
    """The plan for names already checked; ``budget``: the search's moves looked at."""
    n = len(players)
    bound = lower_bound(n, rounds)
    tables = known_design(n, rounds) or search(n, rounds, bound, budget)
    seated = rotate_winds(tables, n)
    return Plan(
        rounds=tuple(
            tuple(tuple(players[p] for p in table) for table in sorted(ts, key=min))
            for ts in seated
        ),
        sit_out=tuple(tuple(players[p] for p in out) for out in sit_outs(n, rounds)),
        repeats=repeats_of(seated, n),
        bound=bound,
    )
