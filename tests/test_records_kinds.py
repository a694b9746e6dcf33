"""records/kinds.py: the win types and kong types are StrEnums that code compares with, and each is
still the word the JSON and YAML records and every output use."""

from __future__ import annotations

import json
import re

import msgspec
import yaml
from conftest import ROOT

from meizhou_score.records.kinds import KONG_TYPES, WIN_TYPES, KongType, WinType

WORDS = r"self_draw|kong_bloom|robbed_kong|concealed|added|exposed"


def test_the_kinds_are_the_records_words_in_the_documents_order():
    # RULES.md: a hand is won by self-draw (R5), kong bloom (R6) or a robbed kong (R7); a kong is
    # concealed, added or exposed (R8)
    assert WIN_TYPES == ("self_draw", "kong_bloom", "robbed_kong")
    assert KONG_TYPES == ("concealed", "added", "exposed")
    assert all(type(word) is str for word in (*WIN_TYPES, *KONG_TYPES))
    assert WinType.ROBBED_KONG == "robbed_kong" and KongType.EXPOSED == "exposed"
    assert {"exposed": 1}[KongType.EXPOSED] == 1  # hashed as its word: a dict keyed by words
    # written as the word wherever a member reaches an output
    assert json.dumps([WinType.SELF_DRAW]) == '["self_draw"]'
    assert msgspec.json.encode([KongType.ADDED]) == b'["added"]'
    assert f"{WinType.KONG_BLOOM}" == str(WinType.KONG_BLOOM) == "kong_bloom"
    assert yaml.safe_load("win_type: robbed_kong")["win_type"] == WinType.ROBBED_KONG


def test_no_module_compares_a_kind_with_a_bare_word():
    # a misspelt bare word ("robbed-kong") compares false without a sound; a member misspelt is an
    # AttributeError at once, and mypy finds it
    bare = re.compile(rf"""(==|!=)\s*["']({WORDS})["']|["']({WORDS})["']\s*(==|!=)""")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "meizhou_score").rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if bare.search(line)
    ]
    assert found == []
