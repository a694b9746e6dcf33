"""Every SVG chart we write, opened and hovered in a real Chromium with a hostile player name.

`settle --chart`, `ledger history --chart` and the page's /api/chart.svg draw with one code
(render/chart.py). A player named `a" onmouseover="alert(1)` must stay a name: hovering every
element of each chart raises no dialog. A control chart with the attribute left unescaped proves
that the hovering would have raised one. The charts' text is measured at 320 px wide; the page's
chart follows the phone's colour scheme (dark in dark mode); a long name's label stays inside.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import CHROMIUM, ROOT, start_serve

if not Path(CHROMIUM).exists():
    pytest.skip("needs Debian's Chromium: apt-get install -y chromium", allow_module_level=True)
playwright = pytest.importorskip("playwright.sync_api", reason="needs Playwright")

HOSTILE = 'a" onmouseover="alert(1)'
NIGHT = f"""players: ['{HOSTILE}', Mei, Jun, Lan]
stake: 10
date: '2026-12-01'
hands:
  - dealer: '{HOSTILE}'
    winner: Mei
    win_type: self_draw
    hand: {{concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}}
  - draw: true
"""


def cli(*args, cwd=ROOT):
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", *map(str, args)], cwd=cwd, capture_output=True
    )
    assert done.returncode == 0, done.stderr.decode()
    return done


@pytest.fixture
def page(chromium):
    return chromium.new_page(viewport={"width": 390, "height": 844})


def hover_everything(page, url: str) -> list[str]:
    """Open ``url``, move the mouse over every drawn element and fire mouseover on every element;
    the dialogs that opened."""
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(url)
    page.wait_for_selector("svg")
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('svg *')].map((e) => e.getBoundingClientRect())
            .filter((r) => r.width || r.height)
            .map((r) => [r.x + r.width / 2, r.y + r.height / 2])"""
    )
    assert len(boxes) > 10
    for x, y in boxes:
        page.mouse.move(x, y)
    page.evaluate(
        """() => { for (const e of document.querySelectorAll('*'))
            e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); }"""
    )
    page.evaluate("() => new Promise((r) => setTimeout(r, 0))")  # any handler has run by now
    return dialogs


def text_sizes_at_320(page) -> list[float]:
    """Each text's drawn font size in CSS px with the chart 320 px wide."""
    return page.evaluate(
        """() => { const svg = document.querySelector('svg');
            svg.style.width = '320px';
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return [...svg.querySelectorAll('text')].map(
                (t) => parseFloat(getComputedStyle(t).fontSize) * scale); }"""
    )


def test_the_hover_probe_finds_a_script_when_there_is_one(page, tmp_path):
    control = tmp_path / "control.svg"
    control.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        + "".join(
            f'<rect x="{x}" y="{y}" width="10" height="10" data-player="{HOSTILE}"/>'
            for x in range(0, 100, 20)
            for y in range(0, 100, 20)
        )
        + "</svg>"
    )
    assert set(hover_everything(page, control.as_uri())) == {"1"}  # alert(1) ran


def test_settle_and_ledger_charts_with_a_hostile_name(page, tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    settled, history = tmp_path / "settle.svg", tmp_path / "history.svg"
    cli("settle", night, "--chart", settled)
    cli("ledger", "--db", tmp_path / "club.db", "add", night)
    cli("ledger", "--db", tmp_path / "club.db", "history", "--chart", history)
    for svg in (settled, history):
        assert HOSTILE in svg.read_text(encoding="utf-8").replace("&quot;", '"')
        assert hover_everything(page, svg.as_uri()) == []
        sizes = text_sizes_at_320(page)
        assert min(sizes) >= 11, (svg.name, sizes)
        assert page.locator("text.tick").count() >= 3


def test_the_pages_chart_with_a_hostile_name(page, tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = start_serve(night, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert hover_everything(page, base + "/api/chart.svg") == []
        assert page.locator("path[data-player]").count() == 4
        # Mei +60 (R5: 2 units from each of three at stake 10), the other three −20 each: a
        # label each (a shared one hid Jun and Lan behind "…"), the hostile name cut to its room
        ends = page.locator("text.end").all_text_contents()
        assert ends[0] == "Mei +60" and ends[2:] == ["Jun -20", "Lan -20"]
        assert ends[1].startswith('a" on') and ends[1].endswith("… -20")
        assert min(text_sizes_at_320(page)) >= 11
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


@pytest.mark.parametrize("low, high", [(-7, 9), (-70, 90), (-700, 900), (0, 5)])
@pytest.mark.parametrize("name", ["Mei", "Wong Ka Fai the Second of Kowloon", "歐陽大文小明阿福"])
def test_every_text_lies_inside_the_chart(page, tmp_path, low, high, name):
    from meizhou_score.render.chart import line_chart

    svg = tmp_path / "chart.svg"
    svg.write_text(
        line_chart("t", ["0", "1", "2"], {name: [0, low, high], "Jun": [0, high, low]}),
        encoding="utf-8",
    )
    page.goto(svg.as_uri())
    outside = page.evaluate(
        """() => { const svg = document.querySelector('svg');
            svg.style.width = '390px';
            const box = svg.getBoundingClientRect();
            return [...svg.querySelectorAll('text')].map((t) => [t.textContent,
                t.getBoundingClientRect()]).filter(([, r]) => r.left < box.left
                || r.right > box.right || r.top < box.top || r.bottom > box.bottom)
              .map(([text]) => text); }"""
    )
    assert outside == []
    assert page.locator("text.tick").count() >= 3


def test_the_pages_chart_follows_the_colour_scheme(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = start_serve(night, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    corner = """() => { const img = document.getElementById('chart');
        const c = document.createElement('canvas'); c.width = 390; c.height = 300;
        const x = c.getContext('2d'); x.drawImage(img, 0, 0, 390, 300);
        return [...x.getImageData(3, 3, 1, 1).data].slice(0, 3); }"""
    seen = {}
    try:
        for scheme in ("light", "dark"):
            tab = chromium.new_page(viewport={"width": 320, "height": 844}, color_scheme=scheme)
            tab.goto(base + "/")
            # polled from here: the page's CSP forbids the eval a string predicate needs
            loaded = "() => { const i = document.getElementById('chart');"
            loaded += " return !!(i && i.complete && i.naturalWidth); }"
            end = time.monotonic() + 20
            while not tab.evaluate(loaded) and time.monotonic() < end:
                tab.wait_for_timeout(50)
            seen[scheme] = tab.evaluate(corner)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)
    # the page's own paper: white in light, #161513 in dark (page.css)
    assert seen == {"light": [255, 255, 255], "dark": [0x16, 0x15, 0x13]}


def club_month(folder: Path) -> Path:
    """A month of club nights in a ledger, then squared up: (the ledger). Each night Ah Fook
    deals and one player self-draws an ordinary hand at stake 10 (R5: 2 units from each of the
    three others, +60 / −20): Mei on the odd nights, Jun on the even ones. After six nights Mei
    and Jun are +120 each (3 × 60 − 3 × 20), Ah Fook and Lan −120 (6 × −20); Ah Fook pays Mei 120
    and Lan pays Jun 120, and every line ends at 0."""
    db = folder / "club.db"
    days = ["2026-11-19", "2026-11-26", "2026-11-26", "2026-12-01", "2026-12-01", "2026-12-03"]
    nights = []
    for n, day in enumerate(days, start=1):
        night = folder / f"n{n}.yaml"
        winner = "Mei" if n % 2 else "Jun"
        night.write_text(
            NIGHT.split("hands:")[0].replace(HOSTILE, "Ah Fook").replace("2026-12-01", day)
            + f"hands:\n  - dealer: Ah Fook\n    winner: {winner}\n    win_type: self_draw\n"
            "    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}\n",
            encoding="utf-8",
        )
        nights.append(night)
    cli("ledger", "--db", db, "add", *nights)  # one `ledger add` takes them all, in this order
    cli("ledger", "--db", db, "pay", "Ah Fook", "Mei", "120", "--date", "2026-12-04")
    cli("ledger", "--db", db, "pay", "Lan", "Jun", "120", "--date", "2026-12-04")
    return db


DRAWN = """(width) => { const svg = document.querySelector('svg');
    svg.style.width = width + 'px';
    const box = (e) => { const r = e.getBoundingClientRect();
      return {text: e.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
    return {svg: box(svg), bottom: [...svg.querySelectorAll('text.soft')].map(box),
      ends: [...svg.querySelectorAll('text.end')].map(box),
      all: [...svg.querySelectorAll('text')].map(box)}; }"""


@pytest.fixture(scope="module")
def month_chart(tmp_path_factory) -> Path:
    """`ledger history --chart` of club_month, written once for the widths it is drawn at."""
    folder = tmp_path_factory.mktemp("month")
    chart = folder / "month.svg"
    cli("ledger", "--db", club_month(folder), "history", "--chart", chart)
    return chart


@pytest.mark.parametrize("width", [320, 390])
def test_a_months_chart_shows_labels_apart_and_every_name(page, month_chart, width):
    """`ledger history --chart` of club_month: the nights' labels along the bottom
    ("2026-11-26 #2", …) each clear of the next as Chromium draws them (they smeared into one
    another), and after the settle-up each of the four lines ending at 0 named whole."""
    page.goto(month_chart.as_uri())
    drawn = page.evaluate(DRAWN, width)
    bottom = drawn["bottom"]
    assert len(bottom) >= 2 and bottom[-1]["text"] == "12-04"  # the last always shown
    assert bottom[0]["text"].startswith("2026-11-")  # the year, said once
    for a, b in zip(bottom, bottom[1:], strict=False):
        assert a["right"] + 2 <= b["left"], (a, b)  # apart, as drawn
    assert sorted(e["text"] for e in drawn["ends"]) == ["Ah Fook 0", "Jun 0", "Lan 0", "Mei 0"]
    for a, b in zip(drawn["ends"], drawn["ends"][1:], strict=False):
        # one below the other, a line of 14 px (at 390 px wide) apart at least: not on top
        assert b["top"] - a["top"] >= 14 * width / 390 - 0.5, (a, b)
    svg = drawn["svg"]
    for t in drawn["all"]:
        assert svg["left"] <= t["left"] and t["right"] <= svg["right"], t
        assert svg["top"] <= t["top"] and t["bottom"] <= svg["bottom"], t


def test_a_nights_chart_names_each_of_three_equal_players(page, tmp_path):
    """`settle --chart`: Mei +60 and three players at −20 (R5), each named ("Ah Fook, Jun -100"
    hid the rest)."""
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT.replace(HOSTILE, "Ah Fook"), encoding="utf-8")
    chart = tmp_path / "night.svg"
    cli("settle", night, "--chart", chart)
    page.goto(chart.as_uri())
    ends = [e["text"] for e in page.evaluate(DRAWN, 320)["ends"]]
    assert ends == ["Mei +60", "Ah Fook -20", "Jun -20", "Lan -20"]
