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
        # Mei +60 (R5: 2 units from each of three at stake 10), the other three −20 each
        ends = page.locator("text.end").all_text_contents()
        assert ends[0] == "Mei +60"  # the three at −20 share a label, too long: cut, total kept
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
