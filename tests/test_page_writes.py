"""What the page writes is what the player decided on (issue 44 §3): two phones (two Chromium
contexts running the page's own script) on a real `serve`. Every write names the version of the
night its question or editor was built from; a poll while one is open changes what is shown beside
it, never what the write claims; a write the night has moved past (412) is told and asked again;
a write tapped while the laptop is down is kept on the phone and sent when it is back.

The night every test starts from (tests/test_page_table.py's NIGHT, stake 10, worked from
RULES.md): hand 1, Ah Fook deals and Mei self-draws an ordinary hand (平胡, ratio 1): each of the
three pays 2 units (R5), Mei +60, the others −20. The winner deals next (R10): Mei; after a draw,
the dealer's next player in seat order (Ah Fook, Mei, Jun, Lan): Mei's draw makes Jun deal.
"""

from __future__ import annotations

import json
import subprocess
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml
from conftest import start_serve
from test_page_table import NIGHT, PLAIN, free_port, phone, serve, stop

JUN_WINS_2 = """  - winner: Jun
    win_type: self_draw
    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}
"""


def hands(night) -> list:
    """The night's hands as the file has them: the winner's name, or "draw"."""
    written = yaml.safe_load(night.read_text(encoding="utf-8"))["hands"]
    return [hand.get("winner") or ("draw" if hand.get("draw") else None) for hand in written]


def version(base) -> str:
    with urllib.request.urlopen(base + "/api/night") as answer:
        return json.loads(answer.read())["version"]


def opened(page, base, hand: int) -> None:
    page.goto(base + "/")
    page.wait_for_selector(f"[data-hand='{hand}']")


def draw_on(page) -> None:
    """A draw recorded on ``page``: + New hand, 荒莊, Record."""
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.click("#record")


def self_draw(page, winner: str) -> None:
    """The editor opened on ``page`` with ``winner``'s ordinary self-draw, its preview back."""
    page.click("#new-hand")
    page.click(f"[data-winner='{winner}']")
    page.click("[data-how='self_draw']")
    for group in PLAIN:
        page.click(f"[data-set='{group}']")
    page.click("[data-win='4s']")
    page.wait_for_selector("#record:enabled")


def test_undo_takes_back_only_the_hand_it_asked_about(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT + JUN_WINS_2, encoding="utf-8")  # hand 2: Mei deals, Jun +60
    base, proc = serve(night)
    try:
        mine, theirs = phone(chromium), phone(chromium)
        opened(mine, base, 2)
        opened(theirs, base, 2)
        asked_on = version(base)
        mine.click("#undo")
        assert mine.inner_text("#ask-text").startswith("Take back hand 2 (Jun")
        draw_on(theirs)  # another phone records hand 3 while the question is open
        mine.wait_for_selector("[data-hand='3']")  # the poll shows it beside the question
        assert mine.inner_text("#ask-text").startswith("Take back hand 2 (Jun")  # unchanged
        beside = mine.locator("#ask-meanwhile:visible").count()
        with mine.expect_response(lambda r: "/api/hands/last" in r.url) as answer:
            mine.click("#undo-yes")
        refused = answer.value
        assert refused.status == 412  # hand 2 is no longer the last: nothing taken back
        assert hands(night) == ["Mei", "Jun", "draw"]
        assert refused.request.headers["if-match"] == f'"{asked_on}"'
        assert parse_qs(urlsplit(refused.request.url).query)["hand"] == ["2"]
        assert beside == 1  # "the night has changed since", beside the question
        # what changed, and the question again about the hand that is last now
        mine.wait_for_selector("#ask:visible")
        assert mine.inner_text("#ask-text") == "Meanwhile hand 3 was recorded elsewhere: draw."
        assert mine.inner_text("#ask-more") == "Take back hand 3 (draw)?"
        mine.click("#undo-yes")
        mine.locator("#notice", has_text="Hand 3 was taken back.").wait_for()
        assert hands(night) == ["Mei", "Jun"]
        assert mine.errors == [] or all("412" in e for e in mine.errors)
        assert theirs.errors == []
    finally:
        stop(proc)


def amend_with_kong(page, owner: str, tile: str) -> None:
    """Hand 1 opened in the editor as it was written, ``owner``'s concealed kong of ``tile``
    added, its preview back."""
    page.click("[data-hand='1'] button.open")
    page.click("[data-amend='1']")
    page.wait_for_selector("#record:enabled")
    page.click("#add-kong")
    page.click(f"[data-kong-player='{owner}']")
    page.click("[data-kong-type='concealed']")
    page.click(f"#keyboard [data-tile='{tile}']")
    page.locator("#preview", has_text=f"{owner} +40").wait_for()
    page.wait_for_selector("#record:enabled")


def kongs_of_hand_1(night) -> list:
    hand = yaml.safe_load(night.read_text(encoding="utf-8"))["hands"][0]
    return [(k["player"], k["tile"]) for k in hand.get("kongs", [])]


def test_an_amendment_is_asked_before_it_replaces_another_phones(tmp_path, chromium):
    # a concealed kong (暗槓) is paid 2 units = 20 by each other player when someone wins (R8):
    # with Mei's self-draw, the kong's owner −20 + 60 = +40, Mei +60 − 20 = +40, the others −40
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    try:
        mine, theirs = phone(chromium), phone(chromium)
        opened(mine, base, 1)
        opened(theirs, base, 1)
        seen = version(base)
        mine.click("[data-hand='1'] button.open")
        mine.click("[data-amend='1']")  # this phone opens hand 1 first
        mine.wait_for_selector("#record:enabled")
        amend_with_kong(theirs, "Lan", "9m")
        theirs.click("#record")
        theirs.locator("#notice", has_text="Hand 1 amended.").wait_for()
        assert kongs_of_hand_1(night) == [("Lan", "9m")]
        mine.locator(
            "#notice", has_text="Hand 1 was amended elsewhere (another phone or the laptop)."
        ).wait_for()
        beside = mine.locator("#meanwhile").count()  # beside the editor; it keeps its hand
        mine.click("#add-kong")
        mine.click("[data-kong-player='Jun']")
        mine.click("[data-kong-type='concealed']")
        mine.click("#keyboard [data-tile='1p']")
        mine.locator("#preview", has_text="Jun +40").wait_for()
        mine.wait_for_selector("#record:enabled")
        with mine.expect_response(lambda r: "/api/hands/1" in r.url) as answer:
            mine.click("#record")
        assert answer.value.status == 412
        assert answer.value.request.headers["if-match"] == f'"{seen}"'  # the editor's night
        assert kongs_of_hand_1(night) == [("Lan", "9m")]  # the other phone's, not replaced
        assert beside == 1
        mine.wait_for_selector("#ask:visible")
        assert mine.inner_text("#ask-text").startswith("Meanwhile hand 1 was amended elsewhere")
        assert mine.inner_text("#ask-more") == "Yours would replace it."
        assert mine.inner_text("#amend-theirs") == "Open hand 1 as it is now"
        with mine.expect_response(lambda r: "/api/hands/1" in r.url) as answer:
            mine.click("#amend-mine")  # asked, and answered: this phone's amendment stands
        assert answer.value.status == 200
        assert kongs_of_hand_1(night) == [("Jun", "1p")]
        mine.locator("#notice", has_text="Hand 1 amended.").wait_for()
        theirs.locator(
            "#notice", has_text="Hand 1 was amended elsewhere (another phone or the laptop)."
        ).wait_for()
        assert theirs.errors == []
    finally:
        stop(proc)


def test_a_draw_entered_before_another_phone_recorded_one_is_asked(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    try:
        mine, theirs = phone(chromium), phone(chromium)
        opened(mine, base, 1)
        opened(theirs, base, 1)
        seen = version(base)
        mine.click("#new-hand")
        mine.click("[data-winner='__draw']")
        mine.locator("#preview", has_text="Mei deals").wait_for()  # hand 2's dealer (R10)
        draw_on(theirs)  # hand 2 recorded on the other phone: Mei dealt, so Jun deals hand 3
        mine.wait_for_selector("[data-hand='2']")
        with mine.expect_response(lambda r: "/api/hands" in r.url) as answer:
            mine.click("#record")
        assert answer.value.status == 412
        assert hands(night) == ["Mei", "draw"]  # not written again as hand 3 unasked
        assert answer.value.request.headers["if-match"] == f'"{seen}"'
        mine.wait_for_selector("#ask:visible")
        assert mine.inner_text("#ask-text") == (
            "Hand 2 was just recorded elsewhere (another phone or the laptop): is this the same hand?"
        )
        assert mine.inner_text("#ask-more") == "Meanwhile hand 2 was recorded elsewhere: draw."
        assert mine.inner_text("#same-no") == "No: record mine as hand 3, Jun deals"
        mine.click("#same-no")  # not the same: written as the answer said
        mine.wait_for_selector("[data-hand='3']")
        assert hands(night) == ["Mei", "draw", "draw"]
        assert "Jun" in mine.inner_text("[data-hand='3'] .dealer")
        # and "the same" drops it: hand 4 entered, the other phone records hand 4 first
        mine.click("#new-hand")
        mine.click("[data-winner='__draw']")
        theirs.wait_for_selector("[data-hand='3']")  # the other phone enters hand 4 on hand 3
        draw_on(theirs)
        mine.wait_for_selector("[data-hand='4']")
        mine.click("#record")
        mine.wait_for_selector("#same-yes")
        mine.click("#same-yes")
        assert mine.locator("#editor").is_hidden()
        assert hands(night) == ["Mei", "draw", "draw", "draw"]
        assert theirs.errors == []
    finally:
        stop(proc)


def test_a_win_asked_again_waits_for_its_new_preview(tmp_path, chromium):
    # Jun's self-draw entered as hand 2 (Mei deals); the other phone records a draw as hand 2, so
    # Jun's hand would be hand 3, dealt by Jun (Mei's next player): another dealer than the
    # preview showed. The money is the same (R5: no dealer bonus), the dealer is not: Record waits
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    try:
        mine, theirs = phone(chromium), phone(chromium)
        opened(mine, base, 1)
        opened(theirs, base, 1)
        self_draw(mine, "Jun")
        saw = mine.inner_text("#preview")
        draw_on(theirs)
        mine.wait_for_selector("[data-hand='2']")
        with mine.expect_response(lambda r: "/api/hands" in r.url) as answer:
            mine.click("#record")
        assert answer.value.status == 412
        assert hands(night) == ["Mei", "draw"]
        assert "Mei deals" in saw and "Jun +60" in saw
        mine.wait_for_selector("#ask:visible")
        assert mine.inner_text("#ask-text") == "Meanwhile hand 2 was recorded elsewhere: draw."
        assert mine.inner_text("#ask-more") == "Record yours as hand 3?"
        assert mine.inner_text("#conflict-again") == "Record mine as hand 3, Jun deals"
        mine.click("#conflict-again")
        mine.locator("#preview", has_text="Jun deals").wait_for()
        mine.locator("#message", has_text="It settles differently now").wait_for()
        assert hands(night) == ["Mei", "draw"]  # nothing written before the player taps again
        assert "Jun +60" in mine.inner_text("#preview")
        mine.click("#record")
        mine.wait_for_selector("[data-hand='3']")
        assert hands(night) == ["Mei", "draw", "Jun"]
    finally:
        stop(proc)


def serve_on(night, port: int) -> subprocess.Popen:
    """`serve NIGHT --port PORT`, answering: the laptop, started again on the same address."""
    return start_serve(night, port=port, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)[1]


@pytest.fixture
def laptop(tmp_path):
    """The night on a port of its own, served by a laptop that the test stops and starts."""
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    port = free_port()
    procs = [serve_on(night, port)]
    yield night, port, procs
    for proc in procs:
        if proc.poll() is None:
            stop(proc)


def test_a_hand_tapped_while_the_laptop_is_down_is_sent_when_it_is_back(laptop, chromium):
    night, port, procs = laptop
    base = f"http://127.0.0.1:{port}"
    page = phone(chromium)
    opened(page, base, 1)
    seen = version(base)
    sent = []
    page.on(
        "request", lambda r: sent.append(r) if r.method == "POST" and "/api/hands" in r.url else 0
    )
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.wait_for_selector("#record:enabled")
    stop(procs[0])
    page.wait_for_selector("#offline:visible")
    with page.expect_event("requestfailed"):
        page.click("#record")
    assert "nothing is lost" not in page.inner_text("#top")
    page.wait_for_selector("#held:visible")
    assert page.inner_text("#held-text") == (
        "Not recorded yet: your hand is kept on this phone and sent, as you entered it,"
        " when the laptop answers."
    )
    assert hands(night) == ["Mei"]
    procs.append(serve_on(night, port))  # the laptop is back: nobody taps anything
    page.wait_for_selector("[data-hand='2']")
    page.wait_for_selector("#held", state="hidden")
    assert hands(night) == ["Mei", "draw"]
    assert {r.headers.get("if-match") for r in sent} == {f'"{seen}"'}  # the version decided on
    assert len([r for r in sent if r.response() and r.response().status == 201]) == 1


def test_a_hand_kept_on_the_phone_asks_when_the_night_moved_on(laptop, chromium):
    # kept on the phone while the laptop is down; meanwhile a draw is written to the file itself.
    # The phone's tab is closed and opened again: the kept hand is sent with its version, refused
    # (412), and the player is asked, not obeyed twice
    night, port, procs = laptop
    base = f"http://127.0.0.1:{port}"
    page = phone(chromium)
    opened(page, base, 1)
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.wait_for_selector("#record:enabled")
    stop(procs[0])
    page.wait_for_selector("#offline:visible")
    page.click("#record")
    page.wait_for_selector("#held:visible")
    context = page.context
    page.close()
    night.write_text(NIGHT + "  - draw: true\n", encoding="utf-8")
    procs.append(serve_on(night, port))
    again = context.new_page()
    again.goto(base + "/")
    again.wait_for_selector("#ask:visible")
    assert again.inner_text("#ask-text") == (
        "Hand 2 was recorded while this phone waited for the laptop: is it the hand you entered?"
    )
    assert hands(night) == ["Mei", "draw"]
    again.click("#same-yes")
    again.wait_for_selector("#held", state="hidden")
    assert again.locator("#editor").is_hidden()
    assert hands(night) == ["Mei", "draw"]


# What POST /api/hands, PUT /api/hands/N and POST /api/preview take (docs/web.md), and the keys
# inside: the page is a writer, and sends nothing the API does not document
HAND_KEYS = {"winner", "win_type", "robbed", "hand", "kongs", "claimed", "draw", "dealer"}
BODY_KEYS = {
    "POST /api/hands": HAND_KEYS | {"table", "allow_dispute", "version"},
    "PUT /api/hands/N": HAND_KEYS | {"allow_dispute", "version"},
    "POST /api/preview": HAND_KEYS | {"table", "amend"},
    "POST /api/ledger": {"version"},
}
INSIDE = {
    "hand": {"concealed", "pungs", "winning_tile"},
    "table": {"players", "stake", "date", "rules"},
}
KONG_KEYS = {"player", "type", "tile", "from"}
WRITES = {"POST /api/hands", "PUT /api/hands/N", "DELETE /api/hands/last", "POST /api/ledger"}


def endpoint(request) -> str:
    path = urlsplit(request.url).path
    return f"{request.method} " + ("/api/hands/N" if path[11:].isdigit() else path)


def test_what_the_page_sends_is_what_the_api_documents(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    base, proc = serve(night)
    try:
        page = phone(chromium)
        sent, served = [], []
        page.on("request", lambda r: sent.append(r) if r.method != "GET" else None)
        page.on("response", lambda r: served.append(r.headers.get("etag")))
        page.goto(base + "/")
        page.wait_for_selector("#player0")
        for n, name in enumerate(["Ah Fook", "Mei", "Jun", "Lan"]):
            page.fill(f"#player{n}", name)
        page.fill("#stake", "10")
        page.wait_for_selector("#rules option[value='bao_kong']", state="attached")
        page.select_option("#rules", "bao_kong")
        page.click("#start")
        # hand 1: Mei self-draws 123m 456m 234s 55s with an exposed pung of 7p, on 4s, and Lan's
        # concealed kong of 9m
        page.click("[data-dealer='Ah Fook']")
        page.click("[data-winner='Mei']")
        page.click("[data-how='self_draw']")
        page.click("#add-pung")
        page.click("#keyboard [data-tile='7p']")
        for group in ("123m", "456m", "234s", "55s"):
            page.click(f"[data-set='{group}']")
        page.click("[data-win='4s']")
        page.click("#add-kong")
        page.click("[data-kong-player='Lan']")
        page.click("[data-kong-type='concealed']")
        page.click("#keyboard [data-tile='9m']")
        page.wait_for_selector("#record:enabled")
        page.click("#record")
        page.wait_for_selector("[data-hand='1']")
        draw_on(page)
        page.wait_for_selector("[data-hand='2']")
        page.click("[data-hand='1'] button.open")
        page.click("[data-amend='1']")
        page.wait_for_selector("#record:enabled")
        page.click("#record")
        page.locator("#notice", has_text="Hand 1 amended.").wait_for()
        page.click("#undo")
        page.click("#undo-yes")
        page.wait_for_selector("[data-hand='2']", state="detached")
    finally:
        stop(proc)
    seen = {tag for tag in served if tag}
    asked = {endpoint(r) for r in sent}
    assert {"POST /api/hands", "PUT /api/hands/N", "DELETE /api/hands/last"} <= asked
    assert asked <= WRITES | {"POST /api/preview"}, asked
    for request in sent:
        name = endpoint(request)
        query = parse_qs(urlsplit(request.url).query)
        assert set(query) <= {"lang", "hand", "version"} and query["lang"] == ["en"], request.url
        if name in WRITES:  # every write names a version this phone was given, as If-Match
            assert request.headers.get("if-match") in seen, (name, request.headers)
        else:
            assert "if-match" not in request.headers
        if name == "DELETE /api/hands/last":
            assert request.post_data is None and query["hand"] == ["2"]
            continue
        body = json.loads(request.post_data)
        assert set(body) <= BODY_KEYS[name], (name, body)
        for key, allowed in INSIDE.items():
            assert set(body.get(key, {})) <= allowed, (name, body)
        for kong in body.get("kongs", []):
            assert set(kong) <= KONG_KEYS, (name, body)
    first = json.loads(next(r for r in sent if endpoint(r) == "POST /api/hands").post_data)
    assert first["table"]["rules"] == "bao_kong" and first["hand"]["pungs"] == ["777p"]
    assert first["kongs"] == [{"player": "Lan", "type": "concealed", "tile": "9m"}]


def test_a_hand_refused_by_a_night_not_set_up_is_asked_about(tmp_path, chromium):
    # the editor is begun on friday (one hand); night.yaml is then pointed at saturday, which has
    # no file yet: Record is refused (412, the night it names now has no hand) and the page says
    # so and asks, as after "set up on another phone", instead of failing on a table it lacks
    friday = tmp_path / "friday.yaml"
    friday.write_text(NIGHT, encoding="utf-8")
    night = tmp_path / "night.yaml"
    night.symlink_to("friday.yaml")
    base, proc = serve(night)
    try:
        page = phone(chromium)
        opened(page, base, 1)
        page.click("#new-hand")
        page.click("[data-winner='__draw']")
        page.wait_for_selector("#record:enabled")
        (tmp_path / "link.new").symlink_to("saturday.yaml")
        (tmp_path / "link.new").replace(night)
        with page.expect_response(lambda r: "/api/hands" in r.url) as answer:
            page.click("#record")
        assert answer.value.status == 412
        page.wait_for_selector("#ask:visible")
        assert page.inner_text("#ask-text") == (
            "Meanwhile the night changed elsewhere (another phone, or the file itself)."
        )
        assert page.inner_text("#conflict-again") == "Enter my hand in this night"
        assert page.locator("#editor").is_hidden()  # the hand was entered for friday's table
        assert friday.read_text(encoding="utf-8") == NIGHT  # nothing written anywhere
        assert not (tmp_path / "saturday.yaml").exists()
        # the refused Record's 412, and at most a preview sent before the question came up,
        # refused (422) by the night without a table: no script error
        assert all("412" in e or "422" in e for e in page.errors), page.errors
    finally:
        stop(proc)


def test_a_page_whose_words_were_not_answered_comes_up_when_they_are(tmp_path, chromium):
    # the page is opened just as the laptop stops: its words (/static/words.json) get no answer;
    # it asks again, and shows the night (hand 1) once the laptop answers, instead of staying blank
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    try:
        page = phone(chromium)
        lost = []

        def words(route):
            if not lost:
                lost.append(route.request.url)
                route.abort("connectionrefused")
            else:
                route.continue_()

        page.route("**/static/words.json", words)
        page.goto(base + "/")
        page.wait_for_selector("[data-hand='1']")
        assert lost == [base + "/static/words.json"]
    finally:
        stop(proc)
