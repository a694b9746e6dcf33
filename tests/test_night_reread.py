"""A night read again after another writer changed its file: what it shares with the file as read
last is reused (the hands' text not parsed again, the hands from the first not settled again),
and the answer is the one a fresh read gives, byte for byte, refusals included.

Random nights (tests/night_maker.py, house rules included) are grown a hand at a time, have a
hand taken back, a hand in the middle amended, a hand no night accepts written in, and now and
then their text edited in ways that must be read whole (an anchor, a key after the hands, a
comment, a new head). After each change the page's ``GET /api/night`` body made by the long-lived
reader (the server's) equals the one made by a reader that never saw the file before, and its
money equals tests/night_money.py's, worked from the rules alone.
"""

from __future__ import annotations

import copy
import json
import random
from decimal import Decimal

import pytest
from night_maker import make_night, yaml_text
from night_money import night_money

from meizhou_score.errors import MeizhouError
from meizhou_score.night.service import NightFile
from meizhou_score.web.state import States

NIGHTS = 40
NOT_A_HAND = {"winner": "Nobody", "win_type": "self_draw"}


def _text(head: dict, hands: list[dict]) -> str:
    # each hand its own copy: the same dict twice would be dumped as an anchor and an alias
    return yaml_text({**head, "hands": [copy.deepcopy(h) for h in hands]})


def _answer(reader: NightFile, states: States) -> tuple[str, bytes | str]:
    """What the page is answered: the body, or the refusal's words."""
    try:
        seen = reader.read()
        return "body", states.body(seen, "en")
    except MeizhouError as exc:
        return "refused", str(exc)


def _edits(rng: random.Random, head: dict, spare: list[dict]):
    """Each night's file, change after change, as the CLI and a hand-editing player write it:
    (text, the night as data where its money is to be checked)."""
    hands = [spare.pop(0)]
    yield _text(head, hands), {**head, "hands": hands}
    for _ in range(16):
        roll = rng.random()
        if roll < 0.4 and spare:
            hands.append(spare.pop(0))  # record
        elif roll < 0.55 and len(hands) > 1:
            spare.insert(0, hands.pop())  # undo
        elif roll < 0.75 and len(hands) > 2:
            hands[rng.randrange(1, len(hands) - 1)] = rng.choice(hands)  # --amend in the middle
        elif roll < 0.82:
            yield _text(head, [*hands, NOT_A_HAND]), None  # refused, then gone again
        elif roll < 0.86:
            yield _text(head, hands) + "venue: upstairs\n", None  # a key after the hands
        elif roll < 0.9:
            text = _text(head, hands).replace("hands:\n", "hands:\n# the night so far\n")
            yield text, {**head, "hands": hands}
        elif roll < 0.94:
            text = _text(head, hands)
            first = text.index("- ", text.index("hands:"))
            yield text[:first] + "- &first\n  " + text[first + 2 :], {**head, "hands": hands}
        elif roll < 0.97:
            head = {**head, "stake": Decimal("2.5")}  # a new head: settled whole
        yield _text(head, hands), {**head, "hands": list(hands)}


@pytest.mark.parametrize("seed", range(NIGHTS))
def test_a_night_read_again_answers_as_a_fresh_read(tmp_path, seed):
    rng = random.Random(seed)
    night = make_night(rng, seed)
    head = {k: v for k, v in night.items() if k != "hands"}
    # the night's hands, then again: a hand after the last that names no dealer follows it
    spare = [*night["hands"], *night["hands"], *night["hands"]]
    path = tmp_path / "night.yaml"
    kept, states = NightFile(str(path)), States(str(path), False)
    for text, data in _edits(rng, head, spare):
        path.write_text(text, encoding="utf-8")
        again = _answer(kept, states)
        fresh = _answer(NightFile(str(path)), States(str(path), False))
        assert again == fresh
        if data is not None and again[0] == "body":
            body = json.loads(again[1], parse_float=Decimal)
            expected = night_money(copy.deepcopy(data))["totals"]
            assert {p: Decimal(str(v)) for p, v in body["totals"].items()} == expected
