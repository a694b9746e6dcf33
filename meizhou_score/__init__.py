"""meizhou-score: settle and check the gold payouts of Meizhou (梅州, Hakka) mahjong.

The public API (README, “The same is a Python library”)::

    from meizhou_score import parse_tiles, is_win, waits, settle, load_record

    is_win("123m456m789m123p55s")            # True
    waits("1112345678999m")                   # ['1m', '2m', ..., '9m']
    settle(load_record("examples/robbed-kong.yaml"))

Modules are imported on first use so that ``meizhou-score --help`` stays fast.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

    from .engine.tiles import Tile, parse_tiles
    from .errors import MeizhouError, RecordError, RulesError, TileError

_LAZY = {
    "Tile": "engine.tiles",
    "parse_tiles": "engine.tiles",
    "MeizhouError": "errors",
    "RecordError": "errors",
    "RulesError": "errors",
    "TileError": "errors",
}

__version__ = "0.1.0"
__all__ = [
    "MeizhouError",
    "RecordError",
    "RulesError",
    "TileError",
    "Tile",
    "parse_tiles",
    "is_win",
    "waits",
    "settle",
    "load_record",
    "load_rules",
    "analyse",
]


def __getattr__(name: str) -> Any:
    """The classes and ``parse_tiles`` on first use: importing the package imports nothing (not even
    ``typing``), so that ``python -m meizhou_score`` handles Ctrl-C (``__main__``) at once."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _counts(tiles: str | Iterable[Tile]) -> bytes:
    """Tiles → the hot core's 34 counts (a count above 255 reads as 255: still too many)."""
    from .engine.tiles import parse_counted

    if isinstance(tiles, str):
        return parse_counted(tiles)[1]
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return bytes(min(n, 255) for n in counts)


def _rules(rules: Any):
    from .records.rules import DEFAULT_RULES, Rules

    if rules is None:
        return DEFAULT_RULES
    return rules if isinstance(rules, Rules) else DEFAULT_RULES.override(rules)


def is_win(tiles: str | Iterable[Tile], rules: Any = None) -> bool:
    """胡牌: do these 14 concealed tiles win (pair + four sets, seven pairs, thirteen orphans)?

    With house ``rules``, under those rules: a shape a table does not play, or a hand whose every
    pattern a table prices at 0, does not win.
    """
    from .engine.hand import is_win_counts, shape
    from .engine.patterns import score

    counts = _counts(tiles)
    if max(counts) > 4:
        return False
    if rules is None:
        return is_win_counts(counts)
    return score(shape(counts), _rules(rules))[0] is not None


def waits(tiles: str | Iterable[Tile], rules: Any = None) -> list[str]:
    """聽牌: the tiles that complete these 13 concealed tiles, in tile order (under house
    ``rules``, if given)."""
    from .engine.hand import shape, waits_counts, with_tile
    from .engine.patterns import score
    from .engine.tiles import TILES

    counts = _counts(tiles)
    if rules is None:
        return [str(TILES[i]) for i in waits_counts(counts)]
    rules = _rules(rules)
    hand = shape(counts)
    return [
        str(TILES[i])
        for i in waits_counts(counts, rules.seven_pairs, rules.thirteen_orphans)
        if score(with_tile(hand, i), rules)[0] is not None
    ]


def analyse(
    tiles: str, pungs: Iterable[str] = (), kongs: Iterable[str] = (), rules: Any = None
) -> dict:
    """The ``check`` command's object (the JSON of ``settle --format json``): win,
    readings and patterns, or waits."""
    from .settling.analysis import analyse as _analyse

    return _analyse(tiles, tuple(pungs), tuple(kongs), _rules(rules))


def load_record(
    path: str, max_record_bytes: int | None = None, max_session_bytes: int | None = None
) -> Any:
    """Read a hand record or session YAML file (``-``: standard input) with a safe loader.

    Files over 1 MiB (a session: 4 MiB) are refused unless the limits are raised.
    """
    from .records.loader import DEFAULT_LIMITS
    from .records.loader import load_record as _load

    limits = DEFAULT_LIMITS._replace(
        **{
            field: value
            for field, value in (
                ("record_bytes", max_record_bytes),
                ("session_bytes", max_session_bytes),
            )
            if value is not None
        }
    )
    return _load(path, limits)


def load_rules(path: str, base: Any = None):
    """Read a house-rules YAML file (docs/rules.md, “House rules”) over ``base`` (the
    defaults)."""
    from .errors import RecordError
    from .records.loader import load_record as _load

    data = _load(path)
    try:
        return _rules(base).override(data, "")
    except RecordError as exc:
        raise exc.with_source(path) from None


def settle(record: Mapping[str, Any], rules: Any = None) -> dict:
    """Settle a hand record or a session (already parsed data) into the JSON object
    ``settle --format json`` prints.

    ``rules`` (a :class:`~meizhou_score.rules.Rules` or a house-rules mapping)
    come before the record's own ``rules:``. Raises :class:`RecordError` on a
    bad record.
    """
    from .render.jsonout import night_json
    from .settling.night import settle_data

    return night_json(settle_data(record, _rules(rules)))
