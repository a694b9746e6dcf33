"""A night's identity in the ledger never changes: the example nights' stored identities, pinned.

The identities below were worked out by the program of version 1 of the rules table (before
house rules became rows, and before the robbed kong followed the self-draw share) and are what
ledgers hold today. This is the one place where the program's own output is pinned on purpose:
a stored identity that changed would make the same night, added again, a second night.
"""

from __future__ import annotations

import sqlite3

import pytest
import yaml
from click.testing import CliRunner
from conftest import EXAMPLES

from meizhou_score.cli.app import cli
from meizhou_score.club.identity import night_identity
from meizhou_score.records.loader import load_record
from meizhou_score.records.rules import DEFAULT_RULES

# each example night under the default rules, as version 1 stored it
STORED = {
    "night-with-a-mistake.yaml": "63a220e60c256fae38089b4b33f03eb9c7f8253ee9d5681e97ea590f8fefd3ca",
    "all-pungs.yaml": "b316a2d858ba4b7d268e14607d70f54fcf4034be1744e4942b6e7dbaf315271e",
    "bao-kong.yaml": "4146e65e8b23353969d7a4dd98fb284348b3c4588850752cfe8dd03e58c467a4",
    "dealer-keeps-deal.yaml": "01f38b27a701583658f6f3880a43c4628e634950065c8f362b4e48fc586e95e0",
    "draw.yaml": "e04a2b9c6391d96210732b317c75fd6b4b8216f567af33ac1ea903b04275aa5c",
    "house-rules-hand.yaml": "4211c0d9e3a246c21f397f52d7395e38696015c796d78d53765060672369a61d",
    "kong-bloom.yaml": "201bca121a4f84297e1eac4acdd9e1f7587152de4f0cc45e43a69975d1755949",
    "kongs-every-type.yaml": "179232e6bf0335148e3af49c7ca5bc7f5470a8afed694fd791b635d61809e9f5",
    "kongs-worked-example.yaml": "00a2d499ce0b49b8039252af2624721b500f98f88c05b1c69004a380bf5fdb95",
    "luxury-seven-pairs.yaml": "b56e7f1cea158259cb42772c935e332e8332ff36e5e2cb843338d33fe00dc8c3",
    "pure-one-suit.yaml": "d1798156a870a8c7ed5d3314864c6ff577aa5e1b129e8ad617b2e25154074315",
    "robbed-kong-ordinary.yaml": "c5b93250c942a7109542eaceb88dd051c7b7c652ec68d23ce890ff24982a1322",
    "robbed-kong.yaml": "c1115292678235e4574dc687824d6d4ea2058c6dfb2c28d68d345a1538d1f85f",
    "self-draw.yaml": "ef9edb9b55db4d27d663858c3cd0b9badccc934cdd6ac69a916e2ed51289cb26",
    "session.yaml": "6573abbae7d40e68ef86939b9a0161f54dbbdade15a5747f2157739a3f6a4afd",
    "seven-pairs.yaml": "d589c935170811c4e3304d076dcdaeab67585061410bbaeb584d8b035f191d13",
    "thirteen-orphans.yaml": "cbb81abad9adbc55f5fec17a21cf5b229cb3a8f9ae8b5b76fa73a637b2010901",
}
# the same nights added with --rules examples/house-rules.yaml (self_draw_share 3, and no
# robbed_kong_share: version 1 stored its default 6; the robbed kong now follows the share, and the
# identity of a night that did not set it must not move)
STORED_UNDER_HOUSE_RULES = {
    "house-rules-hand.yaml": "348f5980dba466c22ef5e9743b535b5f000165f4d4406abebb2759b834b4ffea",
    "session.yaml": "ca2897410a22f8ede9de4620dcde07c18c6187b0a9046f112a64c78d9df0c385",
    "robbed-kong.yaml": "eccdeef03b06e90958ca9487560e1d903a57cb98e9b994abeedee82fa1f5a062",
}


def _house_rules():
    with open(EXAMPLES / "house-rules.yaml", encoding="utf-8") as handle:
        return DEFAULT_RULES.override(yaml.safe_load(handle))


def test_every_example_night_is_pinned():
    nights = {
        p.name
        for p in EXAMPLES.glob("*.yaml")
        if not p.name.startswith("bad-") and p.name != "house-rules.yaml"
    }
    assert nights == set(STORED)


@pytest.mark.parametrize("name", sorted(STORED))
def test_the_identity_of_an_example_night_never_changes(name):
    assert night_identity(load_record(str(EXAMPLES / name)), DEFAULT_RULES) == STORED[name]


@pytest.mark.parametrize("name", sorted(STORED_UNDER_HOUSE_RULES))
def test_the_identity_under_house_rules_never_changes(name):
    identity = night_identity(load_record(str(EXAMPLES / name)), _house_rules())
    assert identity == STORED_UNDER_HOUSE_RULES[name]


def test_the_ledger_stores_the_pinned_identities(tmp_path):
    # through the real command and a real SQLite file: what `ledger add` writes in nights.hash
    db = str(tmp_path / "club.sqlite3")
    run = CliRunner().invoke
    assert run(cli, ["ledger", "--db", db, "add", str(EXAMPLES / "session.yaml")]).exit_code == 0
    house = ["--rules", str(EXAMPLES / "house-rules.yaml")]
    added = run(cli, ["ledger", "--db", db, "add", *house, str(EXAMPLES / "house-rules-hand.yaml")])
    assert added.exit_code == 0, added.output
    with sqlite3.connect(db) as conn:
        hashes = [h for (h,) in conn.execute("SELECT hash FROM nights ORDER BY id")]
    assert hashes == [STORED["session.yaml"], STORED_UNDER_HOUSE_RULES["house-rules-hand.yaml"]]
