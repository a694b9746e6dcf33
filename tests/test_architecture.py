"""The folders are the architecture: rooms that import one way, no module too long to read."""

from __future__ import annotations

import os
import re
from pathlib import Path

import meizhou_score
from meizhou_score.i18n.make_simplified import strings_in_code

PACKAGE = Path(meizhou_score.__file__).parent
ROOT = PACKAGE.parent
LONGEST = 400  # lines a module may have


def test_the_rooms_import_one_way(tmp_path):
    # the layers contract of pyproject.toml, checked by import-linter itself (what `lint-imports` runs)
    from importlinter.cli import lint_imports

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        assert (
            lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
            == 0
        )
    finally:
        os.chdir(here)


def test_the_contract_names_every_room():
    declared = set(
        re.findall(r"\b(meizhou_score\.[a-z0-9_]+)", (ROOT / "pyproject.toml").read_text())
    )
    rooms = {f"meizhou_score.{p.name}" for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    rooms |= {
        f"meizhou_score.{p.stem}" for p in PACKAGE.glob("*.py") if not p.stem.startswith("__")
    }
    assert rooms <= declared, f"rooms outside the import contract: {sorted(rooms - declared)}"


def test_no_module_is_over_400_lines():
    # the generated Simplified table too: make_simplified.py writes it as two modules, by job
    long = {
        str(p.relative_to(PACKAGE)): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert not long, long


def test_docs_architecture_shows_the_folders():
    # docs/architecture.md draws the rooms; a room added or removed must be drawn too
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawn = set(re.findall(r"^\s+([a-z0-9_]+)/\s", text, flags=re.M))
    rooms = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert drawn == rooms
    for room in rooms:
        for module in (PACKAGE / room).glob("*.py"):
            if module.stem != "__init__":
                assert f"{module.stem}.py" in text, (
                    f"docs/architecture.md does not name {room}/{module.name}"
                )


def test_no_room_has_a_circle_inside():
    # the acyclic_siblings contract of pyproject.toml (run above by lint-imports) covers every room
    # and the modules inside each: a circle there, as the catalogs and their tables once were, fails
    text = (ROOT / "pyproject.toml").read_text()
    contract = text[text.index('type = "acyclic_siblings"') :].split("\n\n")[0]
    assert 'ancestors = ["meizhou_score"]' in contract


# Chinese characters and the full-width forms and punctuation Chinese is written with
_CJK = re.compile("[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


def test_the_engine_and_the_records_carry_ids_not_chinese():
    # every Chinese word they use is the catalog's (i18n/terms.py), asked for by id; a docstring or
    # a comment may still name the Chinese term it explains (STYLE.md: names explain the game)
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
        for room in ("engine", "records")
        for path in sorted((PACKAGE / room).rglob("*.py"))
        for line, text in strings_in_code(path)
        if _CJK.search(text)
    ]
    assert not found, "\n".join(found)


def test_the_chinese_check_sees_chinese():
    assert _CJK.search("units (自摸)") and _CJK.search("，") and not _CJK.search("5m → ×")
