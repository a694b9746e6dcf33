"""The package's errors: every type of the bad-input family (MeizhouError, exit 2) lives in one
place per room, errors.py for the package or a room's own errors.py, and says what its caller reads
in typed fields given when it is made."""

from __future__ import annotations

import importlib
import pkgutil

import meizhou_score
from meizhou_score.errors import MeizhouError


def every_kind(base: type) -> set[type]:
    kinds = set()
    for kind in base.__subclasses__():
        kinds |= {kind, *every_kind(kind)}
    return kinds


def test_every_error_of_the_package_is_in_an_errors_module():
    for found in pkgutil.walk_packages(meizhou_score.__path__, "meizhou_score."):
        if not found.name.endswith("__main__"):
            importlib.import_module(found.name)
    homes = {kind.__qualname__: kind.__module__ for kind in every_kind(MeizhouError)}
    assert {"LedgerError", "OutputError", "HandConflict", "Stale", "Refused", "NotLast"} <= set(
        homes
    )
    astray = {name: home for name, home in homes.items() if home.rsplit(".", 1)[-1] != "errors"}
    assert astray == {}
