"""``ledger``: the club's ledger on the command line, its group (``--db``, in ``group.py``) and
every command of it, each joining the group from its module: the nights (``nights.py``), the
players (``players.py``), the reports (``reports.py``, their rows written by ``rows.py``), the
export (``export.py``) and the payments (``payments.py``). Loaded only when called."""

from . import export, nights, payments, players, reports  # noqa: F401 - each joins the group
from .group import ledger

__all__ = ["ledger"]
