"""The ``check`` command: is a hand a win, how it reads, and what it waits on (聽牌)."""

from __future__ import annotations

from . import hand as core
from .errors import TileError
from .patterns import best
from .rules import Rules
from .tiles import COPIES, TILES, format_indices, parse_indices


def _meld(text: str, size: int, concealed: bool, what: str) -> core.Block:
    tiles = parse_indices(text)
    if len(tiles) == 1:
        tiles = tiles * size
    if len(tiles) != size or len(set(tiles)) != 1:
        raise TileError(f"a {what} is {size} identical tiles; got {text!r}")
    return core.KONGS[concealed][tiles[0]] if size == 4 else core.EXPOSED_PUNGS[tiles[0]]


def analyse(tiles: str, pungs: tuple[str, ...] = (), kongs: tuple[str, ...] = (), rules: Rules | None = None,
            concealed_kongs: tuple[str, ...] = ()) -> dict:
    """14 tiles (melds included): win, readings, patterns. 13 tiles: the waits and what each scores."""
    rules = rules or Rules()
    concealed = parse_indices(tiles)
    melds = tuple([_meld(p, 3, False, "pung") for p in pungs]
                  + [_meld(k, 4, False, "kong") for k in kongs]
                  + [_meld(k, 4, True, "concealed kong") for k in concealed_kongs])
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    every = counts[:]
    for block in melds:
        for t in block.indices:
            every[t] += 1
    for t, n in enumerate(every):
        if n > COPIES:
            raise TileError(f"{n} copies of {TILES[t]}; there are only four of each tile")
    size = len(concealed) + 3 * len(melds)
    out = {"tiles": format_indices(concealed), "count": size}
    if size == 14:
        score, found = _score(counts, every, melds, rules)
        out.update(win=score is not None, patterns=list(score.patterns) if score else [],
                   ratio=score.ratio if score else 0, decompositions=[r.notation() for r in found])
        if score:
            out["reading"] = score.reading.notation()
        return out
    if size == 13:
        waits = []
        for t in core.waits_counts(counts, rules.seven_pairs, rules.thirteen_orphans):
            if every[t] >= COPIES:
                continue
            counts[t] += 1
            every[t] += 1
            score, _ = _score(counts, every, melds, rules)
            counts[t] -= 1
            every[t] -= 1
            if score:
                waits.append({"tile": str(TILES[t]), "patterns": list(score.patterns), "ratio": score.ratio})
        out.update(win=False, waits=waits)
        return out
    raise TileError(f"expected 13 or 14 tiles counting each pung and kong as 3; got {size}")


def _score(counts, every, melds, rules: Rules):
    found = core.readings(counts, melds, rules.seven_pairs, rules.thirteen_orphans)
    return best(found, every, dict(rules.patterns), rules.combine), found
