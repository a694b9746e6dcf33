"""What a bulk run's counts mean for its exit (as black's ``Report.return_code``): the one cascade
``settle --jsonl`` and ``audit`` end with.

A line that failed is a fault of the program (3) whatever else happened; otherwise a refused line
is bad input (2); otherwise a disputed line is a dispute (1); otherwise every line settled (0).
The numbers are :class:`~meizhou_score.cli.status.ExitStatus`'s, which the commands wrap them in.
"""

from __future__ import annotations

from collections.abc import Mapping


def return_code(counts: Mapping[str, int]) -> int:
    """The exit code of a bulk run from its counts (``settled``, ``disputed``, ``refused``,
    ``failed``)."""
    if counts.get("failed", 0):
        return 3
    if counts["refused"]:
        return 2
    if counts["disputed"]:
        return 1
    return 0
