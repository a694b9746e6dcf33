"""The line chart (render/chart.py): round ticks, end labels apart, text that reads on a phone, and
every player-written string escaped for XML text and attributes.

The ticks below are worked by hand: the axis is cut at the first of 1, 2, 5 × 10ⁿ that covers the
range (zero always included) in at most six ticks, from the multiple of the step at or below the
lowest value to the one at or above the highest.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest

from meizhou_score.render.chart import FONT_SIZE, WIDTH, line_chart, nice_ticks, spread, xml

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = 'a" onmouseover="alert(1)'


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def ticks_of(svg: str) -> list[str]:
    return [t.text for t in parse(svg).iter(SVG + "text") if t.get("class") == "tick"]


def ends_of(svg: str) -> list[tuple[float, str]]:
    return [
        (float(t.get("y")), t.text)
        for t in parse(svg).iter(SVG + "text")
        if t.get("class") == "end"
    ]


@pytest.mark.parametrize(
    "low, high, expected",
    [
        # span 16: steps 1 and 2 need more than six ticks; 5 covers −10..10 in five
        pytest.param(-7, 9, ["-10", "-5", "0", "5", "10"], id="-7..9"),
        pytest.param(-70, 90, ["-100", "-50", "0", "50", "100"], id="-70..90"),
        pytest.param(-700, 900, ["-1000", "-500", "0", "500", "1000"], id="-700..900"),
        # span 5: a step of 1 gives 0..5, six ticks
        pytest.param(0, 5, ["0", "1", "2", "3", "4", "5"], id="0..5"),
        # span 150: steps of 10 (−40..110, 16 ticks) and 20 (−40..120, 9) are too many;
        # 50 rounds 110 up to 150: −50..150
        pytest.param(-40, 110, ["-50", "0", "50", "100", "150"], id="-40..110"),
        pytest.param("-0.5", "1.5", ["-0.5", "0", "0.5", "1", "1.5"], id="halves"),
    ],
)
def test_the_value_axis_has_round_ticks(low, high, expected):
    svg = line_chart("t", ["0", "1"], {"Mei": [0, Decimal(low)], "Jun": [0, Decimal(high)]})
    assert ticks_of(svg) == expected


@pytest.mark.parametrize("low, high", [(-7, 9), (0, 5), (-3, 3), (0, 1), (-13, 0), (-999, 1001)])
def test_ticks_are_round_and_at_least_three(low, high):
    ticks = nice_ticks(Decimal(low), Decimal(high))
    assert len(ticks) >= 3
    assert ticks[0] <= low and ticks[-1] >= high
    step = ticks[1] - ticks[0]
    mantissa = step.scaleb(-step.adjusted())
    assert mantissa in (1, 2, 5)
    assert all(b - a == step for a, b in zip(ticks, ticks[1:], strict=False))


def test_an_all_zero_night_still_has_three_ticks():
    assert len(ticks_of(line_chart("t", ["0", "1"], {"Mei": [0, 0], "Jun": [0, 0]}))) >= 3


def test_equal_totals_share_one_label():
    series = {
        "Ah Fook": [0, -20, -40],
        "Mei": [0, 60, 40],
        "Jun": [0, -20, 40],
        "Lan": [0, -20, -40],
    }
    ends = ends_of(line_chart("t", ["0", "1", "2"], series))
    assert [text for _, text in ends] == ["Mei, Jun +40", "Ah Fook, Lan -40"]


def test_close_end_labels_are_moved_apart_with_a_leader_line():
    # totals 40, 35, 30 and −105 (zero sum): the first three would lie within a few units
    series = {"A": [0, 40], "B": [0, 35], "C": [0, 30], "D": [0, -105]}
    svg = line_chart("t", ["0", "1"], series)
    ys = [y for y, _ in ends_of(svg)]
    assert len(ys) == 4
    assert all(b - a >= FONT_SIZE for a, b in zip(ys, ys[1:], strict=False))
    assert [p for p in parse(svg).iter(SVG + "path") if p.get("class") == "leader"]


def test_spread_keeps_labels_inside_the_plot():
    assert spread([290.0, 295.0, 299.0], 30, 300, gap=16) == [268.0, 284.0, 300.0]
    assert spread([10.0, 100.0], 30, 300, gap=16) == [30.0, 100.0]


def test_text_reads_at_phone_width():
    # the chart is drawn WIDTH units wide: on a 320 px wide chart one unit is 320 / WIDTH px
    assert FONT_SIZE * 320 / WIDTH >= 11
    root = parse(line_chart("t", ["0", "1"], {"Mei": [0, 5], "Jun": [0, -5]}))
    assert root.get("viewBox") == f"0 0 {WIDTH} 300"
    sizes = [float(t.get("font-size") or root.get("font-size")) for t in root.iter(SVG + "text")]
    assert min(sizes) * 320 / WIDTH >= 11


def test_xml_escapes_quotes_for_attributes():
    assert xml(HOSTILE) == "a&quot; onmouseover=&quot;alert(1)"
    assert xml("<b>&'") == "&lt;b&gt;&amp;&#39;"


def test_a_hostile_name_stays_a_name():
    svg = line_chart(f"<{HOSTILE}>", ["<0>", "1"], {HOSTILE: [0, 10], "Mei": [0, -10]})
    root = parse(svg)  # well-formed XML: nothing the name holds breaks out of its attribute
    for node in root.iter():
        assert not [name for name in node.attrib if name.lower().startswith("on")]
    assert [p.get("data-player") for p in root.iter(SVG + "path") if p.get("data-player")] == [
        HOSTILE,
        "Mei",
    ]
    assert root.find(SVG + "title").text == f"<{HOSTILE}>"
    # too long for the labels' room (half the drawing): cut with an ellipsis, the total kept
    [(_, long), (_, short)] = ends_of(svg)
    assert long.startswith('a" on') and long.endswith("… +10")
    assert short == "Mei -10"


def test_a_long_name_is_cut_and_a_short_one_is_not():
    names = "Wong Ka Fai the Second", "Mei"
    svg = line_chart("t", ["0", "1"], {names[0]: [0, 10], names[1]: [0, -10]})
    [(_, long), (_, short)] = ends_of(svg)
    assert long.endswith("… +10") and long[:-6] in names[0] and len(long) < len(names[0])
    assert short == "Mei -10"
