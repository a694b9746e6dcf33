"""The game's terms (術語), keyed by id: what the engine and the records name by id, in Chinese.

Written once, in Traditional characters (Simplified is made from them as from every other word):
the tiles' names, the patterns' names, the house rules and their choices, and the Chinese a player
may type — tile marks, honours as players say them, win and kong types — with the messages that
name those. The engine and the records hold ids and ask here; nothing below this room holds a
Chinese word.
"""

from __future__ import annotations

from collections.abc import Iterable

from .messages import Message, Named, msg
from .scripts import simplified

# ------------------------------------------------------------------ tiles (牌)

NUMERALS = "一二三四五六七八九"  # 1 to 9, as a tile's name says them (五萬)
SUIT_NAMES = {"m": "萬", "p": "筒", "s": "條"}
HONOUR_NAMES = "東南西北白發中"  # 1z to 7z


def tile_name(code: str) -> str:
    """A tile's Chinese name from its code: ``5m`` → 五萬, ``3p`` → 三筒, ``1z`` → 東."""
    number, suit = int(code[0]), code[1]
    if suit == "z":
        return HONOUR_NAMES[number - 1]
    return NUMERALS[number - 1] + SUIT_NAMES[suit]


# What a player may type for a tile besides MPSZ: a suit after its digits (123萬, 5条) ...
SUIT_MARKS = {"萬": "m", "万": "m", "筒": "p", "條": "s", "条": "s"}
# ... an honour by itself (東, 东, 中), by its number 1z–7z ...
HONOUR_MARKS = {
    "東": 1,
    "东": 1,
    "南": 2,
    "西": 3,
    "北": 4,
    "白": 5,
    "發": 6,
    "发": 6,
    "中": 7,
}
# ... and an honour as players say it, in either script (紅中 is 中, 發財 is 發, 東風 is
# 東).
HONOURS_SAID = {
    "紅中": "中",
    "红中": "中",
    "發財": "發",
    "发财": "發",
    "白板": "白",
    "東風": "東",
    "东风": "東",
    "南風": "南",
    "南风": "南",
    "西風": "西",
    "西风": "西",
    "北風": "北",
    "北风": "北",
}
SEPARATORS = "、"  # the list comma a Chinese input method types between tiles (， reads as ,)


# ------------------------------------------------------------------ hands

# The one home of the words a player may type for an id (a win type, a kong type, a pattern, a
# house rule's choice): each written once here, in Traditional, and read in either script and in
# any mix of the two, as the rules document mixes them (槓/杠, 開/开, 搶/抢): see
# `spelled`.
# "open" is 明槓, either open kong: where the context cannot decide which, the reader asks.
WIN_TYPE_WORDS = (
    ("自摸", "self_draw"),
    ("槓上開花", "kong_bloom"),
    ("槓上花", "kong_bloom"),  # what a Guangdong table says
    ("槓爆", "kong_bloom"),
    ("搶槓", "robbed_kong"),
    ("搶槓胡", "robbed_kong"),
)
KONG_TYPE_WORDS = (
    ("暗槓", "concealed"),
    ("加槓", "added"),
    ("補槓", "added"),  # the mainland's word for 加槓
    ("面下槓", "added"),
    ("彎槓", "added"),
    ("摸明槓", "added"),
    ("點槓", "exposed"),  # what a Guangdong table calls it: the discarder "feeds" the kong
    ("直槓", "exposed"),  # the Sichuan word, shown before: still read
    ("放槓", "exposed"),
    ("明槓", "open"),
)
# The patterns by their names (PATTERNS, below) and these: 雞胡 is the plain hand at a Guangdong
# table (平胡 is also an all-runs hand there)
PATTERN_WORDS = (("雞胡", "ordinary"),)
# A house rule's choices by their words (RULE_CHOICES and CHOICE_GLOSSES, below) and these
CHOICE_WORDS = {
    "combine": (("最高", "highest"),),
    # R8's own words, and 简体's 点杠者包付 (the discarder who fed the kong pays)
    "exposed_kong_payer": (
        ("不包槓", "all"),
        ("包付", "discarder"),
        ("點槓者包付", "discarder"),
    ),
    "dealer_after_draw": (("連莊", "same"), ("莊家繼續坐莊", "same"), ("下家", "next")),
    "robbable_kongs": (
        ("加槓", "added"),
        ("明槓", "open"),
        ("只可搶補槓", "added"),
        ("兩種明槓都可搶", "open"),
    ),
}


def spelled(words: Iterable[tuple[str, str]]) -> dict[str, str]:
    """``(word, id)`` pairs → every spelling a player may type → its id: each character of a
    word in either script (the Simplified one from the table the output uses), so 補槓, 补杠,
    補杠 and 补槓 all read alike; and the word as the Simplified output shows it, where the
    table keeps a run whole."""
    out: dict[str, str] = {}
    for word, meant in words:
        forms = [""]
        for char in word:
            forms = [
                before + variant
                for before in forms
                for variant in dict.fromkeys((char, simplified(char)))
            ]
        for form in (*forms, simplified(word)):
            out.setdefault(form, meant)
    return out


def expected_win_type(options: tuple[str, ...]) -> Message:
    words = {id: word for word, id in reversed(WIN_TYPE_WORDS)}  # the first word of each id
    return msg(
        "one of {options} (or 自摸, 槓上開花, 搶槓)",
        options=tuple(Named(o, words[o]) if o in words else o for o in options),
    )


def expected_kong_type(options: tuple[str, ...]) -> Message:
    words = {id: word for word, id in reversed(KONG_TYPE_WORDS)}  # the first word of each id
    return msg(
        "one of {options} (or 暗槓, 加槓, 明槓)",
        options=tuple(Named(o, words[o]) if o in words else o for o in options),
    )


def robbed_missing() -> Message:
    return msg("missing; a robbed kong (搶槓) names the player whose kong was robbed")


def robbed_from_self(player: str) -> Message:
    """A robbed kong from a discard whose discarder is the robbed player or the winner."""
    return msg(
        "the robbed kong's discarder (點槓) is neither the robbed player nor the winner; got "
        "{player!r}",
        player=player,
    )


def robbed_from_refused(robbed: str, discarder: str) -> Message:
    """A kong from a discard robbed, where the house rules let only an added kong be robbed."""
    return msg(
        "{robbed}'s kong was made from {discarder}'s discard (點槓): here only an added kong "
        "(加槓) may be robbed (robbable_kongs: added)",
        robbed=robbed,
        discarder=discarder,
    )


def expected_pung(text: str) -> Message:
    return msg(
        "expected a pung: three identical tiles like '777z' (there is no chow, 吃); got {text!r}",
        text=text,
    )


def open_kong_unpaid() -> Message:
    """明槓 naming no discarder, where the house rules pay 點槓 and 加槓 differently."""
    return msg(
        "明槓 with no from: the house rules pay 點槓 (from a discard) and 加槓 (added "
        "to one's own pung) differently; write 加槓 (added), or 點槓 (exposed) with "
        "from: the discarder"
    )


# ------------------------------------------------------------------ patterns (牌型)

# Each pattern's name by its id: (English, Chinese); the English is written with the Chinese after
# it (the words catalog's pattern_<id>).
PATTERNS = {
    "ordinary": ("ordinary hand", "平胡"),
    "all_pungs": ("all pungs", "碰碰胡"),
    "mixed_one_suit": ("mixed one suit", "混一色"),
    "seven_pairs": ("seven pairs", "七小對"),
    "pure_one_suit": ("pure one suit", "清一色"),
    "mixed_terminals": ("mixed terminals", "混幺九"),
    "luxury_seven_pairs": ("luxury seven pairs", "豪華七小對"),
    "concealed_pungs": ("four concealed pungs", "坎坎胡"),
    "all_terminals": ("all terminals", "清幺九"),
    "all_honours": ("all honours", "字一色"),
    "thirteen_orphans": ("thirteen orphans", "十三幺"),
    "double_luxury_seven_pairs": ("double luxury seven pairs", "雙豪華七小對"),
    "triple_luxury_seven_pairs": ("triple luxury seven pairs", "三豪華七小對"),
    "four_kongs": ("four kongs", "十八羅漢"),
}


# ------------------------------------------------------------------ house rules (規則)

# Each house rule's words by its key: (English, Chinese) — what it changes.
HOUSE_RULES = {
    "patterns": (
        "ratio per pattern id; 0 turns one off",
        "每種牌型的倍數；0 表示不算這種牌型",
    ),
    "combine": ("how matched patterns make the ratio", "幾個牌型怎樣合成倍數"),
    "self_draw_share": (
        "units each other player pays per ratio on a self-draw (自摸)",
        "自摸時其餘每家每倍付幾分",
    ),
    "kong_bloom_multiplier": (
        "a kong bloom (槓上開花) pays the self-draw amount times this",
        "槓上開花付自摸金額的幾倍",
    ),
    "robbed_kong_share": (
        "units the robbed player pays per ratio (搶槓); unless set, 3 × self_draw_share",
        "搶槓時被搶者每倍付幾分；不設時是自摸每家份數的 3 倍",
    ),
    "kong_units": (
        "units from each paying player, per kong type",
        "每種槓，每個付錢的人付幾分",
    ),
    "exposed_kong_payer": ("who pays an exposed kong (點槓)", "點槓由誰付"),
    "dealer_after_draw": ("who deals after an exhaustive draw (荒莊)", "荒莊後誰坐莊"),
    "robbed_kong_paid": (
        "the robbed player's kong (搶槓) is still paid by the others as a kong",
        "被搶的槓照樣當槓，由其餘各家照付",
    ),
    "robbable_kongs": ("which open kongs (明槓) may be robbed", "哪種明槓可以被搶"),
}
# The Chinese of each choice a house rule offers (the patterns' are their names, above), and the
# aside English shows after a choice's id.
RULE_CHOICES = {
    "combine": {"highest": "取最高", "add": "相加", "multiply": "相乘"},
    "kong_units": {"concealed": "暗槓", "added": "加槓", "exposed": "點槓"},
    "exposed_kong_payer": {"all": "三家各付", "discarder": "打出者包付"},
    "dealer_after_draw": {"next": "下家坐莊", "same": "莊家連莊"},
    "robbable_kongs": {"added": "只可搶加槓", "open": "兩種明槓都可搶"},
}
CHOICE_GLOSSES = {("exposed_kong_payer", "discarder"): "包槓"}
