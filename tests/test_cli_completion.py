"""Shell completion as the shells ask for it: click's protocol through the real program, and the lines the docs
give run in a real zsh and fish (skipped, saying how, when a shell is missing)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = str(Path(sys.executable).parent)


def complete(words: str, cword: int, shell: str = "bash", cwd=ROOT) -> list[str]:
    env = {
        **os.environ,
        "COMP_WORDS": words,
        "COMP_CWORD": str(cword),
        "_MEIZHOU_SCORE_COMPLETE": f"{shell}_complete",
        "PATH": f"{BIN}:{os.environ['PATH']}",
    }
    done = subprocess.run(["meizhou-score"], env=env, capture_output=True, text=True, cwd=cwd)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout.splitlines()


def test_players_of_the_session_complete_winner_robbed_and_dealer(tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(
        (ROOT / "examples" / "session.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    assert complete(f"meizhou-score record {night} --winner ", 4) == [
        "plain,'Ah Fook'",  # quoted for bash, which puts it on the line as it comes
        "plain,Mei",
        "plain,Jun",
        "plain,Lan",
    ]
    assert complete(f"meizhou-score record {night} --robbed-kong j", 4) == ["plain,Jun"]
    assert complete(f"meizhou-score record {night} --dealer a", 4) == ["plain,'Ah Fook'"]
    assert complete(f"meizhou-score record {night} --dealer a", 4, shell="zsh")[1] == "Ah Fook"
    assert not any(
        complete("meizhou-score record missing.yaml --winner ", 4, cwd=tmp_path)
    )  # no file: nothing


def test_rulings_complete_with_what_each_says():
    said = complete("meizhou-score rules --explain R1", 3, shell="zsh")
    keys = said[1::3]
    assert keys == ["R1", "R10", "R11"]


ZSH_LINE = re.search(
    r"\| zsh \| `~/.zshrc` \| `(.*?)` \|", (ROOT / "docs" / "formats.md").read_text()
).group(1)


@pytest.mark.skipif(shutil.which("zsh") is None, reason="needs zsh: apt-get install -y zsh")
def test_the_documented_zsh_line_works_on_a_plain_zsh(tmp_path):
    env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}", "HOME": str(tmp_path)}
    done = subprocess.run(
        ["zsh", "-f", "-c", ZSH_LINE.replace("compinit;", "compinit -u;") + "; echo loaded"],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert "command not found" not in done.stderr and done.stdout.strip() == "loaded", done.stderr
    bare = subprocess.run(
        ["zsh", "-f", "-c", 'eval "$(_MEIZHOU_SCORE_COMPLETE=zsh_source meizhou-score)"'],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert (
        "compdef" in bare.stderr
    )  # what the line used to do on a plain zsh, and why compinit comes first


@pytest.mark.skipif(shutil.which("fish") is None, reason="needs fish: apt-get install -y fish")
def test_fish_keeps_a_description_whole_past_its_commas(tmp_path):
    env = {
        **os.environ,
        "PATH": f"{BIN}:{os.environ['PATH']}",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    script = (
        "env _MEIZHOU_SCORE_COMPLETE=fish_source meizhou-score | source; "
        'complete -C "meizhou-score settle --ch"; complete -C "meizhou-score rules --explain R1"'
    )
    done = subprocess.run(
        ["fish", "--no-config", "-c", script], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # the --chart help has commas: "Also draw the running totals, hand by hand, as a line chart (SVG; - writes ..."
    assert any(
        line.startswith("--chart\t") and "hand by hand, as a line chart" in line for line in lines
    ), lines
    assert any(line.startswith("R11\t") and "," in line for line in lines), lines


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_puts_a_name_with_a_space_on_the_line_as_one_word(tmp_path):
    # the documented bash line, then what bash does on Tab: the completion function fills COMPREPLY,
    # whose words go on the command line as they are; the line is then read as the shell reads it
    night = tmp_path / "night.yaml"
    night.write_text(
        (ROOT / "examples" / "session.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    line = re.search(
        r"\| bash \| `~/.bashrc` \| `(.*?)` \|", (ROOT / "docs" / "formats.md").read_text()
    )
    script = (
        line.group(1) + "\n"
        f'COMP_WORDS=(meizhou-score record "{night}" --winner "$1"); COMP_CWORD=4\n'
        "_meizhou_score_completion meizhou-score\n"
        'for reply in "${COMPREPLY[@]}"; do eval "set -- $reply"; echo "$#:$1"; done\n'
    )
    env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}", "HOME": str(tmp_path)}

    def tab(typed: str) -> list[str]:
        done = subprocess.run(
            ["bash", "--norc", "--noprofile", "-c", script, "bash", typed],
            env=env,
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    assert tab("ah") == ["1:Ah Fook"]  # one word, not "Ah" and "Fook"
    assert tab("") == ["1:Ah Fook", "1:Mei", "1:Jun", "1:Lan"]
