from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]


@pytest.fixture
def record():
    """A fresh ordinary self-draw record (Mei wins, Ah Fook deals) to modify."""
    return {
        "players": list(PLAYERS),
        "dealer": "Ah Fook",
        "winner": "Mei",
        "win_type": "self_draw",
        "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
    }
