"""Hand records and sessions (docs/rules.md, “The files”): plain data in,
validated :class:`Record` out.

Everything that makes a record *bad* (exit 2) is found here: unknown or
missing keys, wrong types, bad tiles, the count rule, more than four copies
of a tile (R1, and R7's conservation), pungs that are not three identical
tiles, names not at the table. Whether the tiles *win* is a dispute (exit 1)
and is settled in :mod:`meizhou_score.settlement`. Reading files is
:mod:`meizhou_score.loader`'s job.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Final

from ..engine.memo import Memo
from ..errors import RecordError
from ..i18n import terms
from ..i18n.messages import msg
from . import validators
from .conservation import check_conservation, written_twice
from .kinds import ROBBED_KONG, WIN_TYPES
from .model import (
    HAND_KEYS,
    HEAD_KEYS,
    ONE,
    WIN_TYPE_NAMES,
    Kong,
    Record,
    Session,
)
from .names import player as _player
from .names import seat as _players
from .parts import claimed as _claimed
from .parts import held as _held
from .parts import kong as _kong
from .parts import winning_hand as _winning_hand
from .rules import DEFAULT_RULES, Rules
from .tally import HAND_SIZE, hand_size

_HAND_KEYS: Final = validators.keys(*HAND_KEYS)
_RECORD_KEYS: Final = validators.keys("players", *HAND_KEYS, *HEAD_KEYS)  # as messages list them
_SESSION_KEYS: Final = validators.keys(*HEAD_KEYS, "held", "hands")
_SESSION_REQUIRED_KEYS: Final = validators.keys("players", "hands")
_RECORD_REQUIRED_KEYS: Final = validators.keys("players", "dealer")
_WIN_REQUIRED: Final = frozenset(("winner", "win_type", "hand"))
_NOTHING: Final = validators.keys()
_FIRST_HAND_REQUIRED: Final = validators.keys("dealer")


def parse_record(data: Any, rules: Rules = DEFAULT_RULES) -> Record:
    """Validate one hand record (docs/rules.md, “The files”).

    ``rules`` come from ``--rules``; the record's own override them.
    """
    validators.mapping(data, "", _RECORD_KEYS, required=_RECORD_REQUIRED_KEYS)
    players = _players(data["players"], "players")
    if "date" in data:
        validators.date(data["date"], "date")
    if "rules" in data:
        rules = _own_rules(rules, data["rules"])
    stake = validators.amount(data["stake"], "stake", positive=True) if "stake" in data else ONE
    return _hand(
        data, "", players, stake, rules, dealer=_player(data["dealer"], "", "dealer", players)
    )


def written_keys(data: dict[str, Any]) -> int:
    """How many keys the mappings of ``data`` hold, ``data`` being a hand record that
    :func:`parse_record` accepted: its own, its hand's, each kong's, the claims' and the house
    rules' (a mapping of counts among them). Nothing else in an accepted record is a mapping, so
    this is every key it holds, counted without walking its names and tiles (bulk mode weighs it
    against a line's colons: no key was written twice)."""
    found = len(data)
    hand = data.get("hand")
    if type(hand) is dict:
        found += len(hand)
    kongs = data.get("kongs")
    if type(kongs) is list:  # [] or {} or null when there are none
        for kong in kongs:
            found += len(kong)
    claimed = data.get("claimed")
    if type(claimed) is dict:
        found += len(claimed)
    rules = data.get("rules")
    if type(rules) is dict:
        found += len(rules)
        for value in rules.values():
            if type(value) is dict:  # patterns: {...}, kong_units: {...}
                found += len(value)
    return found


# A record's own house rules: a log repeats a few mappings of choices (``{"combine": "add"}``),
# each applied over the run's rules once (an override costs 31,000 instructions).
_OWN_RULES: Final[Memo[tuple[Any, ...], tuple[Rules, Rules]]] = Memo(
    "record.rules", 256, "a record's own house rules, written as choices, over the run's rules"
)


def _own_rules(rules: Rules, written: Any) -> Rules:
    """``rules`` with a record's ``rules`` applied; a mapping of texts only (choices) is known by
    its items, which only a mapping of the same texts in the same order equals."""
    key = tuple(written.items()) if type(written) is dict else ()
    try:
        known = _OWN_RULES.get(key)
    except TypeError:  # a list or a mapping among the values: override says if it may be there
        key, known = (), None
    if known is not None and known[0] is rules:
        return known[1]
    applied = rules.override(written, "rules")
    if key and all(type(value) is str for _, value in key):
        _OWN_RULES.remember(key, (rules, applied))
    return applied


def parse_session(data: Any, rules: Rules = DEFAULT_RULES, start: int = 0) -> Session:
    """Validate a session: players and rules fixed, hands in order; from hand ``start + 1`` on
    when ``start`` is given (the hands before it checked already, with this same head)."""
    validators.mapping(data, "", _SESSION_KEYS, required=_SESSION_REQUIRED_KEYS)
    players = _players(data["players"], "players")
    rules = rules.override(data.get("rules"), "rules")
    stake = validators.amount(data["stake"], "stake", positive=True) if "stake" in data else ONE
    hands = validators.sequence(data["hands"], "hands")
    if not hands:
        raise RecordError("hands", msg("no hand recorded yet (an empty list): record adds hand 1"))
    parsed = []
    for n, entry in enumerate(hands[start:], start=start):
        path = f"hands[{n}]"
        for fixed in ("players", "rules"):
            if isinstance(entry, dict) and fixed in entry:
                raise RecordError(
                    f"{path}.{fixed}",
                    msg(
                        "not allowed in a session's hand: {fixed} are fixed for "
                        "the whole session (start a new session when the table "
                        "changes)",
                        fixed=fixed,
                    ),
                )
        validators.mapping(
            entry, path, _HAND_KEYS, required=_FIRST_HAND_REQUIRED if n == 0 else _NOTHING
        )
        hand_stake = (
            validators.amount(entry["stake"], f"{path}.stake", positive=True)
            if "stake" in entry
            else stake
        )
        named = "dealer" in entry
        dealer = _player(entry["dealer"], path, "dealer", players) if named else None
        parsed.append((_hand(entry, path, players, hand_stake, rules, dealer), named))
    date = validators.date(data["date"], "date") if "date" in data else None
    held = _held(data["held"], "held", players) if "held" in data else None
    return Session(players, tuple(parsed), rules, date, held)


def _hand(
    data: dict[str, Any],
    path: str,
    players: tuple[str, ...],
    stake: Decimal,
    rules: Rules,
    dealer: str | None,
) -> Record:
    draw = (
        validators.boolean(data["draw"], validators.join(path, "draw")) if "draw" in data else False
    )
    kongs: tuple[Kong, ...] = ()
    if data.get("kongs"):
        raw = data["kongs"]
        if not isinstance(raw, list):
            raise validators.fail(validators.join(path, "kongs"), msg("a list"), raw)
        read = []  # a loop, not a comprehension: Python 3.11 calls a comprehension as a function
        for n, k in enumerate(raw):
            read.append(_kong(k, path, n, players, rules))
        kongs = tuple(read)
    claimed = (
        _claimed(data["claimed"], validators.join(path, "claimed"), players)
        if "claimed" in data
        else None
    )
    if draw:
        for key in ("winner", "win_type", "robbed", "robbed_from", "hand"):
            if key in data:
                raise RecordError(
                    validators.join(path, key),
                    msg("not allowed in an exhaustive draw (draw: true): nobody won"),
                )
        record = Record(
            players, dealer or players[0], stake, True, kongs=kongs, claimed=claimed, rules=rules
        )
        check_conservation(record, path)
        return record
    if not _WIN_REQUIRED <= data.keys():
        raise _win_missing(data, path)
    winner = _player(data["winner"], path, "winner", players)
    win_type = data["win_type"]
    if type(win_type) is str and win_type not in WIN_TYPES:
        win_type = WIN_TYPE_NAMES.get(win_type.strip(), win_type)
    if win_type not in WIN_TYPES or type(win_type) is not str:
        hint = validators.close(win_type, WIN_TYPES) if isinstance(win_type, str) else ""
        raise validators.error_with_hint(
            validators.fail(
                validators.join(path, "win_type"),
                terms.expected_win_type(WIN_TYPES),
                win_type,
            ),
            hint,
        )
    robbed = None
    if win_type == ROBBED_KONG:
        if "robbed" not in data:
            raise RecordError(validators.join(path, "robbed"), terms.robbed_missing())
        robbed = _player(data["robbed"], path, "robbed", players)
        if robbed == winner:
            raise RecordError(
                validators.join(path, "robbed"),
                msg("the robbed player cannot be the winner ({winner!r})", winner=winner),
            )
    elif "robbed" in data or "robbed_from" in data:
        raise RecordError(
            validators.join(path, "robbed" if "robbed" in data else "robbed_from"),
            msg(
                "only allowed when win_type is robbed_kong; got win_type {win_type!r}",
                win_type=win_type,
            ),
        )
    robbed_from = None
    if robbed is not None and "robbed_from" in data:
        robbed_from = _player(data["robbed_from"], path, "robbed_from", players)
        if robbed_from in (robbed, winner):
            raise RecordError(
                validators.join(path, "robbed_from"),
                terms.robbed_from_self(robbed_from),
            )
    hand = _winning_hand(data["hand"], f"{path}.hand" if path else "hand")
    record = Record(
        players,
        dealer or players[0],
        stake,
        False,
        winner,
        win_type,
        robbed,
        robbed_from,
        hand,
        kongs,
        claimed,
        rules,
    )
    own = 0  # the winner's kongs: a loop, where a comprehension is a call in Python 3.11
    for kong in kongs:
        if kong.player == winner:
            own += 1
    size = hand_size(len(hand.concealed), len(hand.pungs) + own)
    if size != HAND_SIZE:
        twice = [k.tile for k in kongs if k.player == winner and hand.counts[k.tile] >= 3]
        raise RecordError(
            validators.join(path, "hand"),
            msg(
                "expected 14 tiles counting each pung and kong as 3 (concealed "
                "{concealed} + 3 × {pungs} pungs + 3 × {kongs} kongs of {winner}); got "
                "{size}",
                concealed=len(hand.concealed),
                pungs=len(hand.pungs),
                kongs=own,
                winner=winner,
                size=size,
            )
            + (written_twice(hand, twice[0]) if twice else ""),
        )
    check_conservation(record, path)
    return record


def _win_missing(data: dict[str, Any], path: str) -> RecordError:
    """The error for a won hand that lacks its winner, win_type or hand (the first missing).

    Its own function: a generator over ``data`` inside :func:`_hand` would make ``data`` a cell
    there, read more slowly on every line."""
    for key in ("winner", "win_type", "hand"):
        if key not in data:
            break
    return RecordError(
        validators.join(path, key),
        msg("missing; a hand needs winner, win_type and hand (or draw: true)"),
    )
