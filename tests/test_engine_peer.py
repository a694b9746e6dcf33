"""The `mahjong` package (PyPI) as an oracle for the win test, where the rules coincide.

Skipped when the package is absent; CI installs it with the test extras.
The peer reads seven pairs as seven *different* pairs; we also accept a
four-of-a-kind as two pairs (R2), so such hands are left out.
"""

import os
import random

import pytest

agari = pytest.importorskip("mahjong.agari")

from records import complete_counts

from meizhou_score.engine.hand import is_win_counts

HANDS = int(os.environ.get("PEER_HANDS", 100_000))


def _luxury(c):
    return sum(c) == 14 and all(n in (0, 2, 4) for n in c) and 4 in c


def test_win_test_agrees_with_mahjong():
    rng = random.Random(int(os.environ.get("PEER_SEED", 34)))
    wall = [t for t in range(34) for _ in range(4)]
    peer = agari.Agari.is_agari
    checked = wins = 0
    for n in range(HANDS):
        if n % 2:
            c = complete_counts(rng)
            if rng.random() < 0.5:  # a near miss: move one tile
                held = [i for i, k in enumerate(c) if k]
                c[rng.choice(held)] -= 1
                c[rng.choice([i for i in range(34) if c[i] < 4])] += 1
        else:
            c = [0] * 34
            for t in rng.sample(wall, 14):
                c[t] += 1
        if _luxury(c):
            continue
        ours = is_win_counts(c)
        assert ours == peer(c), c
        checked += 1
        wins += ours
    assert checked > HANDS * 0.95 and wins > HANDS * 0.2  # the sample really holds many wins
