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


# Not moved yet (issue 45). Nothing may join it.
NOT_YET = {
    "meizhou_score.records.untrusted": {"Refused"},
}


def test_every_exception_the_package_defines_is_in_an_errors_module():
    for found in pkgutil.walk_packages(meizhou_score.__path__, "meizhou_score."):
        if not found.name.endswith("__main__"):
            importlib.import_module(found.name)
    astray: dict[str, set[str]] = {}
    for kind in every_kind(BaseException):
        home = kind.__module__
        if home.startswith("meizhou_score.") and home.rsplit(".", 1)[-1] != "errors":
            astray.setdefault(home, set()).add(kind.__qualname__)
    assert astray == NOT_YET


def test_a_bulk_error_carries_typed_fields_and_pickles_whole_from_a_worker():
    import pickle

    from meizhou_score.bulk.errors import Missing, NotDask, Unreadable

    again = pickle.loads(pickle.dumps(Unreadable("club.jsonl", 13, "Permission denied")))
    assert (again.path, again.errno, again.words) == ("club.jsonl", 13, "Permission denied")
    assert pickle.loads(pickle.dumps(Missing("No module named 'dask'"))).why == (
        "No module named 'dask'"
    )
    assert pickle.loads(pickle.dumps(NotDask("no answer"))).why == "no answer"
