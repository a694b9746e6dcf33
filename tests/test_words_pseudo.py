"""The proof that a language is one catalog and one line (issue 32 §3): a test-only
pseudo-language, en-XA — English with every letter accented and every sentence in brackets
("[Ŝéţţļé ...]") — is registered at run time and runs every command. No key may be missing, and
no plain English may be left: an English word in its output is a word some module still writes
itself instead of asking the catalog.

en-XA never ships: it is made here, from the English catalogs, as Simplified is made from
Traditional.
"""

from __future__ import annotations

import json
import re

import pytest
import yaml
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from meizhou_score.cli.app import cli
from meizhou_score.cli.shared.speaking import commands
from meizhou_score.engine.patterns import BY_ID
from meizhou_score.i18n import catalog as catalogs
from meizhou_score.i18n import language as languages
from meizhou_score.i18n import words as _words  # noqa: F401 - registers the catalog of words
from meizhou_score.records.rules import DEFAULTS, ROWS
from meizhou_score.records.schema import RECORD, SESSION
from meizhou_score.web import words as _web  # noqa: F401 - registers the catalog of the web

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
ACCENTS = str.maketrans(_PLAIN, _ACCENTED)
# what a translator keeps as it is: a blank to fill ({name}, %(prog)s) and an id before = (player=)
_KEPT = re.compile(r"(\{[^{}]*\}|%\(\w+\)[sd]|^\w+=|meizhou-score)")


def pseudo(text: str) -> str:
    """The one catalog of en-XA: English, each letter accented, each sentence (a line, a cell
    between |) in brackets; blanks to fill are kept."""
    return "\n".join("|".join(_cell(cell) for cell in line.split("|")) for line in text.split("\n"))


def _cell(text: str) -> str:
    core = text.strip()
    if not re.search("[A-Za-z]", re.sub(_KEPT, "", core)):
        return text
    start = text.index(core)
    pieces = _KEPT.split(core)
    said = "".join(p if n % 2 else p.translate(ACCENTS) for n, p in enumerate(pieces))
    if re.match(r"\w+=", core):  # player=[þļàýéŕ]
        head, _, rest = said.partition("=")
        said = f"{head}=[{rest}]"
    else:
        said = f"[{said}]"
    return text[:start] + said + text[start + len(core) :]


XA = languages.Language(
    "en-XA", ("‹", "›"), ", ", ": ", "ý", "ñ", "đéƒàûļţ", source="en", make=pseudo
)


def test_the_pseudo_catalog_keeps_the_blanks():
    assert pseudo("Settle {path!r}: {n} hand{n:s}") == "[Šéţţļé {path!r}: {n} ĥàñđ{n:s}]"
    assert pseudo("player=player|net=net") == "player=[þļàýéŕ]|net=[ñéţ]"
    assert pseudo(", ") == ", " and pseudo("%(prog)s, version %(version)s").startswith("[%(prog)s")


def test_no_key_is_missing(en_xa):
    for kind in catalogs.KINDS:
        english = catalogs.catalog("en", kind)
        assert english, kind
        assert set(catalogs.catalog(en_xa, kind)) == set(english), kind
    # the Traditional catalogs say every word the English ones do
    for kind in ("messages", "words", "click"):
        missing = set(catalogs.catalog("en", kind)) - set(catalogs.catalog("zh-Hant", kind))
        assert not missing, (kind, sorted(missing)[:5])


def _keys(schema) -> set[str]:
    """Every key a schema names, at any depth."""
    found = set()
    if isinstance(schema, dict):
        found |= set(schema.get("properties", {}))
        for value in schema.values():
            found |= _keys(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= _keys(value)
    return found


# the ids of a record's keys, the house rules and the patterns, and the values of choices
IDS = sorted(
    {*_keys(RECORD), *_keys(SESSION), *DEFAULTS, *BY_ID, *(c.id for r in ROWS for c in r.choices)}
    | {"table", "json", "csv", "night", "week", "month", "nosuch"}
    | {"true", "false"}  # a yes-or-no house rule's values, as a file writes them (robbed_kong_paid)
)
# what a line may show in plain letters: names, tile codes, files, rule ids, options, the program's
# commands and what a player types as it is (an example line, the usage line)
ALLOWED = re.compile(
    r"\b(?:Ah Fook|Mei|Jun|Lan)\b|\b\d*[mpsz]\b|\b[\d1-9]+[mpsz](?:\s*[\d1-9]+[mpsz])*\b"
    r"|[\w./~*:<>-]+\.(?:yaml|json|jsonl|md|svg|sqlite3|db|txt)\b|--?[\w-]+|\bR\d+\b"
    r"|\b[A-Z][A-Z_0-9]*\b|\b\w*://\S*|\bmeizhou[-_]score\b|\bzh(?:[-_]\w+)?\b|\ben(?:-XA)?\b"
    # ids a file or an option is written with: key paths (hand.pungs[0]), keys, values, choices
    r"|\b\w+(?:\[\d+\])?(?:\.\w+(?:\[\d+\])?)+|\b[a-z]+_[a-z_]+\b|\b[a-z]+\[\d+\]"
    rf"|\b(?:{'|'.join(IDS)})\b"
)


def plain_english(text: str) -> list[str]:
    """The lines of ``text`` that still hold a plain English word."""
    left = []
    for line in text.splitlines():
        if line.strip().startswith(("meizhou-score ", "--", "cat ")) or "meizhou-score " in line:
            continue  # an example or the usage line, typed as it is
        if re.search("[A-Za-z]{2,}", ALLOWED.sub("", line)):
            left.append(line)
    return left


# a run of Chinese: the characters and the full-width punctuation set with them
_CHINESE = re.compile("[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]+")


def chinese_left(text: str, english: str) -> list[str]:
    """The lines of ``text`` that hold Chinese the English output of the same command does not
    show: English shows some deliberately (its column 中文, 一萬 beside 1m, "self-draw (自摸)"), and
    a language made from English may keep that; any other Chinese is a word some module chose by
    asking "is it English?" and answering no."""
    shown = set(_CHINESE.findall(english))
    return [line for line in text.splitlines() if set(_CHINESE.findall(line)) - shown]


def _run(*args, env=None, input=None, code=None):
    """What a command says; with ``code``, the exit code it must end with (its work done)."""
    result = CliRunner().invoke(
        cli, [str(a) for a in args], env=env, input=input, prog_name="meizhou-score"
    )
    said = result.output + (result.stderr if result.stderr_bytes else "")
    assert code is None or result.exit_code == code, (args, said)
    return said


def _every_output(lang: str, tmp_path) -> list[tuple[str, str]]:
    said = []
    for example in sorted(EXAMPLES.glob("*.yaml")):
        rules = (
            ["--rules", EXAMPLES / "house-rules.yaml"] if "house-rules-hand" in example.name else []
        )
        for extra in ((), ("--explain",)):
            said.append((example.name, _run("settle", example, *rules, "--lang", lang, *extra)))
    said.append(
        ("session", _run("settle", EXAMPLES / "session.yaml", "--settle-up", "--lang", lang))
    )
    for tiles in ("11122233388899m", "1112345678999m", "19m19p19s1234567z1m", "12m456p789s11z"):
        said.append((tiles, _run("check", *tiles.split(), "--lang", lang)))
    said.append(
        (
            "melds",
            _run("check", "123m 456p 11z", "--pung", "777z", "--kong", "5555s", "--lang", lang),
        )
    )
    said.append(("rules", _run("rules", "--lang", lang)))
    said.append(
        ("rules house", _run("rules", "--rules", EXAMPLES / "house-rules.yaml", "--lang", lang))
    )
    for n in range(1, 12):
        said.append((f"R{n}", _run("rules", "--explain", f"R{n}", "--lang", lang)))
    said.append(("deal", _run("deal", "10", "5", "--lang", lang)))
    named = ("--players", "Ah Fook,Mei,Jun,Lan")
    said.append(("deal named", _run("deal", "10", "5", *named, "--dealer", "Mei", "--lang", lang)))
    said.append(("deal seats", _run("deal", "--seats", "7", *named, "--lang", lang)))
    db = tmp_path / f"{lang}.sqlite3"
    added = _run(
        "ledger",
        "--db",
        db,
        "add",
        EXAMPLES / "session.yaml",
        EXAMPLES / "self-draw.yaml",
        "--lang",
        lang,
    )
    said.append(("ledger add", added))
    for report in ("nights", "totals", "stats", "history", "payments", "settle-up", "check"):
        said.append((f"ledger {report}", _run("ledger", "--db", db, report, "--lang", lang)))
    said.append(
        ("ledger pay", _run("ledger", "--db", db, "pay", "Mei", "Jun", "20", "--lang", lang))
    )
    for path, _ in commands(cli):
        args = [] if path == "meizhou-score" else path.split()
        said.append((f"{path} --help", _run(*args, "--help", "--lang", lang)))
    said.append(("nosuch", _run("nosuch", "--lang", lang)))
    said.append(("bad option", _run("settle", EXAMPLES / "draw.yaml", "--nosuch", "--lang", lang)))
    return said


TABLE = ("--players", "Ah Fook,Mei,Jun,Lan", "--stake", "10", "--dealer", "Ah Fook")
HAND = ("--winner", "Mei", "--self-draw", "--hand", "123m 456m 789p 234s 55s", "--winning-tile")


def _record_outputs(lang: str, tmp_path) -> list[tuple[str, str]]:
    """``record`` by flags and by answers piped in (``<`` back one question, the language's yes),
    ``record --amend`` (Enter keeps each answer), ``undo``, the night's file itself, and ``audit``
    (no --lang: the locale's language; a tiny input is settled in this process, without Dask's
    cluster)."""
    folder = tmp_path / lang
    folder.mkdir()
    night, yes = folder / "night.yaml", languages.language(lang).yes
    said = [
        (
            "record flags",
            _run("record", night, *TABLE, *HAND, "4s", "--yes", "--lang", lang, code=0),
        )
    ]
    asked = "1\n<\n1\n1\n123m 456m 789p 234s 55s\n4s\n\n" + yes + "\n"
    said.append(
        ("record asked", _run("record", night, "--ask", "--lang", lang, input=asked, code=0))
    )
    kept = "\n" * 7 + yes + "\n"
    said.append(
        ("amend", _run("record", night, "--amend", "--ask", "--lang", lang, input=kept, code=0))
    )
    said.append(("undo", _run("undo", night, "--yes", "--lang", lang, code=0)))
    said.append(("the night's file", night.read_text(encoding="utf-8")))
    lines = folder / "hands.jsonl"
    lines.write_text(
        "".join(
            f"{json.dumps(yaml.safe_load(EXAMPLES.joinpath(n).read_text()), default=str)}\n"
            for n in ("self-draw.yaml", "draw.yaml")
        )
        + '{"nonsense": 1}\n',
        encoding="utf-8",
    )
    locale = {"LC_ALL": "en_XA.UTF-8" if lang == "en-XA" else "C.UTF-8"}
    said.append(("audit", _run("audit", lines, "--out", folder / "audited", env=locale, code=2)))
    return said


def test_every_command_speaks_the_pseudo_language(en_xa, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    (tmp_path / "en").mkdir()
    pseudo_said = _every_output(en_xa, tmp_path) + _record_outputs(en_xa, tmp_path)
    english_said = _every_output("en", tmp_path / "en") + _record_outputs("en", tmp_path / "en")
    left = {}
    for (what, text), (_, english) in zip(pseudo_said, english_said, strict=True):
        assert "Traceback" not in text, (what, text)
        found = plain_english(text) + chinese_left(text, english)
        if found:
            left[what] = found
    assert not left, "\n".join(f"{what}: {line}" for what, lines in left.items() for line in lines)


@pytest.mark.parametrize(
    ("lang", "default", "shown", "typed", "said"),
    [
        ("en", True, "Go? [Y/n]: ", "", True),
        ("en", False, "Go? [y/N]: ", "y", True),
        ("zh-Hant", True, "Go? [是/否，默認 是]：", "否", False),
        ("zh-Hans", False, "Go? [是/否，默认 否]：", "", False),
    ],
)
def test_a_question_shows_its_default_as_the_language_does(lang, default, shown, typed, said):
    import click

    from meizhou_score.cli.shared.options import confirm

    @click.command()
    def ask():
        click.echo(f"={confirm('Go?', default, lang)}")

    result = CliRunner().invoke(ask, input=typed + "\n")
    assert result.output == f"{shown}{typed}\n={said}\n"
