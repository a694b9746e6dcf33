"""One night at a real table (issue 31's "Done when", as one script): four phones of 390×844 with
touch, one of them in 简体 (zh-CN), on a real `serve --lan` and Debian's Chromium. The night is set
up on a phone; a plain self-draw takes ten counted taps and a draw three; hand 2 is amended with its
tiles already in the editor and a forgotten kong added, after the preview has said why another
amendment would be refused; the laptop stops (SIGINT) and starts again on the same port and file,
and every phone comes back by itself at the same link with a half-entered hand still there; two
phones record the same hand at once and the second is asked; an undo is confirmed and seen on the
other phones. axe-core runs in every state (setup form, editor, sheet, amend editor, the refused
preview, the laptop gone) and finds nothing serious or critical.

The night, stake 10, worked by hand from RULES.md (seats: Ah Fook E, Mei S, Jun W, Lan N):
1. Ah Fook deals; Mei self-draws an ordinary hand (平胡, ratio 1, R4): each of the three pays
   2 × 1 = 2 units (R5) = 20. Mei +60, the others −20. Mei deals next (R10: the winner deals).
2. Mei deals; Jun self-draws the same ordinary hand: Jun +60, the others −20. Jun deals next.
   Running: Ah Fook −40, Mei +40, Jun +40, Lan −40.
3. Jun deals; a draw (荒莊): nobody pays (R9). The dealer's next player deals: Lan (R10).
2'. Hand 2 amended to name Jun as its dealer: Mei won hand 1, so Mei deals hand 2 (R10: the
   winner deals); Jun is off the rotation, a dispute: refused, and the preview says why.
2". Hand 2 amended with Lan's forgotten concealed kong (暗槓) of 9m: each other player pays Lan
   2 units = 20 (R8), paid because someone won the hand. Hand 2 now: Ah Fook −20 −20 = −40,
   Mei −20 −20 = −40, Jun +60 −20 = +40, Lan −20 +60 = +40 (sum 0). Jun still won, so hand 3's
   dealer is still right. Totals: Ah Fook −20 −40 = −60, Mei +60 −40 = +20, Jun −20 +40 = +20,
   Lan −20 +40 = +20 (sum 0).
4. Lan deals and self-draws the ordinary hand: +60, the others −20 (R5; no dealer bonus in the
   rules). Recorded once though two phones send it; then taken back, so the night ends at the
   totals of 2": −60, +20, +20, +20.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys

from conftest import ROOT, start_serve
from test_page_eyes import axe_problems
from test_page_table import PLAIN, Taps, free_port

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]
OFFLINE_EN = "The laptop is not answering. This page keeps trying."


def serve_lan(night, port: int) -> tuple[subprocess.Popen, str]:
    """`serve NIGHT --lan --host 127.0.0.1 --port PORT`, answering (conftest's start_serve): its
    process and the token of the link it printed (the state folder is the test's own: conftest
    sets XDG_STATE_HOME)."""
    _, proc = start_serve(
        night,
        "--lan",
        "--host",
        "127.0.0.1",
        port=port,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()  # "Serving NIGHT at http://…/?token=…"
    assert "token=" in line, line
    return proc, line.rsplit("token=", 1)[1].strip()


def stop(proc: subprocess.Popen) -> None:
    """Ctrl-C, and wait for it to exit: 130, no traceback."""
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and "Traceback" not in err, err


def phone(browser, link: str, locale="en-US", scheme="light", axe=False):
    """A phone at the table: 390×844, touch, opened at the table's link. `axe`: this phone's
    context lets the test inject axe-core (its own script, which the page's CSP would refuse)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale=locale,
        color_scheme=scheme,
        has_touch=True,
        is_mobile=True,
        bypass_csp=axe,
    )
    page = context.new_page()
    page.set_default_timeout(10000)
    page.crashes, page.errors = [], []
    page.on("pageerror", lambda e: page.crashes.append(str(e)))
    # a request the laptop could not answer (asleep) or refused with 412 is said in the console
    page.on(
        "console",
        lambda m: (
            page.errors.append(m.text)
            if m.type == "error" and "Failed to load resource" not in m.text
            else None
        ),
    )
    page.goto(link)
    return page


def settled(night) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", str(night), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout)


def shown_totals(page) -> dict:
    return {name: page.inner_text(f"[data-total='{name}']") for name in PLAYERS}


def no_axe_problem(page, state: str) -> None:
    assert axe_problems(page) == [], state


def chips(page) -> list:
    return [c.get_attribute("data-group") for c in page.locator("[data-group]").all()]


def test_one_night_on_four_phones(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    port = free_port()
    server, token = serve_lan(night, port)
    servers = [server]
    try:
        play_the_night(chromium, night, port, token, servers)
    finally:
        for proc in servers:
            if proc.poll() is None:
                stop(proc)


def play_the_night(chromium, night, port, token, servers):
    link = f"http://127.0.0.1:{port}/?token={token}"
    host = phone(chromium, link, axe=True)  # sets the night up, records hand 1
    second = phone(chromium, link)  # the counted self-draw, then the same hand again, the undo
    third = phone(chromium, link, scheme="dark", axe=True)  # amends hand 2
    mainland = phone(chromium, link, locale="zh-CN")  # 简体: the draw
    phones = [host, second, third, mainland]

    # the night set up on a phone (the others see the form too, until it exists)
    for page in phones:
        page.wait_for_selector("#player0")
    no_axe_problem(host, "setup")
    for n, name in enumerate(PLAYERS):
        host.fill(f"#player{n}", name)
    host.fill("#stake", "10")
    host.fill("#date", "2026-12-01")
    host.locator("#start").tap()
    # hand 1: Ah Fook deals, Mei self-draws 123m 456m 789p 234s 55s on 4s
    for selector in ("[data-dealer='Ah Fook']", "[data-winner='Mei']", "[data-how='self_draw']"):
        host.locator(selector).tap()
    for group in PLAIN:
        host.locator(f"[data-set='{group}']").tap()
    host.locator("[data-win='4s']").tap()
    host.wait_for_selector("#record:enabled")
    assert "Mei +60" in host.inner_text("#preview")
    no_axe_problem(host, "editor")
    host.locator("#record").tap()
    for page in phones:
        page.wait_for_selector("[data-hand='1']")
    assert "date: '2026-12-01'" in night.read_text() or "date: 2026-12-01" in night.read_text()

    # hand 2: a plain self-draw in ten counted taps, from "+ New hand" to "Record"
    tap = Taps(second)
    tap("#new-hand")
    tap("[data-winner='Jun']")  # Mei deals: the editor knows it (R10), no question
    tap("[data-how='self_draw']")
    for group in PLAIN:  # four runs and the pair, a key each
        tap(f"[data-set='{group}']")
    tap("[data-win='4s']")
    second.wait_for_selector("#record:enabled")  # the preview came back: no tap
    assert "Jun +60" in second.inner_text("#preview")
    tap("#record")
    assert tap.count == 10
    mainland.locator(
        "#notice", has_text="第 2 局已在别处记下（另一部手机或笔记本电脑）。"
    ).wait_for()
    for page in phones:
        page.wait_for_selector("[data-hand='2']")
    no_axe_problem(host, "sheet")

    # hand 3: a draw on the 简体 phone, three taps
    draw = Taps(mainland)
    draw("#new-hand")
    draw("[data-winner='__draw']")
    mainland.wait_for_selector("#record:enabled")
    draw("#record")
    assert draw.count == 3
    for page in phones:
        page.wait_for_selector("[data-hand='3']")
    assert shown_totals(host) == {"Ah Fook": "-40", "Mei": "+40", "Jun": "+40", "Lan": "-40"}
    assert host.locator("tr.hand").first.get_attribute("data-hand") == "3"  # newest on top

    # hand 2 amended on the dark phone: it opens as it was written
    third.locator("[data-hand='2'] button.open").tap()
    third.locator("[data-amend='2']").tap()
    third.wait_for_selector("#editor:visible")
    assert chips(third) == PLAIN
    for pressed in ("[data-win='4s']", "[data-winner='Jun']", "[data-how='self_draw']"):
        assert third.get_attribute(pressed, "aria-pressed") == "true", pressed
    assert third.get_attribute("[data-dealer='Mei']", "aria-pressed") == "true"
    third.wait_for_selector("#record:enabled")  # unchanged, it settles as it did
    no_axe_problem(third, "amend editor")
    # Jun as hand 2's dealer: Mei won hand 1, so the rotation gives Mei (R10)
    third.locator("[data-dealer='Jun']").tap()
    third.wait_for_selector("#preview.refused #why li")
    assert "the rotation gives Mei as dealer (R10)" in third.inner_text("#why")
    assert third.is_disabled("#record")
    no_axe_problem(third, "amend editor, refused")
    # Mei dealt; the forgotten kong: Lan's concealed kong of 9m (R8: 2 from each other player)
    third.locator("[data-dealer='Mei']").tap()
    assert chips(third) == PLAIN  # the tiles stayed
    third.locator("#add-kong").tap()
    third.locator("[data-kong-player='Lan']").tap()
    third.locator("[data-kong-type='concealed']").tap()
    third.locator("#keyboard [data-tile='9m']").tap()
    third.wait_for_selector("#record:enabled")
    preview = third.inner_text("#preview")
    for change in ("Ah Fook -40", "Mei -40", "Jun +40", "Lan +40"):  # hand 2 as amended
        assert change in preview, preview
    third.locator("#record").tap()
    host.locator(
        "#notice", has_text="Hand 2 was amended elsewhere (another phone or the laptop)."
    ).wait_for()
    after = {"Ah Fook": "-60", "Mei": "+20", "Jun": "+20", "Lan": "+20"}
    for page in phones:
        page.locator("[data-total='Ah Fook']", has_text="-60").wait_for()
        assert shown_totals(page) == after
    assert settled(night)["totals"] == {"Ah Fook": -60, "Mei": 20, "Jun": 20, "Lan": 20}

    # hand 4 half entered (Lan deals after the draw, R10) when the laptop stops
    host.locator("#new-hand").tap()
    host.locator("[data-winner='Lan']").tap()
    host.locator("[data-how='self_draw']").tap()
    for group in PLAIN[:3]:
        host.locator(f"[data-set='{group}']").tap()
    stop(servers[0])
    for page in phones:
        page.wait_for_selector("#offline:visible")
    for page in (host, second, third):
        assert OFFLINE_EN in page.inner_text("#offline")
    assert "没有响应" in mainland.inner_text("#offline")
    no_axe_problem(host, "the laptop gone")
    for group in PLAIN[3:]:  # the hand goes on while the laptop sleeps
        host.locator(f"[data-set='{group}']").tap()
    host.locator("[data-win='4s']").tap()
    host.wait_for_selector("#preview.refused")  # the preview could not be asked
    again, same = serve_lan(night, port)  # the laptop is back: same port, same file
    servers.append(again)
    assert same == token  # the same link: the phones' cookies still let them in
    for page in phones:
        page.wait_for_selector("#offline", state="hidden")
        assert page.url == link
    host.wait_for_selector("#record:enabled")  # the preview was asked again, by itself
    assert "Lan +60" in host.inner_text("#preview")
    assert chips(host) == PLAIN
    host.reload()  # the half-entered hand is kept in the phone, not only in the open page
    host.wait_for_selector("[data-win='4s'][aria-pressed='true']")
    assert chips(host) == PLAIN
    host.wait_for_selector("#record:enabled")

    # two phones record the same hand 4 at once: one hand, and a question on the second
    second.locator("#new-hand").tap()
    second.locator("[data-winner='Lan']").tap()
    second.locator("[data-how='self_draw']").tap()
    for group in PLAIN:
        second.locator(f"[data-set='{group}']").tap()
    second.locator("[data-win='4s']").tap()
    second.wait_for_selector("#record:enabled")
    # the second phone decides on the night of three hands: it does not see the first's write
    # before its own goes out (its next look at the night answers "nothing changed")
    second.route("**/api/night*", lambda route: route.fulfill(status=304))
    host.locator("#record").tap()
    second.locator("#record").tap()
    host.wait_for_selector("[data-hand='4']")
    second.wait_for_selector("#ask:visible")
    assert (
        second.inner_text("#ask-text")
        == "Hand 4 was just recorded elsewhere (another phone or the laptop): is this the same hand?"
    )
    assert len(settled(night)["hands"]) == 4  # one hand 4, not two
    second.unroute("**/api/night*")
    second.locator("#same-yes").tap()
    second.wait_for_selector("[data-hand='4']")
    assert second.locator("#editor").is_hidden()
    assert len(settled(night)["hands"]) == 4
    for page in phones:
        page.wait_for_selector("[data-hand='4']")
    host.reload()
    host.wait_for_selector("[data-hand='4']")
    assert host.locator("#editor").is_hidden()  # recorded: the draft kept in the phone is gone

    # the undo asks, names the hand and its winner's gain, and every other phone is told
    second.locator("#undo").tap()
    asked = second.inner_text("#ask-text")
    assert asked.startswith("Take back hand 4 (Lan") and asked.endswith(", +60)?"), asked
    second.locator("#undo-yes").tap()
    second.locator("#notice", has_text="Hand 4 was taken back.").wait_for()
    for page in (host, third):
        page.locator("#notice", has_text="Hand 4 was taken back.").wait_for()
    mainland.locator("#notice", has_text="第 4 局已撤回。").wait_for()
    for page in phones:
        page.wait_for_selector("[data-hand='4']", state="detached")
        assert shown_totals(page) == after
    final = settled(night)
    assert len(final["hands"]) == 3
    assert final["totals"] == {"Ah Fook": -60, "Mei": 20, "Jun": 20, "Lan": 20}
    for page in phones:
        assert page.crashes == [] and page.errors == []
