"""``seat``'s help in Traditional Chinese (排位), keyed as :mod:`.help`'s other words (the
command's path, and its options' names); registered with them."""

from __future__ import annotations

HELP_SEAT_ZH_HANT: dict[str, str] = {
    "seat": (
        "把 NAMES 排到四人一桌，排 R 輪，"
        r"讓玩家盡量少和同一個對手重複同桌；"
        "門風（東南西北）在各輪輪流；"
        r"人數不是四的倍數時，輪空盡量平均分攤。"
        "\n\n"
        "輸出重複相遇的次數（兩人第一次同桌之後再同桌的次數）"
        r"和任何排法最少可能的次數："
        "排法達到這個下限就是已證明最好。"
    ),
    "seat examples": (
        "\b\n    例子：\n"
        "      meizhou-score seat 阿福 阿梅 阿君 阿蘭 阿英 阿華 阿傑 阿明 "
        "--rounds 3\n"
        "      meizhou-score seat A B C D E F G H I J K L M N O P --rounds 5 --format json"
    ),
    "seat --rounds": "要排幾輪。",
}
