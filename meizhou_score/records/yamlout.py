"""Writing records as YAML (寫檔) that reads back exactly as meant: names stay text,
numbers stay exact.

``record`` writes a hand as the few lines of YAML appended to the night's file,
in the layout people write by hand: names plain where YAML reads them back as
the same text, tiles and claims on one line, kongs a list. Whether a name
must be quoted is decided by PyYAML's own representer and resolver (the rules
the loader reads by), so ``0x1F``, ``2026-01-01``, ``yes``, ``~``, ``1_000``
and ``.inf`` are written quoted and read back as the names they are; so is what
YAML 1.2 readers (js-yaml, editors) take for a number where PyYAML does not:
``1e3``, ``0o17``, ``-.5``.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any


def scalar(value: Any) -> str:
    """One value as YAML text inside a flow collection: plain where YAML reads it back unchanged,
    else quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return _decimal(value)
    import yaml

    written = yaml.dump(
        [str(value)],
        Dumper=yaml.SafeDumper,
        default_flow_style=True,
        allow_unicode=True,
        width=1 << 30,
    )
    item = written[1:-2]  # "[Mei]\n" or "['0x1F']\n": the one item, as the emitter wrote it
    if YAML12_NUMBER.fullmatch(item):  # plain to PyYAML (YAML 1.1), a number to js-yaml
        return "'" + item + "'"
    return item


# YAML 1.2's core schema (js-yaml 4), with the underscores js-yaml also reads: the numbers a plain
# scalar may be read as, beside YAML 1.1's (PyYAML's resolver already quotes those)
YAML12_NUMBER = re.compile(
    r"[-+]?(\.[0-9_]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?"
    r"|[-+]?0o[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?0b[01_]+"
    r"|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)"
)


def _decimal(value: Decimal) -> str:
    """An exact number as written in a file: every digit, no exponent."""
    return format(value, "f")


def _flow(mapping: dict[str, Any]) -> str:
    parts = []
    for key, value in mapping.items():
        if isinstance(value, list):
            value = "[" + ", ".join(scalar(v) for v in value) + "]"
        elif isinstance(value, dict):
            value = _flow(value)
        else:
            value = scalar(value)
        parts.append(f"{scalar(key)}: {value}")
    return "{" + ", ".join(parts) + "}"


def _lines(mapping: dict[str, Any]) -> list[str]:
    """Each key of a record or hand as YAML lines: names plain, tiles and claims on one line,
    kongs a list."""
    lines = []
    for key, value in mapping.items():
        if key == "players":
            lines.append("players: [" + ", ".join(scalar(p) for p in value) + "]")
        elif key == "rules":
            lines.append(
                "rules: " + json.dumps(value, ensure_ascii=False)
            )  # JSON is YAML's flow style
        elif key in ("hand", "claimed"):
            lines.append(f"{key}: {_flow(value)}")
        elif key == "kongs":
            lines.append("kongs:")
            lines += [f"  - {_flow(k)}" for k in value]
        else:
            lines.append(f"{key}: {scalar(value)}")
    return lines


def hand_yaml(hand: dict[str, Any], indent: int = 2, newline: str = "\n") -> str:
    """One hand as a block-sequence item of ``hands:`` (docs/formats.md, the session),
    dash at column ``indent``."""
    first, *rest = _lines(hand)
    pad = " " * (indent + 2)
    return " " * indent + "- " + first + newline + "".join(pad + line + newline for line in rest)


def session_yaml(
    players: list[str],
    stake: Decimal,
    rules: dict[str, Any] | None,
    date: str | None,
    newline: str = "\n",
    lang: str = "en",
    comments: list[str] | None = None,
) -> str:
    """The head of a new session file, up to ``hands:``: its comment lines (``comments``, or the
    two that say what the file is, in the player's language ``lang``), then the table."""
    lines = list(comments) if comments is not None else _said(("file_night", "file_kept"), lang)
    if date:  # quoted: a plain 2026-11-19 is a date to YAML 1.1 readers (PyYAML, js-yaml), not text
        lines.append(f"date: {scalar(str(date))}")
    lines += _lines({"players": players, "stake": stake, **({"rules": rules} if rules else {})})
    lines.append("hands:")
    return newline.join(lines) + newline


def record_yaml(record: dict[str, Any], newline: str = "\n", lang: str = "en") -> str:
    """A single hand record (``record -o``): a comment in the player's language ``lang``, the
    table's keys, then the hand's."""
    lines = [*_said(("file_hand",), lang), *_lines(record)]
    return newline.join(lines) + newline


def _said(keys: tuple[str, ...], lang: str) -> list[str]:
    """The comment lines ``keys`` of the words catalog in ``lang``, each made a comment here: the
    catalog holds the words, this writer the ``#`` (so that no language's words can be YAML)."""
    from ..i18n.words import phrase

    return [f"# {line}" for key in keys for line in phrase(key, lang).split("\n")]
