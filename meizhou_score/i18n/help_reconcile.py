"""``reconcile``'s help in Traditional Chinese (對數), keyed as :mod:`.help`'s other words (the
command's path, and its options' names); registered with them."""

from __future__ import annotations

HELP_RECONCILE_ZH_HANT: dict[str, str] = {
    "reconcile": (
        "哪一局記錯了？把一整晚的記錄和每位玩家手上的金幣對數。\n\n"
        "找出最少的記錄錯誤（胡牌者或胡法記錯、漏記或多記了槓、"
        "牌型記錯、漏記一局或重複記了一局、荒莊記成胡牌、"
        "底分記錯），改正後這一晚結算出來正好是桌上的金幣；"
        "最可能的在前；幾種解釋同樣相符時會說明。"
        "記錄相符時退出碼為 0，不相符為 1。"
    ),
    "reconcile examples": (
        "\b\n    例子：\n"
        "      meizhou-score reconcile examples/night-with-a-mistake.yaml\n"
        "      meizhou-score reconcile 今晚.yaml --held 阿福=-20 --held 阿梅=60 "
        "--held 阿君=0 --held 阿蘭=-40\n"
        "      meizhou-score reconcile 今晚.yaml --format json\n"
        "      meizhou-score reconcile 今晚.yaml --apply 1"
    ),
    "reconcile --held": (
        "一位玩家這一晚結束時手上的金幣（桌上點算的淨輸贏；"
        "每位玩家一次；也可寫成 名字=金額，名字=金額）。"
        "不給時讀文件的 held:。"
    ),
    "reconcile --apply": (
        "按第 K 種解釋改正這一晚"  # the file written whole, as record --amend writes it
        "（整個文件重寫，和 record --amend 一樣）。"
    ),
}
