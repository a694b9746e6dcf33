"""club/store.py: a night's identity is worked out from its data, and ledgers of version 1 are migrated."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from meizhou_score.cli.app import cli
from meizhou_score.club.identity import night_identity
from meizhou_score.records.loader import load_record
from meizhou_score.records.rules import DEFAULT_RULES

SINCE_VERSION_ONE = ("robbed_kong_paid", "robbable_kongs")


def _version_one_identity(data, rules) -> str:
    """How version 1 identified a night: a hash of what the JSON printer wrote (msgspec), numbers as text."""
    import msgspec

    printed = msgspec.json.Encoder(decimal_format="number").encode(data)
    exact = json.loads(printed, parse_float=str, parse_int=str)
    canonical = json.dumps(exact, sort_keys=True, ensure_ascii=False)
    # version 1 had no robbed_kong_paid and no robbable_kongs: the rules it hashed were the others
    kept = {k: v for k, v in rules.as_dict().items() if k not in SINCE_VERSION_ONE}
    ruled = json.dumps(kept, sort_keys=True)
    return hashlib.sha256(f"{canonical}\n{ruled}".encode()).hexdigest()


@pytest.mark.parametrize(
    "name", ["session.yaml", "self-draw.yaml", "house-rules-hand.yaml", "kongs-every-type.yaml"]
)
def test_the_identity_from_the_data_is_the_one_version_one_stored(name):
    data = load_record(str(EXAMPLES / name))
    assert night_identity(data, DEFAULT_RULES) == _version_one_identity(data, DEFAULT_RULES)


def test_numbers_keep_their_digits_and_keys_their_order_does_not_matter():
    a = {"players": ["A", "B", "C", "D"], "stake": __import__("decimal").Decimal("2.50")}
    b = {"stake": __import__("decimal").Decimal("2.50"), "players": ["A", "B", "C", "D"]}
    c = {"players": ["A", "B", "C", "D"], "stake": __import__("decimal").Decimal("2.5")}
    assert (
        night_identity(a, DEFAULT_RULES)
        == night_identity(b, DEFAULT_RULES)
        != night_identity(c, DEFAULT_RULES)
    )


def test_a_version_one_ledger_is_migrated_and_still_knows_its_nights(tmp_path):
    db = tmp_path / "club.sqlite3"
    run = CliRunner().invoke
    night = str(EXAMPLES / "session.yaml")
    assert run(cli, ["ledger", "--db", str(db), "add", night]).exit_code == 0
    conn = sqlite3.connect(
        db
    )  # back to version 1's schema: no origin, no night counter, the old identity
    conn.execute("DROP INDEX nights_by_origin")
    conn.execute("ALTER TABLE nights DROP COLUMN origin")
    conn.execute("DROP TABLE counters")
    conn.execute("DROP TABLE payments")
    for index in ("hands_by_winner", "hands_by_robbed", "kongs_by_player", "seats_by_player"):
        conn.execute(f"DROP INDEX {index}")
    conn.execute("UPDATE nights SET hash = 'stored by an older program'")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    again = run(
        cli, ["ledger", "--db", str(db), "add", night]
    )  # opening migrates; the night is known
    assert again.exit_code == 0 and "already" in again.output
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 6
    assert conn.execute("SELECT COUNT(*) FROM nights").fetchone()[0] == 1


def test_a_ledger_error_says_whether_the_disk_refused_as_a_typed_field():
    # errors.py is the package's one home of its error types: LedgerError's disk (the server's
    # 507) is a field of its own, given when it is made, where it was set on the error afterwards
    # and read back by getattr; SQLite's primary codes: 13 SQLITE_FULL, 10 SQLITE_IOERR, 8 READONLY
    from meizhou_score.club.store import guarded
    from meizhou_score.errors import LedgerError, MeizhouError
    from meizhou_score.i18n.messages import msg

    assert LedgerError(msg("no such night")).disk is False
    assert LedgerError(msg("no such night"), disk=True).disk is True
    said = {}
    for code, name in ((13, "full"), (10 | (3 << 8), "io"), (8, "readonly")):
        refused = sqlite3.OperationalError(f"the {name} refusal")
        refused.sqlite_errorcode = code  # as SQLite sets it on the errors it raises
        with pytest.raises(LedgerError) as caught:
            with guarded("club.sqlite3"):
                raise refused
        assert isinstance(caught.value, MeizhouError) and f"the {name} refusal" in str(caught.value)
        said[name] = caught.value.disk
    assert said == {"full": True, "io": True, "readonly": False}
