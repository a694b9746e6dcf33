"""What a recorder writes down wrong (記錯): the catalogue of mistakes, each one hand changed.

``reconcile`` asks, of a night whose gold does not match the coins on the table, which hand was
written wrong. Each entry of :data:`KINDS` is a real recording mistake — the wrong winner, the
wrong win type, a kong missing or extra, a pattern missed, a hand missing or written twice, … —
and :class:`Mistakes` makes every way it could have happened in a night: each an :class:`Edit`
of one hand, with the hand as ``record --amend`` would write it and the change it makes to each
player's total. Only hands the table accepts are made (settled, not disputed); the night they
make is judged whole by :mod:`.reconcile`. A hand's gold never depends on its dealer (R10 only
says who deals next), so each hand is settled on its own here, and the same hand only once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any, Final, NamedTuple

from ..errors import MeizhouError
from ..records.kinds import ADDED, CONCEALED, EXPOSED, KONG_BLOOM, ROBBED_KONG, SELF_DRAW
from ..records.model import Kong
from ..records.record import parse_session
from ..records.rules import Rules
from .example_hands import EXAMPLES, ROBBERS, example_hands
from .money import Gold, difference
from .night import Night
from .settlement import Settlement, settle_session

# The catalogue, the commoner mistakes first (explanations with as many edits rank so).
KINDS: Final = (
    "winner",  # the wrong player written as the winner
    "win_type",  # self-draw, kong bloom or robbed kong (and whose kong) mixed up
    "robbed",  # a robbed kong: the wrong player written as robbed
    "hand_twice",  # the same hand written twice (the hand before it is the same)
    "kong_type",  # concealed, added or exposed mixed up
    "kong_owner",  # the kong written as another player's
    "kong_discarder",  # an exposed kong: the wrong discarder
    "kong_missing",  # a kong declared and not written down
    "kong_extra",  # a kong written that was never declared
    "pattern",  # the tiles mis-entered: another pattern (清一色 written as 平胡)
    "stake",  # the wrong stake on one hand
    "win_as_draw",  # a draw recorded as a win
    "draw_as_win",  # a win recorded as a draw
    "hand_missing",  # a hand not written down at all
    "dealer",  # the wrong dealer named (no gold: it only ever comes with another edit)
)
_FREE_TILES: Final = tuple(
    f"{n}{suit}" for suit in "zmps" for n in range(1, 10) if suit != "z" or n <= 7
)


class Edit(NamedTuple):
    """One hand changed: its number in the night as recorded (a missing hand: after the last), the
    mistake's kind, what the record says and what it would say (a name, a kong, a pattern, a hand),
    the hand as ``record --amend`` writes it (None: the hand taken out) and what the change does to
    each player's total, in seat order."""

    hand: int
    kind: str
    was: Any
    now: Any
    amend: dict[str, Any] | None
    delta: tuple[Gold, ...]
    also: tuple[int, ...] = ()  # the other hands where the same mistake gives the same gold

    @property
    def alike(self) -> tuple[Any, ...]:
        """What makes two edits of different hands the same mistake to the gold: its kind, what
        it was and would be (a kong's tile aside: any free one), and the change in the gold."""
        now = self.now
        if isinstance(now, dict) and "tile" in now:
            now = {key: value for key, value in now.items() if key != "tile"}
        was = self.was if self.kind in ("winner", "robbed", "stake", "win_type") else None
        return self.kind, json.dumps([was, now], sort_keys=True, default=str), self.delta


class Mistakes:
    """Every mistake of the catalogue that could have been made in ``night`` (its file's ``data``,
    settled under ``rules``)."""

    def __init__(self, data: dict[str, Any], night: Night, rules: Rules):
        self.head = {key: value for key, value in data.items() if key not in ("hands", "held")}
        self.hands: list[Any] = data["hands"]
        self.night, self.rules, self.players = night, rules, night.players
        self._settled: dict[str, Settlement | None] = {}
        self._wins_at: dict[Any, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
        stakes = [data.get("stake", 1)] + [
            hand["stake"] for hand in self.hands if isinstance(hand, dict) and "stake" in hand
        ]
        self.stakes = list(dict.fromkeys(Decimal(str(stake)) for stake in stakes))

    def every(self) -> Iterator[Edit]:
        """Every edit of every hand, hand by hand, then a missing hand (after the last)."""
        for number in range(1, len(self.hands) + 1):
            yield from self.of_hand(number)
        zero: dict[str, Gold] = {name: 0 for name in self.players}
        yield from self._unique(
            self._wins(len(self.hands) + 1, {}, zero, "hand_missing"), len(self.hands) + 1
        )

    def of_hand(self, number: int) -> Iterator[Edit]:
        """Every edit of hand ``number`` (from 1) that the table would accept, one for each
        change of the gold (the commonest way of making it)."""
        yield from self._unique(self._of_hand(number), number)

    # ------------------------------------------------------------------ the catalogue

    def _of_hand(self, number: int) -> Iterator[Edit | None]:
        hand, settled = self.hands[number - 1], self.night.hands[number - 1]
        if not isinstance(hand, dict):
            return
        was = settled.amounts
        if hand.get("draw"):
            yield from self._wins(number, hand, was, "draw_as_win")
            return
        record = settled.record
        winner, win_type, robbed = record.winner, record.win_type, record.robbed
        for other in self.players:
            if other not in (winner, robbed):
                yield self._edit(number, "winner", winner, other, {**hand, "winner": other}, was)
        for kind, whose in self._win_types(winner):
            if kind != win_type:  # the same win type, another robbed player: "robbed"
                now = {k: v for k, v in hand.items() if k != "robbed"} | {"win_type": kind}
                if whose is not None:
                    now["robbed"] = whose
                said = kind if whose is None else [kind, whose]
                yield self._edit(number, "win_type", win_type, said, now, was)
        if win_type == ROBBED_KONG:
            for other in self.players:
                if other not in (winner, robbed):
                    yield self._edit(
                        number, "robbed", robbed, other, {**hand, "robbed": other}, was
                    )
        yield from self._kongs(number, hand, was)
        if number > 1 and _undealt(self.hands[number - 2]) == _undealt(hand):
            yield self._edit(number, "hand_twice", number - 1, None, None, was)
        if not record.owns_a_kong(winner):
            pattern = settled.score.patterns[0] if settled.score is not None else None
            for name, _ in self._examples(win_type == ROBBED_KONG):
                for example in example_hands(name):
                    now = {**hand, "hand": example}
                    edit = self._edit(number, "pattern", pattern, name, now, was)
                    if edit is not None:
                        yield edit
                        break
        yield from self._stakes(number, hand, was)
        draw = {"dealer": hand["dealer"]} if "dealer" in hand else {}
        yield self._edit(number, "win_as_draw", winner, "draw", {**draw, "draw": True}, was)

    def _win_types(self, winner: str | None) -> Iterator[tuple[str, str | None]]:
        yield SELF_DRAW.value, None
        yield KONG_BLOOM.value, None
        for other in self.players:
            if other != winner:
                yield ROBBED_KONG.value, other

    def _kongs(
        self, number: int, hand: dict[str, Any], was: dict[str, Gold]
    ) -> Iterator[Edit | None]:
        kongs: list[Any] = list(hand.get("kongs") or [])
        free = self._free_tile(number)
        if free is not None:
            for kong in self._every_kong(free):
                now = {**hand, "kongs": [*kongs, kong]}
                yield self._edit(number, "kong_missing", None, kong, now, was)
        for i, kong in enumerate(kongs):
            if not isinstance(kong, dict):
                continue
            less = kongs[:i] + kongs[i + 1 :]
            now = {k: v for k, v in hand.items() if k != "kongs"} | (
                {"kongs": less} if less else {}
            )
            yield self._edit(number, "kong_extra", kong, None, now, was)
            parsed = self.night.hands[number - 1].record.kongs[i]
            for other in self._every_kong(kong.get("tile")):
                changed = [*kongs[:i], other, *kongs[i + 1 :]]
                kind = _one_change(parsed, other)
                if kind is not None:
                    yield self._edit(number, kind, kong, other, {**hand, "kongs": changed}, was)

    def _every_kong(self, tile: Any) -> Iterator[dict[str, Any]]:
        for player in self.players:
            yield {"player": player, "type": CONCEALED.value, "tile": tile}
            yield {"player": player, "type": ADDED.value, "tile": tile}
            for other in self.players:
                if other != player:
                    yield {"player": player, "type": EXPOSED.value, "tile": tile, "from": other}

    def _free_tile(self, number: int) -> str | None:
        """A tile no part of hand ``number`` holds (a kong added cannot break R1)."""
        record = self.night.hands[number - 1].record
        held = set(record.hand.concealed) | set(record.hand.pungs) if record.hand else set()
        held |= {kong.tile for kong in record.kongs}
        for text, index in zip(_FREE_TILES, _INDICES, strict=True):
            if index not in held:
                return text
        return None

    def _stakes(
        self, number: int, hand: dict[str, Any], was: dict[str, Gold]
    ) -> Iterator[Edit | None]:
        stake = self.night.hands[number - 1].record.stake
        for other in self.stakes:
            if other != stake:
                now = {k: v for k, v in hand.items() if k != "stake"}
                if other != self.stakes[0]:
                    now["stake"] = _written(other)
                yield self._edit(number, "stake", _written(stake), _written(other), now, was)

    def _wins(
        self, number: int, hand: dict[str, Any], was: dict[str, Gold], kind: str
    ) -> Iterator[Edit | None]:
        """A win in place of a draw (or of nothing): each winner, win type and pattern."""
        base = {k: v for k, v in hand.items() if k != "draw"}
        kongs = self.night.hands[number - 1].record.kongs if hand else ()
        held = {kong.tile for kong in kongs}
        for said, win in self._winning(base.get("stake")):
            if held & _tiles(win["hand"]):  # the kongs of the hand hold all four of a tile it needs
                turned = (one for one in example_hands(said["pattern"]) if not held & _tiles(one))
                win = {**win, "hand": next(turned, win["hand"])}
            now = {**base, **win}
            edit = self._edit(number, kind, "draw" if hand else None, said, now, was)
            if edit is not None:
                yield edit

    def _winning(self, stake: Any) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Every win a hand of no kongs could have been at ``stake`` (the night's: None), one for
        each winner, win type and pattern: (what it says, the hand's keys); found once a night."""
        if stake not in self._wins_at:
            found = []
            for winner in self.players:
                for win_type, robbed in self._win_types(winner):
                    if win_type == KONG_BLOOM:
                        continue  # a kong bloom needs a kong; else it pays as a self-draw (R6)
                    win = {"winner": winner, "win_type": win_type}
                    if robbed is not None:
                        win["robbed"] = robbed
                    staked = {"stake": stake} if stake is not None else {}
                    for name, example in self._examples(robbed is not None):
                        if self._settle({**staked, **win, "hand": example}) is not None:
                            found.append(({**win, "pattern": name}, {**win, "hand": example}))
            self._wins_at[stake] = found
        return self._wins_at[stake]

    def _examples(self, robbing: bool) -> Iterator[tuple[str, dict[str, Any]]]:
        """An example of each pattern (of each ratio, under the house rules' ``highest``), first
        turned (a robbed kong: only those whose winning tile completes a run, R7)."""
        ratios = set()
        for name in ROBBERS if robbing else EXAMPLES:
            ratio = self.rules.patterns.get(name)
            if self.rules.combine == "highest" and ratio in ratios:
                continue
            ratios.add(ratio)
            yield name, next(example_hands(name))

    # ------------------------------------------------------------------ settling one hand

    def _edit(
        self,
        number: int,
        kind: str,
        was: Any,
        now: Any,
        amend: dict[str, Any] | None,
        before: dict[str, Gold],
    ) -> Edit | None:
        """The edit, or None when the table would not accept the hand it makes."""
        if amend is None:
            after: dict[str, Gold] = {name: 0 for name in self.players}
        else:
            settled = self._settle(amend)
            if settled is None:
                return None
            after = settled.amounts
        delta = tuple(difference(after[name], before[name]) for name in self.players)
        return Edit(number, kind, _plain(was), _plain(now), amend, delta)

    def _settle(self, hand: dict[str, Any]) -> Settlement | None:
        key = json.dumps(hand, sort_keys=True, default=str, ensure_ascii=False)
        if key not in self._settled:
            dealt = {"dealer": self.players[0], **{k: v for k, v in hand.items() if k != "dealer"}}
            try:
                settled = settle_session(parse_session({**self.head, "hands": [dealt]}, self.rules))
            except MeizhouError:
                self._settled[key] = None
            else:
                self._settled[key] = None if settled[0].disputed else settled[0]
        return self._settled[key]

    def _unique(self, edits: Iterator[Edit | None], number: int) -> Iterator[Edit]:
        """Each kind of mistake's change of the gold once (its first way of making it: an added
        kong and an exposed one all three pay give the same gold), and never no change."""
        seen: set[tuple[str, tuple[Gold, ...]]] = set()
        for edit in edits:
            if edit is not None and any(edit.delta) and (edit.kind, edit.delta) not in seen:
                seen.add((edit.kind, edit.delta))
                yield edit


def _one_change(kong: Kong, other: dict[str, Any]) -> str | None:
    """The kind of mistake that writes ``kong`` for ``other``, where one thing of it changes: its
    owner (the discarder the same), its type (an exposed kong: any discarder) or its discarder."""
    owner, kind, discarder = other["player"], other["type"], other.get("from")
    if owner != kong.player:
        same = kind == kong.type and discarder == kong.discarder
        return "kong_owner" if same else None
    if kind != kong.type:
        return "kong_type"
    return "kong_discarder" if discarder != kong.discarder else None


def _tiles(hand: dict[str, Any]) -> set[int]:
    """The tiles an example hand holds."""
    from ..engine.tiles import parse_indices

    texts = [hand["concealed"], *hand.get("pungs", ()), hand["winning_tile"]]
    return {index for text in texts for index in parse_indices(text)}


def _undealt(hand: Any) -> Any:
    return {k: v for k, v in hand.items() if k != "dealer"} if isinstance(hand, dict) else hand


def _written(stake: Decimal) -> Any:
    """A stake as a file writes it: a whole number plainly, else its digits as a string."""
    return int(stake) if stake == stake.to_integral_value() else str(stake)


def _plain(value: Any) -> Any:
    """What JSON writes: kinds as their words, numbers as they are."""
    if isinstance(value, str):
        return str(value)
    return value


def _index(text: str) -> int:
    from ..engine.tiles import parse_indices

    return parse_indices(text)[0]


_INDICES: Final = tuple(_index(text) for text in _FREE_TILES)
