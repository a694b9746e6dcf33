"""The page at a real table (issue 31): chips that take back what a key put in, Undo that asks and
is seen on the other phones, who am I, the setup form, always in reach. Real `serve` processes,
Debian's Chromium, phone-sized contexts. The ten counted taps and the laptop gone and back are
played in test_page_night.py's one night on four phones.

The night every test starts from (stake 10, worked from RULES.md): hand 1, Ah Fook deals and Mei
self-draws an ordinary hand (平胡, ratio 1): each of the three pays 2 units (R5), Mei +60, the
others −20; Mei deals next (R10: the winner deals).
"""

from __future__ import annotations

import datetime
import signal
import socket
import subprocess

import pytest
from conftest import start_serve
from test_web_page import later, poll

NIGHT = """players: [Ah Fook, Mei, Jun, Lan]
stake: 10
date: '2026-12-01'
hands:
  - dealer: Ah Fook
    winner: Mei
    win_type: self_draw
    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}
"""
PLAIN = ["123m", "456m", "789p", "234s", "55s"]  # four runs and a pair; 4s the winning tile


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(night) -> tuple[str, subprocess.Popen]:
    """`meizhou-score serve NIGHT` on a free port, answering (conftest's start_serve): its URL and
    its process."""
    return start_serve(night, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop(proc):
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=20)


@pytest.fixture
def night(tmp_path):
    path = tmp_path / "night.yaml"
    path.write_text(NIGHT, encoding="utf-8")
    return path


@pytest.fixture
def served(night):
    base, proc = serve(night)
    procs = [proc]
    yield base, night, procs
    for proc in procs:
        if proc.poll() is None:
            stop(proc)


def phone(browser, locale="en-US", width=390, height=844):
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, has_touch=True
    )
    page = context.new_page()
    page.errors = []
    page.on(
        "console",
        lambda m: page.errors.append(m.text) if m.type == "error" and not later(m) else None,
    )
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


class Taps:
    """Counts the taps a player makes: each one a real touch on the element."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str):
        self.page.locator(selector).tap()
        self.count += 1


def test_a_chip_takes_back_its_tile_or_set(served, chromium):
    base, _, _ = served
    page = phone(chromium)
    page.goto(base + "/")
    page.click("#new-hand")
    page.click("[data-winner='Jun']")
    page.click("[data-how='self_draw']")
    page.click("[data-set='123m']")
    page.click("[data-set='123m']")
    page.click("[data-set='99s']")
    page.click("#tab-tiles")
    page.click("[data-tile='5p']")
    assert page.inner_text("#count").endswith("9 of 14 tiles")
    page.locator("[data-group='123m']").first.click()  # one tap: the whole run goes
    assert page.locator("[data-group='123m']").count() == 1
    page.click("[data-group='5p']")
    assert page.inner_text("#count").endswith("5 of 14 tiles")
    page.click("[data-win='9s']")
    page.click("[data-group='99s']")  # the winning tile goes with its pair
    assert page.locator("[data-win]").count() == 3  # 1m 2m 3m
    assert page.locator("[data-win][aria-pressed='true']").count() == 0
    assert page.errors == []


def test_undo_asks_and_the_other_phones_are_told(served, chromium):
    base, night, _ = served
    mine, theirs = phone(chromium), phone(chromium, locale="zh-CN")
    for page in (mine, theirs):
        page.goto(base + "/")
        page.wait_for_selector("[data-hand='1']")
    # a hand recorded on this phone is highlighted for a while on the other one
    mine.click("#new-hand")
    mine.click("[data-winner='__draw']")
    mine.click("#record")
    theirs.wait_for_selector("tr.fresh[data-hand='2']", timeout=5000)
    assert theirs.inner_text("#notice") == "第 2 局已在别处记下（另一部手机或笔记本电脑）。"
    theirs.wait_for_selector("tr.fresh", state="detached", timeout=8000)
    mine.click("#undo")
    assert mine.inner_text("#ask-text").startswith("Take back hand 2 (")
    mine.click("#undo-no")  # kept: nothing changes
    assert "hands" in night.read_text() and night.read_text().count("draw: true") == 1
    mine.click("#undo")
    mine.click("#undo-yes")
    mine.wait_for_selector("[data-hand='2']", state="detached")
    assert mine.inner_text("#notice") == "Hand 2 was taken back."
    theirs.wait_for_selector("[data-hand='2']", state="detached", timeout=5000)
    assert theirs.inner_text("#notice") == "第 2 局已撤回。"
    assert "draw: true" not in night.read_text()
    # the question for a winning hand names the hand and the winner's gain: hand 1, Mei +60
    mine.click("#undo")
    text = mine.inner_text("#ask-text")
    assert text.startswith("Take back hand 1 (Mei") and text.endswith(", +60)?")
    assert mine.errors == [] and theirs.errors == []


def test_who_am_i_is_kept_and_marked(served, chromium):
    base, _, _ = served
    page = phone(chromium)
    page.goto(base + "/")
    page.wait_for_selector("[data-hand='1']")
    assert page.locator("th.me").count() == 0
    page.click("[data-me='Jun']")
    assert page.inner_text("th.me") == "Jun"
    assert page.get_attribute("[data-me='Jun']", "aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("th.me")
    assert page.inner_text("th.me") == "Jun"
    assert page.locator("td.me").count() == 1
    assert page.errors == []


def test_a_new_night_set_up_with_its_date(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    base, proc = serve(night)
    try:
        page = phone(chromium)
        page.goto(base + "/")
        page.wait_for_selector("#player0")
        assert page.input_value("#date") == datetime.date.today().isoformat()
        for n, name in enumerate(["Ah Fook", "Mei", "Jun", "Lan"]):
            page.fill(f"#player{n}", name)
        page.fill("#stake", "10")
        page.fill("#date", "2026-11-19")
        page.click("#start")
        page.click("[data-dealer='Ah Fook']")
        page.click("[data-winner='__draw']")
        page.click("#record")
        page.wait_for_selector("[data-hand='1']")
        assert "2026-11-19" in night.read_text()
        assert page.errors == []
    finally:
        stop(proc)


def test_always_in_reach_after_ten_hands(tmp_path, chromium):
    # ten hands: hand 1 as above, then nine draws (R9: nobody pays), so the sheet is long
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT + "  - draw: true\n" * 9, encoding="utf-8")
    base, proc = serve(night)
    try:
        page = phone(chromium)
        page.goto(base + "/")
        page.wait_for_selector("[data-hand='10']")
        assert page.locator("tr.hand").first.get_attribute("data-hand") == "10"  # newest on top
        page.mouse.wheel(0, 5000)
        poll(page, "window.scrollY > 300")
        height = page.viewport_size["height"]
        for selector in ("#new-hand", "#undo", "#settle-up", "[data-total='Mei']"):
            box = page.locator(selector).bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= height, selector
        page.locator("#new-hand").tap()
        top = page.evaluate("document.getElementById('editor').getBoundingClientRect().top")
        assert 0 <= top < height / 2  # the editor opened in view
        record = page.locator("#record").bounding_box()
        assert record["y"] + record["height"] <= height
        assert page.errors == []
    finally:
        stop(proc)
