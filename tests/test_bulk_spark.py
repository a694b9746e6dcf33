"""docs/auditing.md's Spark recipe: its per-line function `settled`, run over partitions of a log as
Spark's mapPartitions runs it, each line handed over as Spark hands over a binary column (the
line's bytes as the file holds them, in a bytearray, no newline), writes what `settle --jsonl`
writes, byte for byte — a line that is not UTF-8 refused as bulk mode refuses it.

Spark itself is not run here (it needs a JVM and a download of 400 MB): docs/auditing.md says what
was run by hand.
"""

import subprocess
import sys

from conftest import ROOT
from records import damaged_log


def _recipe() -> dict:
    text = (ROOT / "docs" / "auditing.md").read_text(encoding="utf-8")
    spark = text.split("### The same on Spark", 1)[1]
    code = spark.split("```python\n", 1)[1].split("```", 1)[0]
    space: dict = {}
    exec(code, space)  # noqa: S102 - our own document's code
    return space


def _as_spark_writes(settled, data: bytes, size: int) -> bytes:
    """The recipe over ``data`` cut at each newline (``lineSep="\\n"``), ``size`` lines a
    partition; saveAsTextFile's parts, concatenated: each result's bytes and a newline."""
    lines = data.split(b"\n")
    if lines[-1] == b"":  # a final newline ends the last line: Spark reads no line after it
        lines.pop()
    rows = [(bytearray(line), index) for index, line in enumerate(lines)]
    parts = [rows[start : start + size] for start in range(0, len(rows), size)]
    return b"".join(bytes(out) + b"\n" for part in parts for out in settled(iter(part)))


def test_the_spark_recipe_writes_what_bulk_mode_writes_on_the_damaged_log(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_bytes(damaged_log())
    bulk = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path)],
        cwd=ROOT,
        capture_output=True,
    )
    assert bulk.returncode == 2  # the damaged lines: refused
    written = _as_spark_writes(_recipe()["settled"], path.read_bytes(), 977)
    assert written == bulk.stdout
    # the line with the byte 0xff (line 3701, its 21st byte): refused, under no corrupted name
    refusal = [line for line in written.splitlines() if line.startswith(b'{"line":3701,')]
    assert refusal == [
        b'{"line":3701,"valid":false,"error":"line 3701: not UTF-8 text (byte 21 is 0xff)"}'
    ]
    assert "\ufffd".encode() not in written


def test_the_spark_recipe_keeps_a_blank_lines_number_and_reads_a_final_newline(tmp_path):
    path = tmp_path / "short.jsonl"
    lines = damaged_log().split(b"\n")
    path.write_bytes(b"\n".join([lines[0], b"", b" \t", lines[3700], lines[1]]) + b"\n")
    bulk = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "settle", "--jsonl", str(path)],
        cwd=ROOT,
        capture_output=True,
    )
    written = _as_spark_writes(_recipe()["settled"], path.read_bytes(), 2)
    assert written == bulk.stdout
    assert [line.split(b",", 1)[0] for line in written.splitlines()] == [
        b'{"line":1',
        b'{"line":4',
        b'{"line":5',
    ]
