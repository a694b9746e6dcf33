"""A line chart (走勢圖) of running balances as self-contained SVG: no script, no other file.

One line a player, each with its own dash pattern and marker so that it reads in
black and white; a zero line; a value axis of round ticks (1, 2 or 5 × 10ⁿ, at
least three of them); as many of the period's labels along the bottom as fit
side by side (measured; on two rows taking turns where that shows every one, else thinned
evenly, the last always shown; a date's year said once); each player's name and total at
the end of their line, after a key drawn with that line's dash and marker, moved apart
(with a leader line) where they would overlap — players with equal totals get a line each,
so that every line is named even where several end at one value — a name too long for its
room cut with an ellipsis (the total always kept); the drawing grows taller where the
names need it. Drawn 390 units
wide with 14-unit text, so that on a phone the text reads at 14 px at 390 px and
11.5 at 320. Light or dark as the viewer's colour scheme says (a style sheet of
our own inside the drawing; the colours as attributes where no CSS applies).
Chinese names render with the fonts the viewer has
(a CJK family is named first). Everything a player wrote is escaped for XML
text and attributes alike (quotes included). Written by hand rather than with a
plotting library: a line chart is a few dozen SVG elements, and matplotlib would
cost a serve or settle start-up several hundred milliseconds and tens of
megabytes of install for them.
"""

from __future__ import annotations

import unicodedata
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

WIDTH, HEIGHT = 390, 300
# margins: the values at left (at least 36, wider for wider values), the title on top, labels below
LEFT, TOP, BOTTOM = 36, 34, 34
FONT_SIZE = 14  # units of the drawing: 14 px on a 390 px wide chart, 11.5 px at 320
LINE = 16  # the least distance between two end labels
KEY = 18  # the key before an end label: a piece of the line, its marker in the middle
GAP = 8  # the least room between two labels along the bottom
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 5")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "ring")
_SC = "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei'"
_TC = "'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei'"
# each script's own glyph shapes first: 简体 drawn in a Simplified font,
# 繁體 in a Traditional one
FONTS = {
    "zh-Hans": f"{_SC}, {_TC}, system-ui, sans-serif",
    "zh-Hant": f"{_TC}, {_SC}, system-ui, sans-serif",
    "en": f"system-ui, {_TC}, {_SC}, sans-serif",
}
# dark: the page's own colours (page.css); light is the attributes' black on white
STYLE = (
    "<style>@media (prefers-color-scheme: dark) {"
    " .bg { fill: #161513 } .ink, .end { fill: #ece9df } .soft, .tick { fill: #c8c2b7 }"
    " .grid { stroke: #4a463f } .zero, .line, .cross { stroke: #ece9df } .mk { fill: #ece9df }"
    " .hollow { fill: #161513; stroke: #ece9df } .leader { stroke: #b8b2a7 } }</style>"
)
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}


def xml(text: object) -> str:
    """``text`` made safe for XML text and for a quoted attribute alike: & < > " ' escaped."""
    return "".join(_ENTITIES.get(c, c) for c in str(text))


def line_chart(
    title: str, labels: list[str], series: dict[str, list[Decimal | int]], lang: str = "en"
) -> str:
    """``series``: each player's running balance at each of ``labels`` (the same length); the
    words in ``lang``, drawn in that script's fonts first.

    The SVG, as text."""
    values = [Decimal(v) for points in series.values() for v in points] + [Decimal(0)]
    ticks = nice_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    left = max(LEFT, round(max(_width(_plain(t)) for t in ticks)) + 14)  # room for the values
    room = WIDTH // 2 - KEY - 26  # a name's room: half the drawing, less its key
    ends = [(value, n, _fit(text, room)) for value, n, text in end_labels(series)]
    label_w = max([_width(text) for _, _, text in ends] or [0])
    right = min(max(label_w + KEY + 26, 48), WIDTH // 2)  # the names' room at the right
    plot_w = WIDTH - left - right
    count = max(len(labels), 1)

    def x(i: int) -> float:
        return left + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    shown = bottom_labels(labels, [x(i) for i in range(len(labels))])
    bottom = BOTTOM + LINE * max([row for *_, row in shown] or [0])  # a second row of labels
    height = max(HEIGHT, TOP + BOTTOM + LINE * (len(ends) - 1)) + bottom - BOTTOM
    plot_h = height - TOP - bottom  # a line for every name

    def y(v: Decimal | int) -> float:
        return TOP + float((high - Decimal(v)) / (high - low)) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" '
        f'role="img" font-family="{FONTS.get(lang, FONTS["en"])}" font-size="{FONT_SIZE}">',
        f"<title>{xml(title)}</title>",
        STYLE,
        f'<rect class="bg" width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text class="ink" x="8" y="20" font-size="16" font-weight="bold" fill="#000">'
        f"{xml(title)}</text>",
    ]
    for value in ticks:  # the value axis
        out.append(
            f'<text class="tick" x="{left - 9}" y="{y(value) + 5:.1f}" text-anchor="end" '
            f'fill="#333">{_plain(value)}</text>'
        )
        out.append(
            f'<line class="grid" x1="{left}" x2="{left + plot_w}" y1="{y(value):.1f}" '
            f'y2="{y(value):.1f}" stroke="#d4d4d4"/>'
        )
    out.append(
        f'<line class="zero" x1="{left}" x2="{left + plot_w}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
        f'stroke="#000" stroke-width="1.2" stroke-dasharray="3 3"/>'
    )
    for i, label, at, row in shown:
        out.append(
            f'<line class="grid" x1="{x(i):.1f}" x2="{x(i):.1f}" y1="{height - bottom}" '
            f'y2="{height - bottom + 5 + LINE * row}" stroke="#d4d4d4"/>'
        )
        out.append(
            f'<text class="soft" x="{at:.1f}" y="{height - bottom + 20 + LINE * row}" '
            f'text-anchor="middle" '
            f'fill="#333">{xml(label)}</text>'
        )
    for n, (name, points) in enumerate(series.items()):
        coords = [(x(i), y(v)) for i, v in enumerate(points)]
        d = " ".join(
            f"{'M' if i == 0 else 'L'}{cx:.1f},{cy:.1f}" for i, (cx, cy) in enumerate(coords)
        )
        dash, marker = _style(n)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        last = points[-1] if points else 0
        out.append(
            f'<path class="line" d="{d}" fill="none" stroke="#000" stroke-width="2"{dashed} '
            f'data-player="{xml(name)}" data-last="{xml(last)}"/>'
        )
        out += [_marker(marker, cx, cy) for cx, cy in coords]
    x_end = left + plot_w
    wanted = [y(value) + LINE * shift for value, shift, _ in _stacked(ends)]
    names = list(series)
    for (value, n, text), at in zip(ends, spread(wanted, TOP, height - bottom), strict=True):
        end = y(value)  # where the line ends; its label sits at ``at``
        if abs(at - end) > 1:  # moved away from its line: a leader line back to it
            out.append(
                f'<path class="leader" d="M{x_end + 2:.1f},{end:.1f} L{x_end + 10:.1f},{at:.1f}" '
                f'fill="none" stroke="#555" stroke-width="1"/>'
            )
        out.append(_key(n, names[n], x_end + 12, at))
        out.append(
            f'<text class="end" x="{x_end + KEY + 16}" y="{at + 5:.1f}" fill="#000" '
            f'data-player="{xml(names[n])}" data-value="{xml(value)}">{xml(text)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def nice_ticks(low: Decimal, high: Decimal) -> list[Decimal]:
    """Round values (1, 2 or 5 × 10ⁿ apart) covering ``low``..``high``: at least three, at most
    six.

    The axis runs from the first to the last; a range that is all zero is drawn over −1..1."""
    low, high = Decimal(low), Decimal(high)
    if low == high:
        zero = Decimal(0)
        low, high = min(low, zero) - 1, max(high, zero) + 1
    span = high - low
    step = Decimal(10) ** (span.adjusted() - 1)  # a tenth of the span's order of magnitude
    factors = (Decimal(1), Decimal(2), Decimal(5))
    while True:
        for factor in factors:
            size = step * factor
            first = (low / size).to_integral_value(rounding=ROUND_FLOOR)
            last = (high / size).to_integral_value(rounding=ROUND_CEILING)
            if last - first <= 5:  # at most six ticks: the first step that fits
                return [_clean(k * size) for k in range(int(first), int(last) + 1)]
        step *= 10


def end_labels(series: dict[str, list[Decimal | int]]) -> list[tuple[Decimal, int, str]]:
    """(the final total, the player's place in ``series``, the label "Mei +40") for each player,
    highest total first; players who end equal keep their order in ``series``, one after
    another, each named (a label shared by several hid names behind "…")."""
    ends = [
        (Decimal(points[-1]), n, name) for n, (name, points) in enumerate(series.items()) if points
    ]
    return [
        (value, n, f"{name} {_signed(value)}")
        for value, n, name in sorted(ends, key=lambda end: (-end[0], end[1]))
    ]


def bottom_labels(labels: list[str], xs: list[float]) -> list[tuple[int, str, float, int]]:
    """The labels along the bottom that fit side by side: (index, text, where its middle is, its
    row), every ``k``-th counted back from the last, for the least ``k`` that leaves ``GAP`` units
    between neighbours measured as drawn, each kept inside the drawing. Every label where they fit
    on one row, or on two rows taking turns (three nights, the first with its year: the middle one
    once had no label); else the fewest left out, on one row. A date's year is written on the
    first shown alone where every shown label has the same year."""
    for k in range(1, len(labels) + 1):
        shown = list(range(len(labels) - 1, -1, -k))[::-1]
        texts = _dated([labels[i] for i in shown])
        boxes = []
        for i, text in zip(shown, texts, strict=True):
            half = _width(text) / 2
            middle = min(max(xs[i], half + 2), WIDTH - half - 2)
            boxes.append((middle - half, middle + half, middle))
        for rows in (1, 2) if k == 1 else (1,):
            if all(
                b[0] - a[1] >= GAP for a, b in zip(boxes, boxes[rows:], strict=False)
            ):  # neighbours on one row: ``rows`` apart in the list
                return [
                    (i, t, box[2], n % rows)
                    for n, (i, t, box) in enumerate(zip(shown, texts, boxes, strict=True))
                ]
    return []


def _dated(texts: list[str]) -> list[str]:
    """Dates ("2026-11-26 #2") after the first without their year when all share one."""
    dates = all(len(t) >= 10 and t[4] == t[7] == "-" and t[:4].isdigit() for t in texts)
    if not dates or len({t[:4] for t in texts}) != 1:
        return texts
    return texts[:1] + [t[5:] for t in texts[1:]]


def _stacked(ends: list[tuple[Decimal, int, str]]) -> list[tuple[Decimal, float, str]]:
    """Each end label with how many lines from its line's end it wants to be: players who end
    equal are stacked around that point (−0.5 and +0.5 for two)."""
    out: list[tuple[Decimal, float, str]] = []
    for value, _, text in ends:
        count = sum(1 for v, _, _ in ends if v == value)
        before = sum(1 for v, _, _ in out if v == value)
        out.append((value, before - (count - 1) / 2, text))
    return out


def spread(wanted: list[float], top: float, bottom: float, gap: float = LINE) -> list[float]:
    """Positions near ``wanted`` (sorted top down), at least ``gap`` apart, within top..bottom."""
    out: list[float] = []
    for want in wanted:  # push down what would overlap the one above
        out.append(max(want, out[-1] + gap) if out else max(want, top))
    if out and out[-1] > bottom:  # past the bottom: push up from there
        out[-1] = bottom
        for i in range(len(out) - 2, -1, -1):
            out[i] = min(out[i], out[i + 1] - gap)
    return out


def _width(text: str) -> float:
    """About how wide ``text`` is drawn, in units: a CJK character one em, others about 0.6."""
    wide = sum(1 for c in text if unicodedata.east_asian_width(c) in "WF")
    return FONT_SIZE * (wide + 0.6 * (len(text) - wide))


def _fit(label: str, room: float) -> str:
    """``label`` ("Mei, Jun +40") as drawn in ``room`` units: the names cut with an ellipsis where
    they would run past it, the total always kept whole."""
    if _width(label) <= room:
        return label
    names, _, total = label.rpartition(" ")
    while names and _width(f"{names}… {total}") > room:
        names = names[:-1]
    return f"{names.rstrip(', ')}… {total}"


def _clean(value: Decimal) -> Decimal:
    return Decimal(0) if value == 0 else value.normalize()


def _style(n: int) -> tuple[str, str]:
    """Player ``n``'s dash and marker: no two of the first 36 players alike (past the sixth,
    the dashes turn one step against the markers)."""
    return DASHES[(n + n // len(MARKERS)) % len(DASHES)], MARKERS[n % len(MARKERS)]


def _key(n: int, name: str, x0: float, cy: float) -> str:
    """The key before player ``n``'s end label: a piece of their line with its dash, its marker
    in the middle, so that the name says which line is theirs."""
    dash, marker = _style(n)
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<g class="key" data-player="{xml(name)}"><line class="line" x1="{x0:.1f}" '
        f'x2="{x0 + KEY:.1f}" y1="{cy:.1f}" y2="{cy:.1f}" stroke="#000" stroke-width="2"{dashed}/>'
        f"{_marker(marker, x0 + KEY / 2, cy)}</g>"
    )


def _marker(kind: str, cx: float, cy: float) -> str:
    if kind == "circle":
        return f'<circle class="mk" cx="{cx:.1f}" cy="{cy:.1f}" r="3.5" fill="#000"/>'
    if kind == "ring":
        return (
            f'<circle class="hollow" cx="{cx:.1f}" cy="{cy:.1f}" r="3.5" fill="#fff" '
            f'stroke="#000"/>'
        )
    if kind == "square":
        return (
            f'<rect class="hollow" x="{cx - 3.5:.1f}" y="{cy - 3.5:.1f}" width="7" height="7" '
            f'fill="#fff" stroke="#000"/>'
        )
    if kind == "triangle":
        return (
            f'<path class="mk" d="M{cx:.1f},{cy - 4:.1f} L{cx + 4:.1f},{cy + 3:.1f} '
            f'L{cx - 4:.1f},{cy + 3:.1f} Z" fill="#000"/>'
        )
    if kind == "diamond":
        return (
            f'<path class="hollow" d="M{cx:.1f},{cy - 4.5:.1f} L{cx + 4.5:.1f},{cy:.1f} '
            f'L{cx:.1f},{cy + 4.5:.1f} L{cx - 4.5:.1f},{cy:.1f} Z" fill="#fff" stroke="#000"/>'
        )
    return (
        f'<path class="cross" d="M{cx - 4:.1f},{cy - 4:.1f} L{cx + 4:.1f},{cy + 4:.1f} '
        f'M{cx - 4:.1f},{cy + 4:.1f} L{cx + 4:.1f},{cy - 4:.1f}" stroke="#000" stroke-width="1.5"/>'
    )


def _plain(value: Decimal) -> str:
    from ..settling.money import text

    return text(value)


def _signed(value: Decimal) -> str:
    from ..settling.money import signed

    return signed(value)
