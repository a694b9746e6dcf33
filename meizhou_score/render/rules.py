"""The house rules in force as text (the ``rules`` command), made from the rows of records/rules.py.

In English a pattern or a rule is named by the id a rules file uses; in Chinese by the player's
words, with the id in a column of its own (and left out on a narrow screen), values and lists in
Chinese, joined with 「、」.
"""

from __future__ import annotations

from ..engine.patterns import BY_ID, PATTERNS
from ..i18n.words import WORDS
from ..records import rules as house
from .columns import width, wrap


def _listed(items: list[str], cells: int) -> str:
    """Chinese items joined with 「、」 in lines of at most ``cells``, broken between items
    only."""
    lines = [""]
    for n, item in enumerate(items):
        piece = item + ("、" if n < len(items) - 1 else "")
        if lines[-1] and width(lines[-1] + piece) > cells:
            lines.append("")
        lines[-1] += piece
    return "\n".join(lines)


def _supersedes(pid: str, lang: str) -> str:
    """The patterns ``pid`` takes the place of, as ids in English and names in Chinese."""
    ids = BY_ID[pid].supersedes
    if lang == "en":
        return ", ".join(ids)
    return "、".join(_name(i, lang) for i in ids)


def _name(pid: str, lang: str) -> str:
    """A pattern's name in ``lang``; the English table shows it in its column 中文, in
    Traditional."""
    return WORDS["zh-Hant" if lang == "en" else lang][f"pattern_{pid}"]


def _settings(rules) -> list[tuple[house.Row, object]]:
    """Every rule but the pattern table, with its value in force."""
    data = rules.as_dict()
    return [(r, data[r.key]) for r in house.ROWS if r.key != "patterns"]


def rules_text(rules, lang: str = "en", cells: int | None = None) -> str:
    """The effective house rules as two tables, patterns then payments, wrapped to fit 80 columns;
    on a screen narrower than that (``cells``), a pattern a line and each rule over its meaning."""
    from tabulate import tabulate

    if cells is not None and cells < 80:
        return _rules_narrow(rules, lang, cells)
    w = WORDS[lang]
    english = lang == "en"
    rows = []
    for p in PATTERNS:
        name, ratio = _name(p.id, lang), rules.patterns[p.id]
        replaces = _supersedes(p.id, lang) or "—"
        if english:
            rows.append([p.id, name, ratio, replaces])
        else:
            rows.append([name, ratio, _listed(replaces.split("、"), 20), p.id])
    out = [
        tabulate(
            rows,
            headers=w["rules_pattern_headers"].split("|"),
            tablefmt="simple",
            colalign=("left", "left", "right", "left") if english else ("left", "right", "left"),
            maxcolwidths=[None, None, None, 26] if english else None,
        )
    ]
    rows = []
    for r, value in _settings(rules):
        said, meaning = house.shown(r, value, lang), house.description(r, lang)
        if english:
            rows.append([r.key, said, r.ruling, meaning])
        else:
            rows.append([wrap(meaning, 30), _listed(said.split("、"), 16), r.ruling, r.key])
    # wrapped so that the whole table fits the screen (80 columns when it is not a terminal)
    out.append(
        tabulate(
            rows,
            headers=w["rules_headers"].split("|"),
            tablefmt="simple",
            disable_numparse=True,
            maxcolwidths=[None, 12, None, 32] if english else None,
        )
    )
    return "\n\n".join(out)


def _rules_narrow(rules, lang: str, cells: int) -> str:
    """The house rules on a narrow screen: a pattern a line, then each rule and its value over its
    meaning (English), or its meaning over its value (Chinese, without ids)."""
    w = WORDS[lang]
    english = lang == "en"
    lines = [w["rules_patterns_title"]]
    for p in PATTERNS:
        name = _name(p.id, lang)
        lines.append(
            f"  {p.id} {name} ×{rules.patterns[p.id]}"
            if english
            else f"  {name} ×{rules.patterns[p.id]}"
        )
        if p.supersedes:
            replaces = w["rules_supersedes"].format(ids=_supersedes(p.id, lang))
            lines.append(wrap("    " + replaces, cells, "      "))
    lines += ["", w["rules_payments_title"]]
    for r, value in _settings(rules):
        said, meaning = house.shown(r, value, lang), house.description(r, lang)
        now = w["rules_now"].format(key=r.key, value=said, ruling=r.ruling)
        if english:
            lines.append(wrap(f"  {now}", cells, "      "))
            lines.append(wrap("    " + meaning, cells, "    "))
        else:
            lines.append(wrap("  " + meaning, cells, "    "))
            lines.append(wrap("    " + now, cells, "      "))
    return "\n".join(lines)


def rules_markdown() -> str:
    """The table of house rules docs/rules.md shows (a test keeps the two the same)."""
    lines = [
        "| key | default | values | ruling | what it changes | 中文 |",
        "|---|---|---|---|---|---|",
    ]
    for r in house.ROWS:
        if r.kind == "counts" and r.key == "patterns":  # the pattern table above lists them
            default, values = "the table's ratios", "a whole number 0–1,000,000 per pattern id"
        elif r.kind == "counts":
            default = "{" + ", ".join(f"{k}: {v}" for k, v in r.default.items()) + "}"
            values = "a whole number 0–1,000,000 for each of: " + ", ".join(
                f"`{c.id}` {c.chinese}" for c in r.choices
            )
        elif r.kind == "choice":
            default = r.default
            values = " \\| ".join(f"`{c.id}` {c.chinese}" for c in r.choices)
        else:
            default = "3 × self_draw_share" if r.default is None else r.default
            values = "a whole number 0–1,000,000"
        shown = default if r.key == "patterns" else f"`{default}`"
        lines.append(f"| `{r.key}` | {shown} | {values} | {r.ruling} | {r.english} | {r.chinese} |")
    return "\n".join(lines) + "\n"
