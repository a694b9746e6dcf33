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
from conftest import ROOT

from meizhou_score.render.chart import (
    FONT_SIZE,
    WIDTH,
    bottom_labels,
    line_chart,
    nice_ticks,
    spread,
    xml,
)

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


def test_equal_totals_name_every_player():
    """Players who end equal each get a label of their own, one after another (a shared label
    "Ah Fook, Jun, Lan… 0" hid names behind its ellipsis)."""
    series = {
        "Ah Fook": [0, -20, -40],
        "Mei": [0, 60, 40],
        "Jun": [0, -20, 40],
        "Lan": [0, -20, -40],
    }
    ends = ends_of(line_chart("t", ["0", "1", "2"], series))
    assert [text for _, text in ends] == ["Mei +40", "Jun +40", "Ah Fook -40", "Lan -40"]
    ys = [y for y, _ in ends]
    assert all(b - a >= FONT_SIZE for a, b in zip(ys, ys[1:], strict=False))


def test_after_a_settle_up_every_line_is_named_and_keyed():
    """Every line ends at 0: four labels, each a whole name, each after a key drawn with that
    player's own dash and marker (the same as their line's), no two keys alike."""
    series = {"Ah Fook": [0, -120, 0], "Jun": [0, 120, 0], "Lan": [0, -120, 0], "Mei": [0, 120, 0]}
    root = parse(line_chart("t", ["2026-11-26 #2", "2026-12-01 #1", "2026-12-04"], series))
    ends = [t for t in root.iter(SVG + "text") if t.get("class") == "end"]
    assert [t.text for t in ends] == ["Ah Fook 0", "Jun 0", "Lan 0", "Mei 0"]
    assert [t.get("data-player") for t in ends] == list(series)
    lines = {p.get("data-player"): p for p in root.iter(SVG + "path") if p.get("data-player")}
    keys = {g.get("data-player"): g for g in root.iter(SVG + "g") if g.get("class") == "key"}
    assert list(keys) == list(series)
    drawn = set()
    for name, key in keys.items():
        [piece] = key.iter(SVG + "line")
        assert piece.get("stroke-dasharray") == lines[name].get("stroke-dasharray")
        marker = [ET.tostring(m) for m in key if m.tag != SVG + "line"]
        assert len(marker) == 1
        drawn.add((piece.get("stroke-dasharray"), marker[0].split(b" ")[0], key[1].get("class")))
    assert len(drawn) == 4  # four different keys: the solid line with a dot, the dashed, ...


def test_no_two_of_many_players_look_alike():
    series = {f"P{n}": [0, n - 6] for n in range(13)}
    root = parse(line_chart("t", ["0", "1"], series))
    looks = [
        (p.get("stroke-dasharray"), ET.tostring(g[1]).split(b" ")[0], g[1].get("class"))
        for p, g in zip(
            [p for p in root.iter(SVG + "path") if p.get("data-player")],
            [g for g in root.iter(SVG + "g") if g.get("class") == "key"],
            strict=True,
        )
    ]
    assert len(set(looks)) == 13


def test_a_tall_list_of_names_makes_the_drawing_taller():
    # 20 players, each a line of 16 units: 19 × 16 = 304 between the first and the last name's
    # line, plus the title's 34 above and the labels' 34 below: 372 units tall, not 300
    series = {f"P{n}": [0, 0] for n in range(20)}
    root = parse(line_chart("t", ["0", "1"], series))
    assert root.get("viewBox") == f"0 0 {WIDTH} 372"
    ys = [y for y, _ in ends_of(line_chart("t", ["0", "1"], series))]
    assert len(ys) == 20 and all(b - a >= 16 for a, b in zip(ys, ys[1:], strict=False))
    assert ys[0] >= 34 + 5 and ys[-1] <= 372 - 34 + 5


def test_bottom_labels_that_would_overlap_are_thinned():
    """Seven nights' labels 40 units apart from x = 36. Drawn 14 units high, a character is about
    0.6 × 14 = 8.4 units wide: "2026-11-19 #1" (13 characters) 109.2 and, its year dropped after
    the first, "11-26 #2" (8) 67.2. Every label shows the first's right edge at 56.6 + 54.6 = 111.2
    (its middle kept 2 units inside the drawing: 54.6 + 2) against the second's left edge at
    76 − 33.6 = 42.4; every second one, the third's at 116 − 33.6 = 82.4; every third one, the
    fourth's at 156 − 33.6 = 122.4, 11.2 units clear (8 wanted), and the last's at 276 − 33.6 =
    242.4 clear of the fourth's right edge at 189.6: labels 1, 4 and 7."""
    labels = [
        "2026-11-19 #1",
        "2026-11-26 #2",
        "2026-11-26 #3",
        "2026-12-01 #4",
        "2026-12-01 #5",
        "2026-12-03 #6",
        "2026-12-04 #7",
    ]
    shown = bottom_labels(labels, [36 + 40 * i for i in range(7)])
    assert [(i, text, row) for i, text, _, row in shown] == [
        (0, "2026-11-19 #1", 0),
        (3, "12-01 #4", 0),
        (6, "12-04 #7", 0),
    ]
    assert [round(at, 1) for _, _, at, _ in shown] == [56.6, 156, 276]


def test_three_nights_labels_take_turns_on_two_rows():
    """`ledger history --chart` of three nights: the points at x = 56, 146.5 and 237. On one row
    the first, "2026-11-12 #1" (13 characters, 109.2 units), kept 2 units inside the drawing, ends
    at 56.6 + 54.6 = 111.2 and the second, "11-26 #2" (67.2), begins at 146.5 − 33.6 = 112.9:
    1.7 units apart, 8 wanted. On two rows taking turns the first and third are neighbours, the
    third beginning at 237 − 33.6 = 203.4: every night named (#2 was left without a label)."""
    labels = ["2026-11-12 #1", "2026-11-26 #2", "2026-12-03 #3"]
    shown = bottom_labels(labels, [56, 146.5, 237])
    assert [(i, text, row) for i, text, _, row in shown] == [
        (0, "2026-11-12 #1", 0),
        (1, "11-26 #2", 1),
        (2, "12-03 #3", 0),
    ]
    assert [round(at, 1) for _, _, at, _ in shown] == [56.6, 146.5, 237]


def test_a_second_row_of_labels_makes_the_drawing_taller():
    series = {
        "Ah Fook": [-140, -620, -1140],
        "Mei": [0, -160, -120],
        "Jun": [160, 400, 520],
        "Lan": [-20, 380, 740],
    }
    svg = line_chart("t", ["2026-11-12 #1", "2026-11-26 #2", "2026-12-03 #3"], series)
    root = parse(svg)
    labels = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "soft"]
    assert [t.text for t in labels] == ["2026-11-12 #1", "11-26 #2", "12-03 #3"]
    # the second row 16 units (LINE) below the first, the drawing 300 + 16 units high
    assert float(labels[1].get("y")) - float(labels[0].get("y")) == 16
    assert root.get("viewBox") == f"0 0 {WIDTH} 316"


def test_bottom_labels_of_hands_show_every_one_that_fits():
    # hands 0..4, 60 units apart: "0" … "4" are 8.4 units wide: every one fits
    shown = bottom_labels([str(n) for n in range(5)], [40 + 60 * n for n in range(5)])
    assert [text for _, text, _, _ in shown] == ["0", "1", "2", "3", "4"]
    # 31 labels 8 units apart ("10" is 16.8 wide, 8 apart wanted): every third from the last,
    # 24 units apart, leaves 24 − 16.8 = 7.2, too little; every fourth, 32 − 16.8 = 15.2
    shown = bottom_labels([str(n) for n in range(31)], [40 + 8 * n for n in range(31)])
    assert [text for _, text, _, _ in shown] == ["2", "6", "10", "14", "18", "22", "26", "30"]


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


@pytest.mark.parametrize(
    ("lang", "first"),
    [("zh-Hans", "'Noto Sans CJK SC'"), ("zh-Hant", "'Noto Sans CJK TC'"), ("en", "system-ui")],
)
def test_a_chart_is_drawn_in_its_scripts_fonts_first(lang, first):
    # 简体 drawn with a Traditional font first takes Traditional glyph shapes (骨, 直 differ)
    from meizhou_score.render.chart import line_chart

    svg = line_chart("走势", ["0", "1"], {"Mei": [0, 10], "Jun": [0, -10]}, lang)
    assert f'font-family="{first}' in svg


def test_the_page_sets_simplified_in_a_simplified_font_first():
    css = (ROOT / "meizhou_score/web/static/page.css").read_text(encoding="utf-8")
    rule = css[css.index(":lang(zh-Hans)") :].split("}")[0]
    assert rule.index("CJK SC") < rule.index("CJK TC")
