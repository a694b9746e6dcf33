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


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_from(path: Path, node) -> str:
    """The module an ``import from`` names, absolute (``from ..errors`` in cli/app.py:
    meizhou_score.errors)."""
    if not node.level:
        return node.module or ""
    package = _module_name(path).split(".")
    if path.stem != "__init__":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    return (ROOT / relative).with_suffix(".py").exists() or (
        ROOT / relative / "__init__.py"
    ).exists()


def _private_names_taken_across(path: Path, text: str | None = None) -> list[str]:
    """Where ``path`` (or ``text`` read as that module) takes a private name (one leading
    underscore) from another of the package's modules: ``from .x import _y``, or ``x._y`` on a
    module of the package it imported."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    found, modules = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _imported_from(path, node)
            if not source.startswith("meizhou_score"):
                continue
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: from {source} import {alias.name}")
                elif _is_module(f"{source}.{alias.name}"):
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("meizhou_score"):
                    modules.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if isinstance(node.value, ast.Name) and node.value.id in modules:
                found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_takes_another_modules_private_name():
    # A name with a leading underscore is its module's own: a module that needs it from another
    # means the name is shared (then public, with a docstring) or lives in the wrong place
    found = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for where in _private_names_taken_across(path)
    ]
    assert not found, "\n".join(found)


def test_the_private_name_check_sees_both_ways_of_taking_one():
    # the check itself, on cli/app.py's text with three lines planted (the file is left alone): an
    # import of a private name and a private attribute of an imported module of the package are
    # found; a private attribute of a third-party module (click's) is not
    module = PACKAGE / "cli" / "app.py"
    planted = module.read_text(encoding="utf-8") + (
        "\nfrom .shared.options import _Languages\nfrom .shared import options\n"
        "x = options._remember_language\ny = click._textwrap\n"
    )
    found = _private_names_taken_across(module, planted)
    assert [where.split(": ", 1)[1] for where in found] == [
        "from meizhou_score.cli.shared.options import _Languages",
        "options._remember_language",
    ]


def _rooms_table() -> set[tuple[str, str]]:
    """docs/architecture.md's table of the rooms as (room, module) pairs: a row with its room
    cell empty is the room above's; a cell may name several modules."""
    named, room = set(), ""
    for line in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.split("|")]
        if len(cells) < 4 or not line.startswith("|") or re.fullmatch("-+|room", cells[1]):
            continue
        room = cells[1].strip("`") or room
        named |= {(room, module) for module in re.findall(r"`([a-z0-9_]+\.py)`", cells[2])}
    return named


def test_docs_architecture_names_every_module_in_its_room():
    # every module of every room, cli's own rooms (cli/record, cli/ledger, …) included, has its
    # row under the room it lives in: a module moved must be moved in the docs too
    named = _rooms_table()
    modules = {
        (module.parent.relative_to(PACKAGE).as_posix(), module.name)
        for module in PACKAGE.rglob("*.py")
        if module.parent != PACKAGE and module.stem != "__init__"
    }
    assert modules - named == set(), "docs/architecture.md does not name these where they are"
    assert named - modules == set(), "docs/architecture.md names modules that are not there"
