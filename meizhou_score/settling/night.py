"""One way through the house: parsed data and base rules in, a settled hand or session out.

The API (:func:`meizhou_score.settle`), the CLI (``settle``, ``record``) and
bulk mode all come through :func:`settle_data`; whether the data is a hand
record or a session is decided here, once, on the parsed data.
"""

from __future__ import annotations

from typing import Any

from ..records.record import parse_record, parse_session
from ..records.model import is_session
from ..records.rules import DEFAULT_RULES, Rules
from .settlement import SessionResult, Settlement, settle_record, settle_session


def settle_data(data: Any, rules: Rules = DEFAULT_RULES) -> Settlement | SessionResult:
    """Validate and settle a hand record or a session (plain data); raises RecordError on bad input."""
    if is_session(data):
        return settle_session(parse_session(data, rules))
    return settle_record(parse_record(data, rules))
