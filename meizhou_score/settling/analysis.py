"""The ``check`` command's analysis: is a hand a win, how it reads, and what it waits on
(聽牌)."""

from __future__ import annotations

from typing import Any

from ..engine import hand as core
from ..engine.hand import Shape, shape, with_tile
from ..engine.patterns import score
from ..engine.tiles import COPIES, KINDS, TILES, format_indices, parse_counted
from ..errors import TileError
from ..i18n.messages import Message, msg
from ..records.rules import DEFAULT_RULES, Rules
from ..records.tally import fifth_copy, hand_size, tally


def _meld(text: str, size: int, concealed: bool, what: Message) -> core.Block:
    tiles = parse_counted(text)[0]
    if len(tiles) == 1:
        tiles = tiles * size
    if len(tiles) != size or len(set(tiles)) != 1:
        raise TileError(
            msg("{what} is {size} identical tiles; got {text!r}", what=what, size=size, text=text)
        )
    return core.KONGS[concealed][tiles[0]] if size == 4 else core.EXPOSED_PUNGS[tiles[0]]


def analyse(
    tiles: str,
    pungs: tuple[str, ...] = (),
    kongs: tuple[str, ...] = (),
    rules: Rules | None = None,
    concealed_kongs: tuple[str, ...] = (),
) -> dict[str, Any]:
    """14 tiles (melds included): win, readings, patterns. 13 tiles: the waits and what each
    scores."""
    melds = tuple(
        [_meld(p, 3, False, msg("a pung")) for p in pungs]
        + [_meld(k, 4, False, msg("a kong")) for k in kongs]
        + [_meld(k, 4, True, msg("a concealed kong")) for k in concealed_kongs]
    )
    indices, counts = parse_counted(tiles)
    held = (
        [0] * KINDS
    )  # the true count of each tile (the 34 counts stop at 255: 2,000 copies are still too many)
    for tile in indices:
        held[tile] += 1
    every = tally(
        held,
        [m.tile for m in melds if m.kind == "pung"],
        [m.tile for m in melds if m.kind == "kong"],
    )
    over = fifth_copy(every)
    if over is not None:
        raise TileError(
            msg(
                "{count} copies of {tile}; there are only four of each tile",
                count=every[over],
                tile=str(TILES[over]),
            )
        )
    return analyse_shape(shape(counts, melds), rules or DEFAULT_RULES, format_indices(indices))


def analyse_shape(hand: Shape, rules: Rules, written: str | None = None) -> dict[str, Any]:
    """:func:`analyse` of a hand already counted."""
    over = fifth_copy(hand.every)
    if over is not None:
        raise TileError(
            msg(
                "{count} copies of {tile}; there are only four of each tile",
                count=hand.every[over],
                tile=str(TILES[over]),
            )
        )
    size = hand_size(sum(hand.concealed), len(hand.melds))
    if written is None:
        written = format_indices(i for i, n in enumerate(hand.concealed) for _ in range(n))
    out = {"tiles": written, "count": size}
    if hand.melds:  # the pungs and kongs laid down, as check was given them
        out["melds"] = [
            {
                "kind": "concealed_kong" if m.kind == "kong" and m.concealed else m.kind,
                "tiles": format_indices(m.indices),
            }
            for m in hand.melds
        ]
    if size == 14:
        found, readings = score(hand, rules)
        out.update(
            win=found is not None,
            patterns=list(found.patterns) if found else [],
            ratio=found.ratio if found else 0,
            decompositions=[r.notation() for r in readings],
        )
        if found:
            out["reading"] = found.reading.notation()
        else:
            out.update(_discards(hand, rules))
        return out
    if size == 13:
        waits = []
        for t in core.waits_counts(hand.concealed, rules.seven_pairs, rules.thirteen_orphans):
            if hand.every[t] >= COPIES:
                continue
            found, _ = score(with_tile(hand, t), rules)
            if found:
                waits.append(
                    {"tile": str(TILES[t]), "patterns": list(found.patterns), "ratio": found.ratio}
                )
        out.update(win=False, waits=waits)
        if not waits:
            out.update(_useful(hand, rules))
        return out
    raise TileError(
        msg("expected 13 or 14 tiles counting each pung and kong as 3; got {size}", size=size)
    )


def _useful(hand: Shape, rules: Rules) -> dict[str, Any]:
    """13 tiles that wait on nothing: how far they are (向聽) and the tiles that would help."""
    from ..engine import distance

    tiles, left, now = distance.useful(hand.concealed, len(hand.melds), hand.every, rules)
    return {"shanten": now, "useful": [str(TILES[t]) for t in tiles], "count_useful": left}


def _discards(hand: Shape, rules: Rules) -> dict[str, Any]:
    """14 tiles that do not win: the discards that leave them closest, and that shanten (向聽)."""
    from ..engine import distance

    discards = distance.best_discards(hand.concealed, len(hand.melds), hand.every, rules)
    return {
        "shanten": discards[0].shanten,
        "discards": [
            {
                "tile": str(TILES[d.tile]),
                "shanten": d.shanten,
                "useful": [str(TILES[t]) for t in d.useful],
                "count": d.count,
            }
            for d in discards
        ],
    }
