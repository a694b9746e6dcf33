"""The house rules in force as text (the ``rules`` command), made from the rows of records/rules.py.

In English a pattern or a rule is named by the id a rules file uses; in Chinese by the player's
words, with the id in a column of its own (and left out on a narrow screen), values and lists in
Chinese. Which way a language goes, and its separators, its :class:`~..i18n.language.Language`
says.
"""

from __future__ import annotations

from ..engine.patterns import BY_ID, PATTERNS
from ..i18n.language import Language, language
from ..i18n.words import WORDS
from ..records import rules as house
from .columns import width, wrap


def _listed(items: list[str], cells: int, sep: str) -> str:
    """Items joined with ``sep`` (the language's list separator) in lines of at most ``cells``,
    broken between items only."""
    lines = [""]
    for n, item in enumerate(items):
        piece = item + (sep if n < len(items) - 1 else "")
        if lines[-1] and width(lines[-1] + piece) > cells:
            lines.append("")
        lines[-1] += piece
    return "\n".join(lines)


def _supersedes(pid: str, spoken: Language) -> list[str]:
    """The patterns ``pid`` takes the place of: by id where the language names patterns by id,
    else by name."""
    ids = BY_ID[pid].supersedes
    return list(ids) if spoken.by_id else [_name(i, spoken) for i in ids]


def _name(pid: str, spoken: Language) -> str:
    """A pattern's name: in its gloss language where the language names patterns by id (English's
    column 中文, in Traditional), else in its own."""
    return WORDS[spoken.gloss if spoken.by_id else spoken.code][f"pattern_{pid}"]


def _settings(rules: house.Rules) -> list[tuple[house.Row, object]]:
    """Every rule but the pattern table, with its value in force."""
    data = rules.as_dict()
    return [(r, data[r.key]) for r in house.ROWS if r.key != "patterns"]


def rules_text(rules: house.Rules, lang: str = "en", cells: int | None = None) -> str:
    """The effective house rules as two tables, patterns then payments, wrapped to fit 80 columns;
    on a screen narrower than that (``cells``), a pattern a line and each rule over its meaning."""
    from tabulate import tabulate

    if cells is not None and cells < 80:
        return _rules_narrow(rules, lang, cells)
    w, spoken = WORDS[lang], language(lang)
    by_id, sep = spoken.by_id, spoken.list_sep
    rows = []
    for p in PATTERNS:
        name, ratio = _name(p.id, spoken), rules.patterns[p.id]
        replaces = _supersedes(p.id, spoken)
        if by_id:
            rows.append([p.id, name, ratio, sep.join(replaces) or "—"])
        else:
            rows.append([name, ratio, _listed(replaces or ["—"], 20, sep), p.id])
    out = [
        tabulate(
            rows,
            headers=w["rules_pattern_headers"].split("|"),
            tablefmt="simple",
            colalign=("left", "left", "right", "left") if by_id else ("left", "right", "left"),
            maxcolwidths=[None, None, None, 26] if by_id else None,
        )
    ]
    rows = []
    for r, value in _settings(rules):
        said, meaning = house.shown(r, value, lang), house.description(r, lang)
        if by_id:
            rows.append([r.key, said, r.ruling, meaning])
        else:
            rows.append(
                [
                    wrap(meaning, 30, phrases=True),
                    _listed(said.split(sep), 16, sep),
                    r.ruling,
                    r.key,
                ]
            )
    # wrapped so that the whole table fits the screen (80 columns when it is not a terminal)
    out.append(
        tabulate(
            rows,
            headers=w["rules_headers"].split("|"),
            tablefmt="simple",
            disable_numparse=True,
            maxcolwidths=[None, 12, None, 32] if by_id else None,
        )
    )
    return "\n\n".join(out)


def _rules_narrow(rules: house.Rules, lang: str, cells: int) -> str:
    """The house rules on a narrow screen: a pattern a line, then each rule and its value over its
    meaning (by id, as English), or its meaning over its value (by name, as Chinese, without
    ids)."""
    w, spoken = WORDS[lang], language(lang)
    lines = [w["rules_patterns_title"]]
    for p in PATTERNS:
        name = _name(p.id, spoken)
        lines.append(
            f"  {p.id} {name} ×{rules.patterns[p.id]}"
            if spoken.by_id
            else f"  {name} ×{rules.patterns[p.id]}"
        )
        if p.supersedes:
            replaces = w["rules_supersedes"].format(ids=spoken.join(_supersedes(p.id, spoken)))
            lines.append(wrap("    " + replaces, cells, "      "))
    lines += ["", w["rules_payments_title"]]
    for r, value in _settings(rules):
        said, meaning = house.shown(r, value, lang), house.description(r, lang)
        now = w["rules_now"].format(key=r.key, value=said, ruling=r.ruling)
        if spoken.by_id:
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
