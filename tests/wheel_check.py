"""Check an installed meizhou-score: run by cibuildwheel on each wheel it builds, and by
tests/test_packaging.py on the auditwheel-repaired wheel in a fresh virtualenv.

    python tests/wheel_check.py [--compiled] EXAMPLES_FOLDER

It must run from outside the project (the installed package, not the source,
is what is checked): `rules --explain R7` prints the ruling from the package's
own files, and a bulk run (`settle --jsonl`) of seven examples gives, line for
line, the objects of their expected `--format json` outputs
(examples/expected/*.json, each worked out by hand from RULES.md). With
--compiled, the bulk path must be the compiled build's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal

EXAMPLES = [
    "self-draw",
    "robbed-kong",
    "kong-bloom",
    "seven-pairs",
    "thirteen-orphans",
    "draw",
    "bad-not-a-win",
]


def main(argv: list[str]) -> int:
    compiled = "--compiled" in argv
    examples = [arg for arg in argv if not arg.startswith("--")][0]
    import yaml

    import meizhou_score.bulk.lines as lines

    build = "pure Python" if lines.__file__.endswith(".py") else "compiled"
    print(f"meizhou_score from {os.path.dirname(os.path.dirname(lines.__file__))}: {build}")
    if compiled and build != "compiled":
        print(f"expected the compiled build; {lines.__file__} is its source")
        return 1
    here = tempfile.mkdtemp()
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "rules", "--explain", "R7"],
        capture_output=True,
        text=True,
        cwd=here,
    )
    if done.returncode != 0 or not done.stdout.startswith("R7: Robbed kong:"):
        print(f"rules --explain R7: exit {done.returncode}\n{done.stdout}{done.stderr}")
        return 1
    path = os.path.join(here, "examples.jsonl")
    with open(path, "w", encoding="utf-8") as out:
        for name in EXAMPLES:
            with open(os.path.join(examples, f"{name}.yaml"), encoding="utf-8") as source:
                out.write(json.dumps(yaml.safe_load(source), default=str) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", path],
        capture_output=True,
        text=True,
        cwd=here,
    )
    results = [json.loads(line, parse_float=Decimal) for line in done.stdout.splitlines()]
    for number, (name, result) in enumerate(zip(EXAMPLES, results, strict=True), start=1):
        with open(os.path.join(examples, "expected", f"{name}.json"), encoding="utf-8") as source:
            # the object settle --format json prints, then the exit code shown as "[exit N]"
            expected = json.JSONDecoder(parse_float=Decimal).raw_decode(source.read())[0]
        if result != {"line": number, **expected}:
            print(f"line {number} ({name}): {result}\nexpected {expected}")
            return 1
    print(f"rules --explain R7 and a bulk run of {len(results)} examples: as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
