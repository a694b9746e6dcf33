"""A corpus of malformed records: each must give its exit code and message, never a traceback.

Exit 2 for a bad record (the message names the key path and what was
expected), exit 1 for a dispute (SPEC §6).
"""

import pytest
from click.testing import CliRunner

from meizhou_score.cli.app import cli

GOOD = """\
players: [Ah Fook, Mei, Jun, Lan]
dealer: Ah Fook
winner: Mei
win_type: self_draw
hand:
  concealed: 123m 456m 789p 234s 55s
  winning_tile: 4s
"""
DRAW = "players: [Ah Fook, Mei, Jun, Lan]\ndealer: Mei\ndraw: true\n"


def replace(old, new, base=GOOD):
    assert old in base
    return base.replace(old, new)


def add(text, base=GOOD):
    return base + text


CASES = [
    # --- wrong types at every key
    (
        "players-text",
        replace("players: [Ah Fook, Mei, Jun, Lan]", "players: Ah Fook"),
        2,
        "players: expected a list",
    ),
    (
        "players-mapping",
        replace("players: [Ah Fook, Mei, Jun, Lan]", "players: {a: 1}"),
        2,
        "players: expected a list",
    ),
    (
        "player-bool",
        replace("[Ah Fook, Mei, Jun, Lan]", "[Ah Fook, Mei, Jun, No]"),
        2,
        "players[3]: expected a name",
    ),
    (
        "player-list",
        replace("[Ah Fook, Mei, Jun, Lan]", "[Ah Fook, Mei, Jun, [Lan]]"),
        2,
        "players[3]",
    ),
    (
        "dealer-list",
        replace("dealer: Ah Fook", "dealer: [Ah Fook]"),
        2,
        "dealer: expected one of the players",
    ),
    (
        "winner-number",
        replace("winner: Mei", "winner: 3"),
        2,
        "winner: expected one of the players",
    ),
    (
        "win-type-number",
        replace("win_type: self_draw", "win_type: 1"),
        2,
        "win_type: expected one of",
    ),
    (
        "win-type-discard",
        replace("win_type: self_draw", "win_type: discard"),
        2,
        "win_type: expected one of",
    ),
    (
        "hand-text",
        replace(
            "hand:\n  concealed: 123m 456m 789p 234s 55s\n  winning_tile: 4s\n", "hand: 123m\n"
        ),
        2,
        "hand: expected a mapping",
    ),
    (
        "concealed-number",
        replace("concealed: 123m 456m 789p 234s 55s", "concealed: 123"),
        2,
        "hand.concealed: expected tiles as text",
    ),
    (
        "concealed-list",
        replace("concealed: 123m 456m 789p 234s 55s", "concealed: [123m]"),
        2,
        "hand.concealed: expected tiles as text",
    ),
    (
        "winning-tile-list",
        replace("winning_tile: 4s", "winning_tile: [4s]"),
        2,
        "hand.winning_tile",
    ),
    ("pungs-text-number", add("  pungs: 5\n"), 2, "hand.pungs: expected a list"),
    ("pungs-mapping", add("  pungs: {a: 1}\n"), 2, "hand.pungs: expected a list"),
    ("stake-text", add("stake: ten\n"), 2, "stake: expected a positive number"),
    ("stake-zero", add("stake: 0\n"), 2, "stake: expected a positive number"),
    ("stake-negative", add("stake: -5\n"), 2, "stake: expected a positive number"),
    ("stake-inf", add("stake: .inf\n"), 2, "stake: expected a finite number"),
    ("stake-nan", add("stake: .nan\n"), 2, "stake"),
    ("stake-bool", add("stake: true\n"), 2, "stake: expected a positive number"),
    (
        "draw-text",
        add("draw: yes please\n", DRAW.replace("draw: true\n", "")),
        2,
        "draw: expected true or false",
    ),
    ("kongs-mapping", add("kongs: {player: Mei}\n"), 2, "kongs: expected a list"),
    ("kong-text", add("kongs: [5z]\n"), 2, "kongs[0]: expected a mapping"),
    (
        "kong-type",
        add("kongs: [{player: Jun, type: dark, tile: 5z}]\n"),
        2,
        "kongs[0].type: expected one of",
    ),
    (
        "kong-tile-number",
        add("kongs: [{player: Jun, type: concealed, tile: 5}]\n"),
        2,
        "kongs[0].tile",
    ),
    (
        "kong-player-unknown",
        add("kongs: [{player: Bob, type: concealed, tile: 5z}]\n"),
        2,
        "kongs[0].player: expected one of the players",
    ),
    ("claimed-list", add("claimed: [1, 2]\n"), 2, "claimed: expected a mapping"),
    ("claimed-text", add("claimed: {Mei: six}\n"), 2, "claimed.Mei: expected a number"),
    ("rules-list", add("rules: [add]\n"), 2, "rules: expected a mapping"),
    (
        "rules-pattern-text",
        add("rules: {patterns: {all_pungs: two}}\n"),
        2,
        "rules.patterns.all_pungs: expected a whole number from 0 to 1,000,000",
    ),
    (
        "rules-kong-units-negative",
        add("rules: {kong_units: {added: -1}}\n"),
        2,
        "rules.kong_units.added",
    ),
    (
        "rules-combine",
        add("rules: {combine: sum}\n"),
        2,
        "rules.combine: expected one of highest, add, multiply",
    ),
    ("rules-float-ratio", add("rules: {self_draw_share: 2.5}\n"), 2, "rules.self_draw_share"),
    (
        "rules-unknown-pattern",
        add("rules: {patterns: {big_four_winds: 20}}\n"),
        2,
        "unknown pattern id",
    ),
    # --- missing and unknown keys
    ("missing-players", replace("players: [Ah Fook, Mei, Jun, Lan]\n", ""), 2, "players: missing"),
    ("missing-dealer", replace("dealer: Ah Fook\n", ""), 2, "dealer: missing"),
    ("missing-winner", replace("winner: Mei\n", ""), 2, "winner: missing"),
    ("missing-win-type", replace("win_type: self_draw\n", ""), 2, "win_type: missing"),
    ("missing-hand", GOOD.split("hand:")[0], 2, "hand: missing"),
    (
        "missing-concealed",
        replace("  concealed: 123m 456m 789p 234s 55s\n", ""),
        2,
        "hand.concealed: missing",
    ),
    ("missing-winning-tile", replace("  winning_tile: 4s\n", ""), 2, "hand.winning_tile: missing"),
    ("missing-kong-type", add("kongs: [{player: Jun, tile: 5z}]\n"), 2, "kongs[0].type: missing"),
    ("unknown-top", add("notes: a good night\n"), 2, "notes: unknown key"),
    ("typo-winner", replace("winner: Mei", "winer: Mei"), 2, "did you mean 'winner'"),
    ("case-sensitive", replace("winner: Mei", "Winner: Mei"), 2, "Winner: unknown key"),
    ("unknown-hand-key", add("  melds: []\n"), 2, "hand.melds: unknown key"),
    (
        "unknown-kong-key",
        add("kongs: [{player: Jun, type: concealed, tile: 5z, when: late}]\n"),
        2,
        "kongs[0].when: unknown key",
    ),
    ("duplicate-key", add("winner: Jun\n"), 2, "appears twice"),
    # --- tiles and counts
    ("bad-tile-8z", replace("55s", "58z"), 2, "no such tile '8z'"),
    ("bad-tile-letter", replace("55s", "55x"), 2, "unexpected 'x'"),
    ("bad-tile-trailing-digit", replace("55s", "55s5"), 2, "unexpected '5' at column"),
    ("thirteen-tiles", replace("55s", "5s"), 2, "expected 14 tiles"),
    ("fifteen-tiles", replace("55s", "555s"), 2, "expected 14 tiles"),
    (
        "winning-tile-not-held",
        replace("winning_tile: 4s", "winning_tile: 7z"),
        2,
        "not among the concealed tiles",
    ),
    (
        "two-winning-tiles",
        replace("winning_tile: 4s", "winning_tile: 4s5s"),
        2,
        "expected one tile",
    ),
    (
        "five-copies-in-hand",
        replace("concealed: 123m 456m 789p 234s 55s", "concealed: 11111m 2345m 789p 55s").replace(
            "winning_tile: 4s", "winning_tile: 5s"
        ),
        2,
        "5 copies of 1m (5 in hand.concealed)",
    ),
    (
        "five-copies-across-hand-and-kong",
        add("kongs: [{player: Jun, type: concealed, tile: 4s}]\n"),
        2,
        "5 copies of 4s",
    ),
    (
        "two-kongs-same-tile",
        add(
            "kongs: [{player: Jun, type: concealed, tile: 5z}, {player: Lan, type: added, tile: 5z}]\n"
        ),
        2,
        "8 copies of 5z",
    ),
    (
        "chow-under-pungs",
        replace(
            "concealed: 123m 456m 789p 234s 55s", "concealed: 456m 789p 234s 55s\n  pungs: [123m]"
        ),
        2,
        "there is no chow",
    ),
    (
        "pung-of-two",
        replace(
            "concealed: 123m 456m 789p 234s 55s", "concealed: 456m 789p 234s 55s 1m\n  pungs: [11m]"
        ),
        2,
        "hand.pungs[0]: expected a pung",
    ),
    # --- people
    (
        "three-players",
        replace("[Ah Fook, Mei, Jun, Lan]", "[Ah Fook, Mei, Jun]"),
        2,
        "exactly 4 players",
    ),
    (
        "five-players",
        replace("[Ah Fook, Mei, Jun, Lan]", "[Ah Fook, Mei, Jun, Lan, Bo]"),
        2,
        "exactly 4 players",
    ),
    (
        "duplicate-players",
        replace("[Ah Fook, Mei, Jun, Lan]", "[Ah Fook, Mei, Mei, Lan]"),
        2,
        "already seated",
    ),
    (
        "winner-not-seated",
        replace("winner: Mei", "winner: Bob"),
        2,
        "winner: expected one of the players",
    ),
    (
        "dealer-not-seated",
        replace("dealer: Ah Fook", "dealer: Bob"),
        2,
        "dealer: expected one of the players",
    ),
    (
        "robbed-is-winner",
        replace("win_type: self_draw", "win_type: robbed_kong\nrobbed: Mei"),
        2,
        "robbed: the robbed player cannot be the winner",
    ),
    (
        "robbed-not-seated",
        replace("win_type: self_draw", "win_type: robbed_kong\nrobbed: Bob"),
        2,
        "robbed: expected one of the players",
    ),
    (
        "robbed-on-self-draw",
        add("robbed: Jun\n"),
        2,
        "robbed: only allowed when win_type is robbed_kong",
    ),
    (
        "exposed-from-itself",
        add("kongs: [{player: Jun, type: exposed, tile: 5z, from: Jun}]\n"),
        2,
        "kongs[0].from: the discarder must be another player",
    ),
    (
        "exposed-from-stranger",
        add("kongs: [{player: Jun, type: exposed, tile: 5z, from: Bob}]\n"),
        2,
        "kongs[0].from: expected one of the players",
    ),
    (
        "concealed-with-from",
        add("kongs: [{player: Jun, type: concealed, tile: 5z, from: Lan}]\n"),
        2,
        "kongs[0].from: only allowed for an exposed kong",
    ),
    ("claim-stranger", add("claimed: {Bob: 5}\n"), 2, "claimed.Bob: expected one of the players"),
    (
        "draw-with-winner",
        add("winner: Mei\n", DRAW),
        2,
        "winner: not allowed in an exhaustive draw",
    ),
    (
        "draw-with-hand",
        add("hand: {concealed: 11m, winning_tile: 1m}\n", DRAW),
        2,
        "hand: not allowed",
    ),
    # --- the document itself
    ("top-level-list", "- players\n- dealer\n", 2, "expected a mapping"),
    ("top-level-scalar", "just some words\n", 2, "expected a mapping"),
    ("empty-file", "", 2, "expected a mapping; got nothing"),
    ("only-a-comment", "# nothing here\n", 2, "expected a mapping; got nothing"),
    ("binary-garbage", bytes(range(256)) * 4, 2, "not UTF-8"),
    ("non-utf8-latin1", "players: [Jos\xe9]\n".encode("latin-1"), 2, "not UTF-8"),
    ("utf16", GOOD.encode("utf-16"), 2, "not UTF-8"),
    ("python-tag", "!!python/object/apply:os.system ['echo hi']\n", 2, "YAML error"),
    ("python-name-tag", add("stake: !!python/name:os.system\n"), 2, "YAML error"),
    ("custom-tag", add("stake: !money 5\n"), 2, "YAML error"),
    ("yaml-syntax", "players: [Ah Fook, Mei\ndealer: x\n", 2, "line 2, column"),
    ("tab-indent", "players:\n\t- Ah Fook\n", 2, "YAML error"),
    (
        "anchors-and-aliases-ok",
        "players: &p [Ah Fook, Mei, Jun, Lan]\ndealer: Mei\ndraw: true\n",
        0,
        "Exhaustive draw",
    ),
    (
        "alias-as-player-list",
        "base: &p [Ah Fook, Mei, Jun, Lan]\nplayers: *p\ndealer: Mei\ndraw: true\n",
        2,
        "base: unknown key",
    ),
    ("recursive-alias", "players: &a [*a]\n", 2, "refers to the node that contains it"),
    (
        "billion-laughs",
        "a: &a [x,x,x,x,x,x,x,x,x]\n"
        + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n"
            for i in range(9)
        )
        + "players: *j\n",
        2,
        "aliases expand",
    ),
    (
        "ten-megabyte-string",
        add(f"notes: '{'x' * 10_000_000}'\n"),
        2,
        "larger than 4.0 MiB, the limit for a session",
    ),
    ("nesting-10000-deep", "players: " + "[" * 10_000 + "]" * 10_000 + "\n", 2, "nesting depth"),
    (
        "nesting-900-deep-block",
        "".join(" " * i + "- \n" for i in range(900)),
        2,
        "nested more than 8 deep",
    ),
    # --- disputes (exit 1)
    ("not-a-win", replace("55s", "56s"), 1, "is not a winning hand"),
    (
        "not-a-winning-shape",
        replace("234s 55s", "235s 55s").replace("winning_tile: 4s", "winning_tile: 5s"),
        1,
        "not a winning hand",
    ),
    (
        "kong-bloom-without-kong",
        replace("win_type: self_draw", "win_type: kong_bloom"),
        1,
        "owns no kong",
    ),
    ("claims-differ", add("claimed: {Mei: 7}\n"), 1, "Mei: claimed 7, settles 6: 1 over"),
    (
        "orphans-turned-off",
        "players: [A, B, C, D]\ndealer: A\nwinner: B\nwin_type: self_draw\n"
        "hand: {concealed: 19m19p19s1234567z 7z, winning_tile: 7z}\nrules: {patterns: {thirteen_orphans: 0}}\n",
        1,
        "`patterns.thirteen_orphans` is 0 in the house rules",
    ),
]


def test_corpus_is_large_enough():
    assert len(CASES) >= 60
    assert len({c[0] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("name, content, code, fragment", CASES, ids=[c[0] for c in CASES])
def test_malformed(name, content, code, fragment, tmp_path):
    path = tmp_path / f"{name}.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    result = CliRunner().invoke(cli, ["settle", str(path)])
    text = result.stdout + result.stderr
    assert result.exit_code == code, text[:500]
    assert fragment in text, text[:500]
    assert "Traceback" not in text
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    if code == 2:
        assert str(path) in result.stderr  # the message names the file
    assert path.read_bytes() == before


def test_kong_missing_type_with_three_keys_is_a_clear_error():
    # found by tests/test_records_fuzz.py: three keys, none unknown, but "type" missing
    import yaml

    from meizhou_score import RecordError, settle

    rec = yaml.safe_load(GOOD)
    rec["kongs"] = [{"player": "Jun", "tile": "5z", "from": "Lan"}]
    with pytest.raises(RecordError, match=r"kongs\[0\]\.type: missing"):
        settle(rec)
