"""The examples of a command's help in Traditional Chinese (例子): the values a Chinese
table types — its names, 暗槓 for a kong's type — where the English help's own would not do.
Keyed by ``path examples``, as help.py's other words; registered with them.
"""

from __future__ import annotations

EXAMPLES_ZH_HANT: dict[str, str] = {
    "record examples": (  # the values a Chinese table types: its names, 暗槓 for a kong's type
        "\b\n    例子：\n"
        '      meizhou-score record 今晚.yaml --players "阿福,阿梅,阿君,阿蘭" --stake 10 '
        "--dealer 阿福\n"
        "      meizhou-score record 今晚.yaml --winner 阿梅 --self-draw "
        '--hand "123m 456m 789p 234s 55s" --winning-tile 4s\n'
        "      meizhou-score record 今晚.yaml --draw\n"
        "      meizhou-score record 今晚.yaml --winner 阿君 --self-draw "
        '--hand "123m 456p 789s 55s" \\\n'
        '          --winning-tile 5s --kong "阿君:暗槓:1z" --yes\n'
        '      meizhou-score record --players "甲,乙,丙,丁" --dealer 甲 -o 一局.yaml'
    ),
    "deal examples": (  # the document's own throw, and a Chinese table's names
        "\b\n    例子：\n"
        "      meizhou-score deal 10 5     # 規則原文自己的例子\n"
        '      meizhou-score deal 10 5 --players "阿福,阿梅,阿君,阿蘭" --dealer 阿福 '
        "--format json\n"
        '      meizhou-score deal --seats 7 --players "阿福,阿梅,阿君,阿蘭"'
    ),
    "ledger pay examples": (
        "\b\n    例子：\n"
        "      meizhou-score ledger pay 阿福 阿君 140\n"
        "      meizhou-score ledger pay 阿蘭 阿梅 2.5 --date 2026-11-30 "
        r'--note "門口付現金"'
    ),
}
