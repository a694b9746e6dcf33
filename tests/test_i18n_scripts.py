"""Two scripts of Chinese: zh-Hans made from our Traditional words by OpenCC's table, chosen by the locale.

OpenCC itself is the referee here: the checked-in table must be what OpenCC makes today, every Simplified
output must be left alone by OpenCC's t2s, every Traditional output by its s2t.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import opencc
import pytest
from click.testing import CliRunner

from meizhou_score.cli import cli
from meizhou_score.i18n import make_simplified
from meizhou_score.i18n.language import language_of
from meizhou_score.i18n.mainland import mainland
from meizhou_score.i18n.messages import _chinese_table
from meizhou_score.i18n.scripts import in_script, simplified
from meizhou_score.i18n.words import WORDS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
T2S = opencc.OpenCC("t2s").convert
TW2SP = opencc.OpenCC(
    "tw2sp"
).convert  # the words as the mainland says them: 檔案 → 文件, 伺服器 → 服务器
S2T = opencc.OpenCC("s2t").convert
BLANK = re.compile(r"\{([^{}:]*)[^{}]*\}")  # a blank's name (an English plural's :s aside)
CJK = re.compile(r"[\u3400-\u9fff「」“”]+")
CJK_RUN = re.compile(make_simplified.RUN)  # the run the table converts


SPACE = re.compile(r"\s+")
FIGURES = re.compile(r"[^0-9A-Za-z_.+]")  # all but the figures, names and ids


def MAINLAND(text: str) -> str:
    """OpenCC's tw2sp run by run with the reviewed words (文件 stays 文件), then the mainland's
    words and quotes (meizhou_score/i18n/mainland.py)."""
    return mainland(
        CJK_RUN.sub(lambda run: make_simplified._with_reviewed(run[0], TW2SP(run[0])), text)
    )


def test_the_checked_in_table_is_what_opencc_makes_today():
    made = make_simplified.sources(T2S, TW2SP)
    assert set(made) == set(make_simplified.MODULES)
    for module, text in made.items():
        assert text == module.read_text(encoding="utf-8"), (
            f"{module.name}: run python -m meizhou_score.i18n.make_simplified"
        )


@pytest.mark.parametrize(
    "traditional, expected",
    [
        ("槓", "杠"),  # never 扛
        ("槓上開花", "杠上开花"),
        ("搶槓", "抢杠"),
        ("莊", "庄"),
        ("荒莊", "荒庄"),
        ("萬", "万"),
        ("條", "条"),
        ("筒", "筒"),
        ("五萬", "五万"),
        ("九條", "九条"),
        ("三筒", "三筒"),
        ("發", "发"),
        ("東", "东"),
        ("雞胡", "鸡胡"),
        ("帳本", "账本"),
        ("淨輸贏", "净输赢"),
        ("剩餘張數", "剩余张数"),
    ],
)
def test_the_words_a_table_cares_about(traditional, expected):
    assert simplified(traditional) == expected


def test_names_and_values_are_never_converted():
    # the template is converted, the name filled into it is shown as written
    from meizhou_score.i18n.messages import msg

    said = msg(
        "{name}: claimed {claimed}, computed {computed}", name="阿發", claimed=1, computed=2
    ).say("zh-Hans")
    assert "阿發" in said


@pytest.mark.parametrize(
    "said, lang",
    [
        ("zh_CN.UTF-8", "zh-Hans"),
        ("zh_SG.UTF-8", "zh-Hans"),
        ("zh_Hans", "zh-Hans"),
        ("zh_Hans_CN.UTF-8", "zh-Hans"),
        ("zh-Hans", "zh-Hans"),
        ("ZH-hans", "zh-Hans"),
        ("zh_CN.GB18030", "zh-Hans"),
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh_HK.UTF-8", "zh-Hant"),
        ("zh_MO", "zh-Hant"),
        ("zh_Hant_TW", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh", "zh-Hant"),
        ("zh_MY.UTF-8", "zh-Hans"),  # Malaysia writes Simplified
        ("zh-Hans-TW", "zh-Hans"),  # the script wins over the region
        ("zh_Hant_CN", "zh-Hant"),
        ("en_GB.UTF-8", "en"),
        ("en", "en"),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("fr_FR.UTF-8", None),
        ("", None),
    ],
)
def test_the_locale_picks_the_script(said, lang):
    assert language_of(said) == lang


def _locale_run(env):
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
    }
    return subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", str(EXAMPLES / "draw.yaml")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**clean, **env},
        cwd=ROOT,
    ).stdout


def test_lc_all_then_lc_messages_then_lang():
    assert "荒庄" in _locale_run({"LANG": "zh_CN.UTF-8"})
    assert "荒莊" in _locale_run({"LANG": "zh_TW.UTF-8"})
    assert "荒莊" in _locale_run({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "zh_HK.UTF-8"})
    assert "荒庄" in _locale_run(
        {"LANG": "zh_TW.UTF-8", "LC_MESSAGES": "zh_HK.UTF-8", "LC_ALL": "zh_SG.UTF-8"}
    )
    assert "Exhaustive draw" in _locale_run({"LANG": "en_US.UTF-8"})


def test_every_message_has_both_scripts_with_the_same_blanks():
    for english, traditional in _chinese_table().items():
        hans = in_script(traditional, "zh-Hans")
        assert set(BLANK.findall(hans)) == set(BLANK.findall(english)), english
        assert T2S(hans) == hans, hans
    for key, traditional in WORDS["zh-Hant"].items():
        assert set(BLANK.findall(WORDS["zh-Hans"][key])) == set(BLANK.findall(traditional)), key


# -- every output, both scripts: OpenCC's t2s leaves the Simplified alone, s2t the Traditional ---------------

# Where s2t's choice is not the Traditional people write, reviewed by hand: 吃 (s2t writes the archaic 喫).
# Text in 「」 quotes the rules document itself, which mixes the scripts (暗杠, 明杠時): quoted as written.
S2T_REVIEWED = {"吃"}
QUOTED = re.compile(r"「[^」]*」")


def _outputs(lang: str, tmp_path) -> list[str]:
    runner = CliRunner()
    said = []

    def run(*args, input=None):
        result = runner.invoke(cli, [*map(str, args), "--lang", lang], input=input)
        said.append(result.output)
        return result

    for example in sorted(EXAMPLES.glob("*.yaml")):
        if not example.name.startswith("bad-") and example.name not in ("house-rules.yaml",):
            run("settle", example, "--explain")
    for hand in (
        "123m456p789s11z2z",
        "11223344556677m",
        "19m19p19s1234567z",
        "22333445566778m",
        "123m456m789m11s",
    ):
        run("check", hand)
    run("check", "123m 456m 11s 2s", "--pung", "777z")
    run("rules")
    for n in range(1, 12):
        run("rules", "--explain", f"R{n}")
    run("deal", "5", "9", "--players", "Ah Fook,Mei,Jun,Lan", "--dealer", "Mei")
    run("deal", "5", "9", "--players", "Ah Fook,Mei,Jun,Lan", "--seats", "7")
    tmp_path.mkdir(parents=True, exist_ok=True)
    db = tmp_path / "club.db"
    assert run("ledger", "--db", db, "add", EXAMPLES / "session.yaml").exit_code == 0
    for report in ("nights", "totals", "stats", "history", "payments", "settle-up"):
        run("ledger", "--db", db, report)
    for example in sorted(EXAMPLES.glob("bad-*.yaml")):  # errors, through the real entry point
        said.append(
            subprocess.run(
                [sys.executable, "-m", "meizhou_score", "settle", str(example), "--lang", lang],
                capture_output=True,
                text=True,
                encoding="utf-8",
                cwd=ROOT,
            ).stderr
        )
    return said


@pytest.fixture(scope="module")
def outputs_in(tmp_path_factory):
    """Every output in a script, made once for this module's tests (they only read them)."""
    made: dict[str, list[str]] = {}

    def outputs(lang: str) -> list[str]:
        if lang not in made:
            made[lang] = _outputs(lang, tmp_path_factory.mktemp(lang))
        return made[lang]

    return outputs


def test_every_simplified_output_is_unchanged_by_opencc_t2s(outputs_in):
    outputs = outputs_in("zh-Hans")
    chinese = [out for out in outputs if re.search(r"[\u4e00-\u9fff]", out)]
    assert len(chinese) > 45
    for out in outputs:
        assert T2S(out) == out, [(a, b) for a, b in zip(out, T2S(out), strict=False) if a != b]


def test_every_traditional_output_is_unchanged_by_opencc_s2t(outputs_in):
    for out in outputs_in("zh-Hant"):
        text = QUOTED.sub("", out)
        for word in S2T_REVIEWED:
            text = text.replace(word, "")
        assert S2T(text) == text, [(a, b) for a, b in zip(text, S2T(text), strict=False) if a != b]


def test_the_two_scripts_differ_only_in_words(outputs_in):
    # the same figures, names and layout: with the Chinese words taken out, both scripts say the same
    # (简体 is written by hand, so its words may differ: 补杠 for 加槓, 点杠 for 直槓, 鸡胡 for 平胡)
    hant, hans = outputs_in("zh-Hant"), outputs_in("zh-Hans")
    assert len(hant) == len(hans)
    for a, b in zip(
        hant, hans, strict=False
    ):  # (a mainland word may be longer, so a paragraph may wrap elsewhere)
        # (the rules table's rules and its wrapping follow the words' widths: figures and ids only)
        assert FIGURES.sub("", a) == FIGURES.sub("", b)


def test_every_run_of_our_words_comes_out_as_opencc_says():
    for run in make_simplified.runs():
        assert simplified(run) == mainland(make_simplified._with_reviewed(run, TW2SP(run))), run


# -- input in either script ----------------------------------------------------------------------------------

HAND = """\
players: [Ah Fook, Mei, Jun, Lan]
dealer: Ah Fook
stake: 10
winner: Mei
win_type: {win}
hand:
  concealed: {tiles}
  winning_tile: 4s
kongs:
  - {{player: Mei, type: {kong}, tile: 9p}}
"""


@pytest.mark.parametrize(
    "win, kong, tiles",
    [
        ("槓上開花", "暗槓", "一萬二萬三萬 456m 234s 55s"),
        ("杠上开花", "暗杠", "一万二万三万 456m 234s 55s"),
        ("杠上開花", "暗杠", "123万 456m 234条 55s"),
    ],
)
def test_a_record_in_either_script_settles_alike(win, kong, tiles):
    runner = CliRunner()
    english = runner.invoke(
        cli,
        ["settle", "-", "--format", "json"],
        input=HAND.format(win="kong-bloom", kong="concealed", tiles="123m 456m 234s 55s"),
    )
    said = runner.invoke(
        cli, ["settle", "-", "--format", "json"], input=HAND.format(win=win, kong=kong, tiles=tiles)
    )
    assert said.exit_code == english.exit_code == 0, said.output
    assert said.output == english.output


@pytest.mark.parametrize("answer", ["是", "对", "對", "y"])
def test_yes_in_either_script(answer):
    from meizhou_score.i18n.language import typed_for

    assert answer in typed_for("yes")
