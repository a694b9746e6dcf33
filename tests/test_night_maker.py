"""The random nights of the cross-view test (tests/night_maker.py): each case of issue 44 is there.

A differential is only as good as its nights: these are the very nights tests/test_night_views.py
makes (the same seed and count), counted case by case.
"""

from decimal import Decimal

from night_maker import POOL
from night_money import house_rules, ratio
from night_views import COUNT, Table


def test_the_nights_hold_every_case_the_views_must_agree_on(tmp_path):
    # a differential is only as good as its nights: each case of issue 44 is there, many times
    seen: dict[str, int] = {}

    def saw(case: str, n: int = 1) -> None:
        seen[case] = seen.get(case, 0) + n

    table = Table(tmp_path)
    ratios = set()
    for night, money, base in zip(table.nights, table.money, table.base, strict=True):
        saw("nights under a rules file", base is not None)
        given, rules = night.get("rules", {}), house_rules(night, base)
        hands = night["hands"]
        robbing = any(h.get("win_type") == "robbed_kong" for h in hands)
        saw(
            "robbed kongs under self_draw_share, robbed_kong_share unset",
            robbing and "self_draw_share" in given and "robbed_kong_share" not in given,
        )
        saw("robbed kongs under robbed_kong_share", robbing and "robbed_kong_share" in given)
        saw("combine: add", given.get("combine") == "add")
        saw("combine: multiply", given.get("combine") == "multiply")
        saw("kong_units", "kong_units" in given)
        saw(
            "decimal stakes",
            any(Decimal(str(h.get("stake", night.get("stake", 1)))) % 1 for h in hands),
        )
        saw("a player spelt another way", any(p not in POOL for p in night["players"]))
        saw("disputed nights", money["disputed"])
        saw("nights in agreement", not money["disputed"])
        for h in hands:
            saw("draws", bool(h.get("draw")))
            saw("a hand's own stake", "stake" in h)
            saw(
                "kong blooms under a multiplier",
                h.get("win_type") == "kong_bloom" and rules["kong_bloom_multiplier"] > 1,
            )
            for k in h.get("kongs", []):
                saw(f"{k['type']} kongs")
                saw(
                    "exposed kongs under 包槓",
                    k["type"] == "exposed" and rules["exposed_kong_payer"] == "discarder",
                )
            if "winner" in h:
                saw(f"{h['win_type']} wins")
                ratios.add(
                    ratio(
                        h["hand"],
                        [k for k in h.get("kongs", []) if k["player"] == h["winner"]],
                        rules,
                    )
                )
    at_least = {case: 10 for case in seen} | {"nights in agreement": COUNT // 2}
    assert {case: n for case, n in seen.items() if n < at_least[case] * COUNT // 200} == {}, seen
    assert len(ratios) >= 10, sorted(ratios)
