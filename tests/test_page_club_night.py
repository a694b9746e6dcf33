"""A club night on the page (four phones, a ledger): the question after two
phones record at once is seen whole below the sticky totals, at 320 × 640 and 390 × 844; and "Add
to the ledger" tells the truth when the night is already there (as `ledger add` does), in English,
繁體 and 简体. Real `serve`, Debian's Chromium, phone-sized contexts.

The night (test_page_table's, stake 10, worked from RULES.md): hand 1, Ah Fook deals and Mei
self-draws an ordinary hand (ratio 1): each of the three pays 2 units (R5), Mei +60, the others −20.
Mei deals hand 2 (R10: the winner deals next).
"""

from __future__ import annotations

import subprocess

import pytest
from conftest import start_serve
from test_page_table import NIGHT, PLAIN, stop
from test_web_page import later


def serve(night, *extra) -> tuple[str, subprocess.Popen]:
    """`meizhou-score serve NIGHT --port PORT [EXTRA]`, answering: its base URL and process."""
    return start_serve(night, *extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def phone(browser, width: int, height: int, locale: str = "en-US"):
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10000)
    page.errors = []
    page.on(
        "console",
        lambda m: page.errors.append(m.text) if m.type == "error" and not later(m) else None,
    )
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def jun_self_draws(page) -> None:
    """Hand 2 entered, ready to record: Jun self-draws the ordinary hand (Jun +60, R5)."""
    page.click("#new-hand")
    page.click("[data-winner='Jun']")
    page.click("[data-how='self_draw']")
    for group in PLAIN:
        page.click(f"[data-set='{group}']")
    page.click("[data-win='4s']")
    page.wait_for_selector("#record:enabled")


@pytest.mark.parametrize("width, height", [(320, 640), (390, 844)])
def test_the_same_hand_question_is_seen_whole_below_the_totals(tmp_path, chromium, width, height):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    try:
        first, second = phone(chromium, width, height), phone(chromium, width, height)
        for page in (first, second):
            page.goto(base + "/")
            page.wait_for_selector("[data-hand='1']")
            jun_self_draws(page)
        # the second phone decides on the night of one hand: it does not see the first's write
        second.route("**/api/night*", lambda route: route.fulfill(status=304))
        first.click("#record")
        first.wait_for_selector("[data-hand='2']")
        # the player's thumb is at the bottom of the page, by the tiles, when Record is tapped
        second.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        second.click("#record")
        second.wait_for_selector("#ask:visible")
        assert second.inner_text("#ask-text") == (
            "Hand 2 was just recorded elsewhere (another phone or the laptop): is this the same hand?"
        )
        boxes = second.evaluate(
            """() => Object.fromEntries(['top', 'ask', 'bar'].map((id) => {
                const r = document.getElementById(id).getBoundingClientRect();
                return [id, {top: r.top, bottom: r.bottom, hidden: document.getElementById(id)
                  .hidden}]; }))"""
        )
        ask, top, bar = boxes["ask"], boxes["top"], boxes["bar"]
        assert top["bottom"] > 60  # the sticky totals are there, covering the page's top
        assert ask["top"] >= top["bottom"], boxes  # the question is not under the totals
        below = height if bar["hidden"] else bar["top"]
        assert ask["bottom"] <= below, boxes  # nor under the bottom bar, nor past the screen
        assert len(night.read_text(encoding="utf-8").split("winner: Jun")) == 2  # one hand 2
        second.click("#same-yes")
        second.wait_for_selector("#editor", state="hidden")
        assert first.errors == [] and [e for e in second.errors if "412" not in e] == []
    finally:
        stop(proc)


@pytest.mark.parametrize(
    "locale, added, same, grown",
    [
        (
            "en-US",
            "Added to the ledger: night 1.",
            "Already in the ledger as night 1 (2026-12-01); nothing added.",
            "Night 1 in the ledger now has 2 hands, was 1.",
        ),
        (
            "zh-TW",
            "已加入帳本：第 1 晚。",
            "帳本中已有，是第 1 場（2026-12-01）；沒有加入任何東西。",
            "帳本中第 1 場現在有 2 局，原有 1 局。",
        ),
        (
            "zh-CN",
            "已加入账本：第 1 场。",
            "账本中已有，是第 1 场（2026-12-01）；没有加入任何东西。",
            "账本中第 1 场现在有 2 局，原有 1 局。",
        ),
    ],
)
def test_add_to_the_ledger_says_what_it_did(tmp_path, chromium, locale, added, same, grown):
    night, db = tmp_path / "night.yaml", tmp_path / "club.sqlite3"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night, "--db", str(db))
    try:
        page = phone(chromium, 390, 844, locale)
        page.goto(base + "/")
        page.wait_for_selector("[data-hand='1']")
        page.click("#ledger")
        page.wait_for_selector(f"#ledger-added:has-text('{added}')")
        page.click("#ledger")  # again: the ledger holds it already, and says so
        page.wait_for_selector(f"#ledger-added:has-text('{same}')")
        page.click("#new-hand")  # hand 2, a draw (荒莊, R9: nobody pays): the night grows
        page.click("[data-winner='__draw']")
        page.click("#record")
        page.wait_for_selector("[data-hand='2']")
        page.click("#ledger")
        page.wait_for_selector(f"#ledger-added:has-text('{grown}')")
        assert page.inner_text("#ledger-added") == grown
        assert page.errors == []
    finally:
        stop(proc)
