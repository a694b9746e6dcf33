"""The phone page in a real browser: Debian's Chromium driven by Playwright, a 390×844 viewport.

A three-hand night recorded by tapping, worked from RULES.md:
1. Ah Fook deals; Mei self-draws an ordinary hand holding a concealed kong of East, stake 10:
   2 units from each for the win (R5) and 2 from each for the kong (R8): Mei +120, the others
   −40 each.
2. A draw (荒莊): nobody pays (R9); Mei dealt, so Jun deals next (R10).
3. Lan robs Ah Fook's kong (6p) with an ordinary hand: Ah Fook alone pays 6 units = 60 (R7).
Totals: Ah Fook −100, Mei +120, Jun −40, Lan +20.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import CHROMIUM, ROOT, start_serve

if not Path(CHROMIUM).exists():
    pytest.skip(
        "the page tests need Debian's Chromium: apt-get install -y chromium (Playwright's own "
        "browser download is not used)",
        allow_module_level=True,
    )
playwright = pytest.importorskip(
    "playwright.sync_api", reason="the page tests need Playwright: pip install -e '.[test]'"
)

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]
TOTALS = {"Ah Fook": "-100", "Mei": "+120", "Jun": "-40", "Lan": "+20"}


def shots(tmp_path) -> Path:
    """Where screenshots go: MEIZHOU_SCREENSHOTS when set (to look at them), else the test's
    own folder."""
    folder = Path(os.environ.get("MEIZHOU_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def served(tmp_path):
    night = tmp_path / "night.yaml"
    base, proc = start_serve(night, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield base, night
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=20)


@pytest.fixture(scope="module")
def served_to_read(tmp_path_factory):
    """One night not yet begun, served for the module's tests that only open it (they set up
    nothing, record nothing: what a phone chooses stays in its own context)."""
    night = tmp_path_factory.mktemp("read") / "night.yaml"
    base, proc = start_serve(night, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield base, night
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=20)
    assert not night.exists()  # nothing was written: the tests sharing it only read


@pytest.fixture
def browser(chromium):
    """The test process's Chromium (conftest), in contexts of this test's own."""
    return chromium


def phone(browser, locale="en-US"):
    page = browser.new_page(
        viewport={"width": 390, "height": 844}, locale=locale, device_scale_factor=1
    )
    errors: list[str] = []
    page.on(
        "console", lambda m: errors.append(m.text) if m.type == "error" and not later(m) else None
    )
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def later(message) -> bool:
    """A 404 from an endpoint of docs/web.md that this server does not have yet (the page goes on
    without it): GET /api/rules, GET /api/deal."""
    url = message.location.get("url", "") if message.location else ""
    return "404" in message.text and ("/api/rules" in url or "/api/deal" in url)


def poll(page, expression: str, seconds: float = 20) -> None:
    """Wait until `expression` is true in the page, polled from here: the page's CSP forbids the
    eval that Playwright's wait_for_function needs for a string predicate."""
    end = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < end, f"still false after {seconds} s: {expression}"
        page.wait_for_timeout(50)


def new_night(page, base: str, players, stake: str = "10"):
    """Open the page on a night that does not exist yet and start it: four names in seat order,
    a stake."""
    page.goto(base + "/")
    page.wait_for_selector("#player0")
    for n, name in enumerate(players):
        page.fill(f"#player{n}", name)
    page.fill("#stake", stake)
    page.click("#start")


def tap_tiles(page, tiles: str):
    """Single tiles, one by one, from the keyboard's tab of single tiles."""
    if page.get_attribute("#tab-tiles", "aria-pressed") != "true":
        page.click("#tab-tiles")
    for tile in tiles.split():
        page.click(f"#keyboard [data-tile='{tile}']")


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate(
        "window.innerWidth"
    )


def test_a_three_hand_night_recorded_by_tapping(served, browser, tmp_path):
    base, night = served
    page, errors = phone(browser)
    start = time.monotonic()
    new_night(page, base, PLAYERS)
    # hand 1: Ah Fook deals, Mei self-draws holding a concealed kong of East
    page.click("[data-dealer='Ah Fook']")
    page.click("[data-winner='Mei']")
    page.click("[data-how='self_draw']")
    page.click("#add-kong")
    page.click("[data-kong-player='Mei']")
    page.click("[data-kong-type='concealed']")
    page.click("#keyboard [data-tile='1z']")
    tap_tiles(page, "1m 2m 3m 4m 5m 6m 7p 8p 9p 5s 5s")
    page.click("[data-win='5s']")
    page.wait_for_selector("#preview")
    assert "Mei +120" in page.inner_text("#preview")
    page.screenshot(path=str(shots(tmp_path) / "keyboard-en.png"), full_page=True)
    page.click("#record")
    page.wait_for_selector("[data-hand='1']")
    first_hand = time.monotonic() - start
    # hand 2: a draw
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.click("#record")
    page.wait_for_selector("[data-hand='2']")
    # hand 3: Lan robs Ah Fook's kong of 6p
    page.click("#new-hand")
    page.click("[data-winner='Lan']")
    page.click("[data-how='robbed_kong']")
    page.click("[data-robbed='Ah Fook']")
    tap_tiles(page, "1m 2m 3m 4m 5m 6m 5p 6p 7p 7s 8s 9s 2s 2s")
    page.click("[data-win='6p']")
    page.wait_for_selector("#preview")
    page.click("#record")
    page.wait_for_selector("[data-hand='3']")
    shown = {name: page.inner_text(f"[data-total='{name}']") for name in PLAYERS}
    assert shown == TOTALS
    settled = json.loads(
        subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", str(night), "--format", "json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        ).stdout
    )
    assert {k: (f"+{v}" if v > 0 else str(v)) for k, v in settled["totals"].items()} == shown
    page.click("[data-hand='1']")
    assert "R8" in page.inner_text("#sheet") and "R5" in page.inner_text("#sheet")
    page.screenshot(path=str(shots(tmp_path) / "sheet-en.png"), full_page=True)
    # a hand recorded on the command line appears without reloading the page
    subprocess.run(
        [
            sys.executable,
            "-m",
            "meizhou_score",
            "record",
            str(night),
            "--draw",
            "--yes",
            "--no-ask",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    page.wait_for_selector("[data-hand='4']", timeout=5000)
    no_sideways_scroll(page)
    page.click("[data-lang='zh-Hant']")
    page.locator("#title", has_text="梅州麻將").wait_for()
    page.locator("#sheet", has_text="自摸").wait_for()
    page.click(
        "[data-lang='zh-Hans']"
    )  # 简体: the same night in Simplified, made by the server's table
    page.locator("#title", has_text="梅州麻将").wait_for()
    page.locator("#sheet", has_text="杠").wait_for()
    assert "槓" not in page.inner_text("#sheet")
    no_sideways_scroll(page)
    page.screenshot(path=str(shots(tmp_path) / "sheet-zh-Hans.png"), full_page=True)
    no_sideways_scroll(page)
    page.screenshot(path=str(shots(tmp_path) / "sheet-zh.png"), full_page=True)
    assert errors == []
    assert first_hand < 30
    (shots(tmp_path) / "timing.txt").write_text(
        f"opening the page to a recorded self-draw: {first_hand:.1f} s\n"
    )


def test_the_page_in_chinese_and_a_refused_hand(served, browser, tmp_path):
    base, night = served
    page, errors = phone(browser, locale="zh-TW")
    page.goto(base + "/")
    page.wait_for_selector("#player0")
    assert page.inner_text("#title") == "梅州麻將"
    new_night(page, base, ["阿福", "美美", "阿俊", "阿蘭"])
    page.click("[data-dealer='阿福']")
    page.click("[data-winner='美美']")
    page.click("[data-how='self_draw']")
    tap_tiles(page, "1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 3s 4s 5s 6s")  # no pair: not a winning hand
    page.click("[data-win='4s']")
    page.wait_for_selector("#preview.refused")
    assert "不是" in page.inner_text("#preview") or "胡" in page.inner_text("#preview")
    assert page.is_disabled("#record")
    page.screenshot(path=str(shots(tmp_path) / "refused-zh.png"), full_page=True)
    page.click("#cancel")
    assert not night.exists()
    no_sideways_scroll(page)
    assert errors == []


def test_the_language_switch_is_remembered(served_to_read, browser):
    base, _ = served_to_read
    page, errors = phone(browser)
    page.goto(base + "/")
    page.wait_for_selector("#player0")
    assert [b.inner_text() for b in page.locator("#langs button").all()] == ["简体", "繁體", "EN"]
    page.click("[data-lang='zh-Hant']")
    page.locator("#title", has_text="梅州麻將").wait_for()
    page.reload()
    page.locator("#title", has_text="梅州麻將").wait_for()
    page.click("[data-lang='zh-Hans']")
    page.locator("#title", has_text="梅州麻将").wait_for()
    assert page.get_attribute("html", "lang") == "zh-Hans"
    page.reload()
    page.locator("#title", has_text="梅州麻将").wait_for()
    assert errors == []


@pytest.mark.parametrize(
    "locale, title",
    [
        ("zh-CN", "梅州麻将"),
        ("zh-SG", "梅州麻将"),
        ("zh-TW", "梅州麻將"),
        ("zh-HK", "梅州麻將"),
        ("en-GB", "Meizhou mahjong"),
    ],
)
def test_a_phone_opens_the_page_in_its_own_script(served_to_read, browser, locale, title):
    base, _ = served_to_read
    page, errors = phone(browser, locale=locale)
    page.goto(base + "/")
    page.locator("#title", has_text=title).wait_for()
    page.wait_for_selector("#player0")
    assert errors == []


def test_a_chart_at_phone_width(browser, tmp_path):
    # the night's running totals with Chinese names, as settle --chart and the page draw them
    night = tmp_path / "night.yaml"
    text = (ROOT / "examples" / "session.yaml").read_text(encoding="utf-8")
    for english, chinese in (
        ("Ah Fook", "阿福"),
        ("Mei", "美美"),
        ("Jun", "阿俊"),
        ("Lan", "阿蘭"),
    ):
        text = text.replace(english, chinese)
    night.write_text(text, encoding="utf-8")
    chart = shots(tmp_path) / "chart.svg"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "meizhou_score",
            "settle",
            str(night),
            "--chart",
            str(chart),
            "--lang",
            "zh",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    page, errors = phone(browser, locale="zh-TW")
    page.goto(chart.as_uri())
    assert page.locator("path[data-player]").count() == 4
    assert page.locator("text", has_text="阿福").bounding_box()["width"] > 10
    page.screenshot(path=str(shots(tmp_path) / "chart-390.png"))
    assert errors == []


def test_a_hand_in_the_tables_words_amended_on_the_page_keeps_what_it_says(served, browser):
    # written at the laptop the way the table talks: Mei robs (抢杠胡) Jun's kong of Lan's
    # discarded 3p (robbable_kongs: open, robbed_from: Lan); Ah Fook holds an added kong (补杠).
    # Jun pays the rob alone, 3 × 2 × 1 = 6 (R7); Ah Fook's kong 1 from each (R8):
    # Ah Fook +3, Mei +6 − 1 = +5, Jun −6 − 1 = −7, Lan −1
    base, night = served
    night.write_text(
        "players: [Ah Fook, Mei, Jun, Lan]\n"
        "rules: {robbable_kongs: open}\n"
        "hands:\n"
        "- dealer: Ah Fook\n"
        "  winner: Mei\n"
        "  win_type: 抢杠胡\n"
        "  robbed: Jun\n"
        "  robbed_from: Lan\n"
        "  hand: {concealed: 123m 456m 234p 678s 99s, winning_tile: 3p}\n"
        "  kongs:\n"
        "  - {player: Ah Fook, type: 补杠, tile: 1z}\n",
        encoding="utf-8",
    )
    page, errors = phone(browser)
    page.goto(base + "/")
    page.wait_for_selector("[data-hand='1']")
    page.click("[data-hand='1']")
    page.click("[data-amend='1']")
    # the editor opens with the hand's choices chosen: how it was won, and the kong's type
    assert page.get_attribute("[data-how='robbed_kong']", "aria-pressed") == "true"
    page.wait_for_selector("#preview")
    page.click("#record")
    poll(page, "!document.querySelector('#editor:not([hidden]) #record')")
    out = json.loads(
        subprocess.run(
            [sys.executable, "-m", "meizhou_score", "settle", str(night), "--format", "json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        ).stdout
    )
    assert out["totals"] == {"Ah Fook": 3, "Mei": 5, "Jun": -7, "Lan": -1}
    assert "robbed_from: Lan" in night.read_text(encoding="utf-8")
    assert not errors
