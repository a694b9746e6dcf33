"""Which hand is wrong? (對數) A night's gold checked against the coins each player holds.

The gap between what the table holds and what the night settles to is explained by the fewest
recording mistakes (:mod:`.mistakes`): one hand changed, or two. A hand's gold is its own (no hand
pays for another), so each mistake moves the totals by a fixed amount, and an explanation is a set
of mistakes whose amounts add up to the gap: the ones of one edit are looked up at once, those of
two by the gap less each single one. Each explanation found is then applied to the night and
judged whole, as ``record --amend`` is (:func:`~.judge.refused` for each hand: none disputed that
was not before; a later hand that names its dealer now off the rotation is an edit more, "the
wrong dealer named"). When the held amounts do not sum to zero, someone miscounted the coins:
each player's count is taken in turn as the one that is off, and the rest explained.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any, Final, NamedTuple

from ..errors import MeizhouError
from ..records.rules import Rules
from .mistakes import KINDS, Edit, Mistakes
from .money import Gold, add, difference, exact, negated
from .night import Night, settle_again

SHOWN: Final = 10  # explanations shown, at most (all of them when as few edits explain it exactly)
AMBIGUOUS_SHOWN: Final = 50  # … up to this many
_TRIED: Final = 5000  # explanations judged at most: the rest are as unlikely as can be


class Explanation(NamedTuple):
    """Edits that explain the gold: the night's totals after them, and ``off``, the amounts held
    that no edit explains (a count of coins that is off: empty when the held amounts sum to 0)."""

    edits: tuple[Edit, ...]
    totals: dict[str, Gold]
    off: dict[str, Gold]


class Reconciliation(NamedTuple):
    """A night checked against the gold held: the gaps (held − settled), the explanations (exact
    ones, or the nearest when none of two edits fits), and whether as few edits explain it in more
    than one way."""

    held: dict[str, Gold]
    settled: dict[str, Gold]
    gaps: dict[str, Gold]
    sum_zero: bool
    explanations: tuple[Explanation, ...]
    exact: bool
    ambiguous: bool
    more: int  # exact explanations of as few edits that were not shown

    @property
    def matches(self) -> bool:
        """The record already settles to what is held."""
        return not any(self.gaps.values())


def reconcile(
    data: dict[str, Any], night: Night, held: dict[str, Gold], rules: Rules
) -> Reconciliation:
    """``night`` (settled from ``data``, a session's plain data, under ``rules``) checked against
    ``held``, each player's gold (every player, in seat order)."""
    players = night.players
    settled = night.totals
    gaps = {name: difference(held[name], settled[name]) for name in players}
    sum_zero = not exact(sum((gaps[name] for name in players), 0))  # (money sums exactly to 0)
    base = Reconciliation(held, settled, gaps, sum_zero, (), True, False, 0)
    if sum_zero and not any(gaps.values()):
        return base
    search = _Search(data, night, rules, held)
    found = list(search.exact(_targets(players, gaps, sum_zero)))
    if not found:
        return base._replace(explanations=tuple(search.nearest(gaps)), exact=False)
    fewest = len(found[0].edits)
    tied = sum(1 for one in found if len(one.edits) == fewest)
    if tied > 1:
        shown = found[: min(tied, AMBIGUOUS_SHOWN)]
        return base._replace(explanations=tuple(shown), ambiguous=True, more=tied - len(shown))
    return base._replace(explanations=tuple(found[:SHOWN]))


def _targets(
    players: tuple[str, ...], gaps: dict[str, Gold], sum_zero: bool
) -> list[tuple[tuple[Gold, ...], dict[str, Gold]]]:
    """The gaps to explain: the gaps themselves, or (held amounts that do not sum to 0) the gaps
    with each player's count in turn taken as off by what makes them sum to 0."""
    gap = tuple(gaps[name] for name in players)
    if sum_zero:
        return [(gap, {})]
    total = exact(sum(gap, 0))
    out = []
    for i, name in enumerate(players):
        fixed = gap[:i] + (difference(gap[i], total),) + gap[i + 1 :]
        out.append((fixed, {name: total}))
    return out


class _Search:
    def __init__(self, data: dict[str, Any], night: Night, rules: Rules, held: dict[str, Gold]):
        self.data, self.night, self.rules, self.held = data, night, rules, held
        self.edits, self.alike = _alike(Mistakes(data, night, rules).every())
        self.by_delta: defaultdict[tuple[Gold, ...], list[int]] = defaultdict(list)
        for i, edit in enumerate(self.edits):
            self.by_delta[edit.delta].append(i)

    def exact(
        self, targets: list[tuple[tuple[Gold, ...], dict[str, Gold]]]
    ) -> Iterator[Explanation]:
        """Every explanation that fits a target exactly, judged, the likeliest first."""
        tried: list[tuple[tuple[int, int, tuple[int, ...]], tuple[Edit, ...], dict[str, Gold]]]
        tried = []
        for gap, off in targets:
            if not any(gap):
                tried.append(((0, 0, ()), (), off))
                continue
            for edits in self._fitting(gap):
                tried.append((_likelihood(edits), edits, off))
                if len(tried) >= _TRIED:
                    break
        tried.sort(key=lambda one: one[0])
        for _, edits, off in tried:
            judged = self.judged(edits, off)
            if judged is not None:
                yield judged

    def _fitting(self, gap: tuple[Gold, ...]) -> Iterator[tuple[Edit, ...]]:
        edits, by_delta = self.edits, self.by_delta
        for i in by_delta.get(gap, ()):
            yield (edits[i],)
        for i, first in enumerate(edits):
            rest = tuple(difference(a, b) for a, b in zip(gap, first.delta, strict=True))
            for j in by_delta.get(rest, ()):
                if j >= i:
                    pair = self._two(i, j)
                    if pair is not None:
                        yield pair

    def _two(self, i: int, j: int) -> tuple[Edit, Edit] | None:
        """Edits ``i`` and ``j`` made together, each in a hand of its own: the same mistake twice
        (``i`` is ``j``) in two of the hands it could be; or, where the two are named by the same
        hand, one of them in another hand it could be; None when there is no such pair."""
        first, second = self.edits[i], self.edits[j]
        if first.kind == second.kind == "hand_missing":
            return (first, second) if i != j else None  # (two hands missing after the last)
        if i == j:
            if not first.also:
                return None
            ways = self.alike[i]
            return ways[first.hand]._replace(also=first.also[:-1]), ways[first.also[-1]]
        if first.hand != second.hand:
            return first, second
        moved = self._elsewhere(j, first.hand)
        if moved is not None:
            return first, moved
        moved = self._elsewhere(i, second.hand)
        return None if moved is None else (moved, second)

    def nearest(self, gaps: dict[str, Gold]) -> Iterator[Explanation]:
        """The single edits that leave the smallest gap (none fits exactly), the nearest first."""
        players = self.night.players
        gap = tuple(gaps[name] for name in players)

        def distance(edit: Edit) -> Decimal:
            return _size(difference(a, b) for a, b in zip(gap, edit.delta, strict=True))

        now = _size(gap)
        near = sorted(
            (edit for edit in self.edits if distance(edit) < now),
            key=lambda edit: (distance(edit), KINDS.index(edit.kind), edit.hand),
        )
        shown = 0
        for edit in near:
            judged = self.judged((edit,), {})
            if judged is not None:
                yield judged
                shown += 1
                if shown == SHOWN:
                    return

    def judged(self, edits: tuple[Edit, ...], off: dict[str, Gold]) -> Explanation | None:
        """The explanation, once the night with ``edits`` applied settles and the table accepts it
        (dealers named off the new rotation corrected, each an edit); None when it does not."""
        try:
            after = self._settled(edits)
            fixes = _dealers_named(self.data["hands"], edits, self.night, after)
            if fixes is None:
                return None
            if fixes:
                edits = (*edits, *fixes)
                after = self._settled(edits)
                if _dealers_named(self.data["hands"], edits, self.night, after):
                    return None
        except MeizhouError:
            return None
        totals = after.totals
        return Explanation(tuple(sorted(edits, key=lambda e: e.hand)), totals, off)

    def _settled(self, edits: tuple[Edit, ...]) -> Night:
        return settle_again(self.night, self.data, corrected(self.data, edits), self.rules)

    def _elsewhere(self, i: int, taken: int) -> Edit | None:
        """Edit ``i`` made in the latest other hand it could be than ``taken``, or None."""
        edit = self.edits[i]
        hands = [hand for hand in (*edit.also, edit.hand) if hand != taken]
        if not hands:
            return None
        return self.alike[i][hands[-1]]._replace(also=tuple(hands[:-1]))


def corrected(data: dict[str, Any], edits: Iterable[Edit]) -> dict[str, Any]:
    """The night's data with ``edits`` applied: each hand replaced or taken out, missing hands
    after the last."""
    changes, appended = changed_hands(edits, len(data["hands"]))
    hands = [changes.get(n, hand) for n, hand in enumerate(data["hands"], start=1)]
    return {**data, "hands": [hand for hand in hands if hand is not None] + appended}


def changed_hands(
    edits: Iterable[Edit], count: int
) -> tuple[dict[int, dict[str, Any] | None], list[dict[str, Any]]]:
    """The edits as hands: {number: the hand, or None where it is taken out}, and the hands to
    append after the last of ``count``."""
    changes: dict[int, dict[str, Any] | None] = {}
    appended: list[dict[str, Any]] = []
    for edit in edits:
        if edit.hand > count:
            assert edit.amend is not None, "a missing hand is a hand"
            appended.append(edit.amend)
        else:
            changes[edit.hand] = edit.amend
    return changes, appended


def _alike(edits: Iterable[Edit]) -> tuple[list[Edit], list[dict[int, Edit]]]:
    """Each mistake once: the same mistake in several hands, with the same gold, is one edit (of
    the last of them, the likeliest written in haste) naming the others (``also``); and for each,
    the mistake as made in each of its hands (a pair of edits may need it in two of them)."""
    kept: dict[tuple[Any, ...], Edit] = {}
    ways: dict[tuple[Any, ...], dict[int, Edit]] = defaultdict(dict)
    for edit in edits:
        key = edit.alike
        was = kept.get(key)
        kept[key] = edit if was is None else edit._replace(also=(*was.also, was.hand))
        ways[key][edit.hand] = edit
    return list(kept.values()), [ways[key] for key in kept]


def _size(amounts: Iterable[Gold]) -> Decimal:
    """How far from nothing a gap is: its amounts' sizes added, exactly."""
    total = Decimal(0)
    for amount in amounts:
        total = add(total, amount if amount >= 0 else negated(amount))
    return total


def _likelihood(edits: tuple[Edit, ...]) -> tuple[int, int, tuple[int, ...]]:
    """How an explanation ranks: fewer edits, then commoner mistakes, then later hands (the one
    written last is likelier the one written in haste)."""
    return len(edits), sum(KINDS.index(edit.kind) for edit in edits), tuple(-e.hand for e in edits)


def _dealers_named(
    hands: list[Any], edits: tuple[Edit, ...], before: Night, after: Night
) -> tuple[Edit, ...] | None:
    """The table's judgement of the corrected night: () when it accepts it; the "dealer" edits
    that make it acceptable when the only hands it upsets name a dealer off the new rotation;
    None when any other hand is disputed that was not (an edited hand must not be disputed)."""
    edited = {edit.hand for edit in edits}
    taken = sorted(edit.hand for edit in edits if edit.amend is None and edit.hand <= len(hands))
    fixes = []
    number = 0  # the hand in the night as recorded that after's hand stands for
    for settled in after.hands:
        number += 1
        while number in taken:
            number += 1
        if not settled.disputed:
            continue
        was = before.hands[number - 1] if number <= len(hands) else None
        if number not in edited and was is not None and was.disputed:
            continue  # disputed before, written so on purpose
        only_dealer = settled.valid and not settled.claim_differences and settled.dealer_expected
        if not only_dealer or number in edited or number > len(hands):
            return None
        hand = hands[number - 1]
        named = hand.get("dealer")
        amend = {**hand, "dealer": settled.dealer_expected}
        fixes.append(Edit(number, "dealer", named, settled.dealer_expected, amend, (0, 0, 0, 0)))
    return tuple(fixes)
