from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]


@pytest.fixture
def record():
    """A fresh ordinary self-draw record (Mei wins, Ah Fook deals) to modify."""
    from records import hand_record

    return hand_record()
