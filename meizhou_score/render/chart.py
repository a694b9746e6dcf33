"""A line chart (走勢圖) of running balances as self-contained SVG: no script, no other file, no library.

One line a player, each with its own dash pattern and marker so that it reads in
black and white; a zero line; the period's labels along the bottom; each
player's name at the end of their line. Chinese names render with the
fonts the viewer has (a CJK family is named first). Written by hand rather
than with a plotting library: a line chart is a few dozen SVG elements, and
matplotlib would cost a serve or settle start-up several hundred milliseconds
and tens of megabytes of install for them.
"""

from __future__ import annotations

from decimal import Decimal
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = (
    56,
    120,
    36,
    48,
)  # margins: values at left, names at right, labels at bottom
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 5")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "ring")
FONT = "'Noto Sans CJK TC', 'Noto Sans CJK SC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif"


def line_chart(title: str, labels: list[str], series: dict[str, list[Decimal | int]]) -> str:
    """``series``: each player's running balance at each of ``labels`` (the same length). The SVG, as text."""
    values = [Decimal(v) for points in series.values() for v in points] + [Decimal(0)]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(len(labels), 1)

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def y(v) -> float:
        return TOP + float((high - Decimal(v)) / (high - low)) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
        f'font-family="{FONT}" font-size="12">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        f'<text x="{LEFT}" y="20" font-size="14" font-weight="bold" fill="#000">{escape(title)}</text>',
    ]
    for value in _ticks(low, high):  # the value axis
        out.append(
            f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end" fill="#444">{_plain(value)}</text>'
        )
        out.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
            f'stroke="#e5e5e5"/>'
        )
    out.append(
        f'<line class="zero" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
        f'stroke="#000" stroke-width="1.2" stroke-dasharray="3 3"/>'
    )
    step = max(1, round(count / 8))  # at most about eight labels along the bottom
    for i, label in enumerate(labels):
        if i % step == 0 or i == count - 1:
            out.append(
                f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle" fill="#444">'
                f"{escape(label)}</text>"
            )
    ends = []
    for n, (name, points) in enumerate(series.items()):
        coords = [(x(i), y(v)) for i, v in enumerate(points)]
        d = " ".join(
            f"{'M' if i == 0 else 'L'}{cx:.1f},{cy:.1f}" for i, (cx, cy) in enumerate(coords)
        )
        dash = f' stroke-dasharray="{DASHES[n % len(DASHES)]}"' if DASHES[n % len(DASHES)] else ""
        out.append(
            f'<path d="{d}" fill="none" stroke="#000" stroke-width="2"{dash} data-player="{escape(name)}" '
            f'data-last="{points[-1] if points else 0}"/>'
        )
        out += [_marker(MARKERS[n % len(MARKERS)], cx, cy) for cx, cy in coords]
        if coords:
            ends.append([coords[-1][1], name, points[-1]])
    ends.sort()
    for i in range(1, len(ends)):  # names at the lines' ends, kept 14 px apart
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + 14)
    for cy, name, value in ends:
        out.append(
            f'<text x="{LEFT + plot_w + 8}" y="{cy + 4:.1f}" fill="#000">{escape(name)} {_signed(value)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _marker(kind: str, cx: float, cy: float) -> str:
    if kind == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3.5" fill="#000"/>'
    if kind == "ring":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3.5" fill="#fff" stroke="#000"/>'
    if kind == "square":
        return f'<rect x="{cx - 3.5:.1f}" y="{cy - 3.5:.1f}" width="7" height="7" fill="#fff" stroke="#000"/>'
    if kind == "triangle":
        return f'<path d="M{cx:.1f},{cy - 4:.1f} L{cx + 4:.1f},{cy + 3:.1f} L{cx - 4:.1f},{cy + 3:.1f} Z" fill="#000"/>'
    if kind == "diamond":
        return (
            f'<path d="M{cx:.1f},{cy - 4.5:.1f} L{cx + 4.5:.1f},{cy:.1f} L{cx:.1f},{cy + 4.5:.1f} '
            f'L{cx - 4.5:.1f},{cy:.1f} Z" fill="#fff" stroke="#000"/>'
        )
    return (
        f'<path d="M{cx - 4:.1f},{cy - 4:.1f} L{cx + 4:.1f},{cy + 4:.1f} M{cx - 4:.1f},{cy + 4:.1f} '
        f'L{cx + 4:.1f},{cy - 4:.1f}" stroke="#000" stroke-width="1.5"/>'
    )


def _ticks(low: Decimal, high: Decimal) -> list[Decimal]:
    """Four or five round values across the range."""
    span = high - low
    step = Decimal(10) ** (len(str(int(span))) - 1) if span >= 1 else Decimal("0.1")
    while span / step > 5:
        step *= 2
    start = (low / step).to_integral_value(rounding="ROUND_CEILING") * step
    out, value = [], start
    while value <= high:
        out.append(value.normalize() if value != 0 else Decimal(0))
        value += step
    return out


def _plain(value) -> str:
    from ..settling.money import text

    return text(value)


def _signed(value) -> str:
    from ..settling.money import signed

    return signed(value)
