"""The command line's help (說明) in Traditional Chinese, and click's own words, keyed by id.

An id is a command's path (``ledger add``; the program itself is ``meizhou-score``) for its
description, ``path --option`` for an option's help (``* --option`` for an option every command
shares), and ``path epilog`` for what follows the options. A description here holds only its
prose: the examples are the English help's own, under 例子, unless ``path examples`` gives this
language's own (the values a Chinese table types). Simplified is made from these as every other
catalog is.

A long text is written as adjacent literals, every line within 100 bytes of UTF-8; where ruff
format would join two of them back onto one line (it measures display columns, and a Chinese
character is 2 columns but 3 bytes), the second is written r"..." (the same text: it holds no
backslash), which ruff keeps apart.
"""

from __future__ import annotations

from .catalog import catalog, register, written
from .clicks import CLICK_ZH_HANT
from .help_examples import EXAMPLES_ZH_HANT
from .help_reconcile import HELP_RECONCILE_ZH_HANT
from .help_seat import HELP_SEAT_ZH_HANT

HELP_ZH_HANT: dict[str, str] = {
    "meizhou-score": "結算並核對梅州（客家）麻將的輸贏金額。",
    "meizhou-score epilog": (
        "\b\n環境變數：\n"
        "  MEIZHOU_LEDGER             帳本文件（ledger --db）\n"
        "  MEIZHOU_MAX_RECORD_BYTES   讀取單局記錄的上限［1 MiB］\n"
        "  MEIZHOU_MAX_SESSION_BYTES  讀取一場的上限［4 MiB］\n"
        "  MEIZHOU_DEBUG=1            程序本身出錯時顯示追蹤訊息\n"
        "  LC_ALL, LC_MESSAGES, LANG  沒有 --lang 時：zh_CN、zh_SG 為簡體中文；\n"
        "                             zh_TW、zh_HK 及其他 zh_* 為繁體中文\n"
        "\b\n退出碼：0 已結算且相符；1 有爭議（不是胡牌、"
        "申報或莊家不符）；\n"
        "          2 記錄或用法有誤；3 程序錯誤；4 無法寫出結果；\n"
        "          130 按了 Ctrl-C；141 讀取端關閉了管道。\n"
        "\b\n說明：軟件包源代碼旁的 README 與 docs/（格式、規則、審計、"
        "架構、效能）。"
    ),
    "audit": (
        "在 Dask 集群上結算每個 JSONL 輸入，與單機的 settle --jsonl 相同。\n\n"
        "輸入可以是文件、文件名樣式（加引號：'logs/*.jsonl'）"
        "或 Dask 能讀的網址（s3://…、gs://…，"
        "需安裝該文件系統的軟件包）。每個輸入的結果以其名稱寫到 --out "
        "文件夾，與 settle --jsonl "
        "輸出的逐字節相同；每個文件及合計的已結算、有爭議、"
        "被拒行數列在最後，並寫入 summary.json。"
        "退出碼與批量模式相同：有被拒的行為 2，否則有爭議為 1。"
    ),
    "audit --out": (
        "結果寫到哪裡：每個輸入一個同名的 "
        r"JSONL，另有 summary.json。"
    ),
    "audit --scheduler": "現有 Dask 集群的調度器。",
    "audit --workers": "沒有 --scheduler 時：本機集群的工作進程數。",
    "audit --rules": "每一行共用的規則文件（一行自己的 rules: 優先）。",
    "audit --blocksize": "每次讀取的區塊大小。",
    "check": (
        "分析手牌：14 張（含碰、槓）時看是否胡牌、怎樣胡；"
        r"13 張時列出聽哪些牌。"
    ),
    "check --pung": "碰出的牌，例如 777z。",
    "check --kong": "明槓（點槓或加槓），例如 5555m。",
    "check --concealed-kong": "暗槓，例如 1111z。",
    "deal": (
        "由兩次擲骰的點數，說明從哪裡開牌、"
        "怎樣起牌（見 docs/rules.md 的遊戲簡介）。\n\n"
        "莊家點數是莊家擲出的點數，開牌點數是被開牌那一家擲出的點數。"
        "寫了 --players 和 "
        "--dealer 就以名字稱呼各家；寫 --seats 點數則改為定座位："
        "擲骰者（--players 的第一位）"
        "從自己數起，依逆時針方向數，數到的那一家坐東。"
    ),
    "deal --players": "玩家，依座位的出牌順序。",
    "deal --dealer": "誰坐莊（--players 之一）；起牌時以名字稱呼各家。",
    "deal --seats": "第一局之前：--players 第一位擲出的點數，數到的人坐東。",
    "ledger": (
        "俱樂部帳本：每一場都存在一個 SQLite 文件中；合計、結算、統計、"
        r"匯出。"
    ),
    "ledger --db": (
        "帳本文件［默認：MEIZHOU_LEDGER，否則 ~/.local/share/meizhou-score/ledger.sqlite"
        r"3］。"
    ),
    "ledger add": (
        "結算每個一場（或單局）的文件，並存入帳本：日期、玩家、規則、"
        "每一局與付款。\n\n"
        "一場以文件、文件寫的日期和玩家認定，與加入的日子無關。"
        "同一場再加一次不會改變任何東西；"
        "記了更多局之後再加，"
        "這一場就會增加局數（「第 3 場現在有 9 局，原有 8 局」）。"
        "前面的局被改過的一場會被拒收"
        "（--replace 編號 可以刻意取代）。"
        "無法結算或有爭議的一場會被拒收（--accept-disputes "
        "照樣加入）；絕不留下寫了一半的東西，場次編號也不會重複使用。"
    ),
    "ledger add --date": (
        "文件沒有日期時這一場的日期［默認："
        r"第一次加入時文件的修改日；之後增加局數也不變］。"
    ),
    "ledger add --accept-disputes": "即使有一局有爭議，也加入這一場。",
    "ledger add --replace": "以文件現況取代第 N 場。",
    "ledger check": (
        "檢查帳本：SQLite 完整性檢查，"
        r"並核對每一局的輸贏相加為零。"
    ),
    "ledger export": (
        "匯出期間內的每一局和每一筆付款，"
        r"給電子表格或其他程序使用。"
    ),
    "ledger export --format": (
        "CSV（每筆付款一行；沒有付款的一局也佔一行）或 "
        "JSONL（每局一行 JSON）"
        r"。"
    ),
    "ledger export --what": (
        "匯出每一局及其付款、"
        r"場後的付款（ledger pay），或兩者。"
    ),
    "ledger export --output": (
        "寫到這個文件（整個取代；"
        r"管道則直接寫入）［默認：標準輸出］。"
    ),
    "ledger export --bom": (
        "給 Excel 的 CSV："
        r"以字節順序標記開頭，中文名字才不會亂碼。"
    ),
    "ledger history": (
        "每位玩家隨時間累計的輸贏（每一場，以及依日期的付款），"
        "以表格列出；加 --chart 另畫折線圖"
        "（獨立的 SVG，不含腳本）。"
    ),
    "ledger history --by": "每一場、每週或每月一個點。",
    "ledger history --chart": "另畫成折線圖 SVG（- 寫到標準輸出）。",
    "ledger history --format": "表格、JSON 或 CSV。",
    "ledger merge": (
        "同一個人的兩種寫法合而為一：舊名的每一場、"
        "每一局和付款都歸到新名。\n\n"
        "兩人若曾同桌則拒絕（那時他們是兩個人）。"
    ),
    "ledger nights": "列出帳本中的每一場。",
    "ledger pay": (
        "記下實際付的錢：付款者付給收款者這筆金額。"
        r"之後合計和結算會顯示現在還欠多少。"
    ),
    "ledger pay --date": "付款日期［默認：今天］。",
    "ledger pay --note": "和付款一起保存的備註。",
    "ledger payments": "依日期列出記下的付款（ledger pay、settle-up --record）。",
    "ledger remove": (
        "刪除這個場次的一場及與它一起存的一切（會先詢問，除非加 --yes）"
        r"。"
    ),
    "ledger remove --yes": "不詢問，直接刪除。",
    "ledger remove-payment": (
        "撤回第 N 筆付款（會先詢問，"
        r"除非加 --yes）：那筆欠款又要還了。"
    ),
    "ledger remove-payment --yes": "不詢問，直接撤回。",
    "ledger rename": "為玩家改名：舊名的每一場、每一局和付款都歸到新名。",
    "ledger settle-up": (
        "期間內誰付給誰，以最少的轉賬結清現在的欠款。\n\n"
        "現在的欠款是各場的輸贏，減去之後已付的（ledger pay）。"
        "加 --record 時，"
        "建議的付款會記為今天已付，大家就兩清了。"
    ),
    "ledger settle-up --record": (
        "把建議的付款記為已付（會先詢問，"
        r"除非加 --yes）。"
    ),
    "ledger settle-up --yes": "配合 --record：不詢問，直接記下。",
    "ledger show": (
        "以帳本所存的內容重新結算這個場次的一場，"
        r"輸出的樣子與 settle 相同。"
    ),
    "ledger stats": (
        "每位玩家：場數、局數、各種胡法的次數、自摸率、被搶槓次數、"
        r"槓、最大的一手、淨輸贏。"
    ),
    "ledger stats --player": "只列這一位玩家。",
    "ledger totals": (
        "期間內（默認為所有場次）"
        r"每位玩家的淨輸贏，分毫不差。"
    ),
    "ledger totals --player": "只列這一位玩家。",
    "record": (
        "在牌桌上記下一局：附加到場次文件，"
        "並輸出這一局的結算與累計。\n\n"
        "文件不存在時會建立（--players、--stake、--dealer，可加 --rules）。"
        "之後各局依輪莊決定莊家。"
        "選項寫出這一局；選項沒寫的，"
        "在標準輸入是終端時依牌桌的順序逐項詢問。"
        "每個答案輸入時就檢查，"
        "只有能結算的一局才會寫入。文件逐局以原子方式更改，"
        "已有的各局一字不改。\n\n"
        "只有自摸、槓上開花和搶槓才算胡："
        r"胡別人打出的牌不計分，也無法記下（R11，docs/rules.md）。"
    ),
    "record --players": "新文件的玩家，依東、南、西、北座次。",
    "record --stake": "每分多少金：新文件的底分，或這一局自己的底分。",
    "record --date": "新文件的日期［默認：今天］。",
    "record --dealer": "第一局的莊家（之後依輪莊）。",
    "record --winner": "誰胡牌。",
    "record --self-draw": "自摸胡牌。",
    "record --kong-bloom": "槓上開花：以槓後補的牌胡牌。",
    "record --robbed-kong": "搶槓：搶了這位玩家的槓胡牌。",
    "record --draw": "荒莊：無人胡牌。",
    "record --hand": "胡牌者的手牌，含胡的那張。",
    "record --winning-tile": "胡的那張牌（搶槓時是被搶的那張）。",
    "record --pung": "胡牌者碰出的牌；可寫多次。",
    "record --kong": (
        "這一局的一副槓：種類寫暗槓、加槓或點槓；點槓另寫打出者；"
        "可寫多次。"
        "例如 阿君:暗槓:1z 或 阿梅:點槓:5m:阿福。"
    ),
    "record --claimed": (
        "同桌說某位玩家贏（+）或輸（-）"
        r"多少；可寫多次；會核對。"
    ),
    "record --amend": (
        "改寫第 N 局（不寫 N 為最後一局）而不是新增：先顯示它，"
        "並以原來的答案為默認（按 Enter 保留）。"
    ),
    "record --allow-dispute": (
        "即使這一局有爭議（不是胡牌、"
        r"申報不符）也記下。"
    ),
    "record --output": "把單局記錄寫到文件（- 輸出）而不是一場的文件。",
    "record --yes": "不詢問確認，直接記下。",
    "record --ask": "詢問選項沒寫的部分［默認：標準輸入是終端時］。",
    "rules": (
        "輸出現行規則：默認值（docs/rules.md）"
        r"，再以 --rules 的文件覆蓋。"
    ),
    "rules --explain": "輸出一條裁定：內容與理由。",
    "schema": (
        "輸出單局記錄與一場文件的 JSON Schema，或規則文件的 JSON Schema。"
        "\n\n"
        "看得懂 JSON Schema 的編輯器（VS Code 的 "
        "YAML 插件等）會在輸入時檢查文件："
        "存下 schema，並在文件第一行寫上它的名字，例如：\n\n"
        "\b\n# yaml-language-server: $schema=meizhou-record.schema.json"
    ),
    "schema --house-rules": "改為輸出規則文件的 schema。",
    "serve": (
        "把場次文件開放給牌桌上的手機：記分表，點幾下就記一局；"
        "任何地方記下一局"
        "（另一部手機，或命令行的 record），一兩秒內每個頁面都會更新。"
        "\n\n"
        "這一場的文件還不存在時，會在頁面上建立。"
        "每次寫入都經過與 record 相同的安全寫入。"
        "按 Ctrl-C 停止伺服器。"
    ),
    "serve --port": "監聽的端口。",
    "serve --host": "監聽的地址（只有本機，除非加 --lan）。",
    "serve --lan": (
        "讓同一網絡的手機進來：監聽每個地址（有 --host 時只監聽它），"
        r"並附上每個請求都要帶的密碼連結（及其 QR 碼）。"
    ),
    "serve --new-link": (
        "與 --lan 同用：給這一場一個新的密碼連結（舊的連結就不能用了）"
        r"。"
    ),
    "serve --db": "俱樂部帳本，給頁面的「加入帳本」使用。",
    "settle": (
        "結算單局記錄或一場的文件：每個文件（- 讀標準輸入）。\n\n"
        "輸出檢查結果、每位玩家的輸贏和下一莊，並核對申報的輸贏。"
        "一場的文件輸出記分表，每局一行，"
        "附累計（--hands：每局的完整表格）。有多個文件時，"
        "各以文件名列出（JSON：對象列表，"
        '"file" 在最前；無法結算的文件為 {"file", "valid": false, "error"}），'
        "退出碼取其中最差的。"
    ),
    "settle --explain": "列出每一筆付款及其依據的規則。",
    "settle --hands": (
        "一場的文件：每局的完整表格，"
        r"不只記分表（--explain 也會列出）。"
    ),
    "settle --settle-up": "另外說明誰付給誰，以最少的轉賬結清輸贏。",
    "settle --jsonl": (
        "批量模式：文件每行一筆 JSON "
        r"記錄；每行輸出一筆 JSON 結果。"
    ),
    "settle --jobs": (
        "批量模式：以 N 個工作進程結算（0："
        r"每個核心）；輸出相同。"
    ),
    "settle --chart": (
        "另把每局後的累計畫成折線圖（SVG；"
        r"- 寫到標準輸出，取代表格）。"
    ),
    "settle --max-record-bytes": (
        "拒收大於 N 字節的單局記錄［默認：1 MiB，"
        r"或 MEIZHOU_MAX_RECORD_BYTES］。"
    ),
    "settle --max-session-bytes": (
        "拒收大於 N 字節的一場的文件［默認：4 MiB，"
        r"或 MEIZHOU_MAX_SESSION_BYTES］。"
    ),
    "ledger show --explain": "列出每一筆付款及其依據的規則。",
    "undo": (
        "刪除場次文件的最後一局（先顯示並詢問，除非加 --yes）。\n\n"
        "文件其餘部分一字不改；文件以原子方式取代。要改正最後一局，"
        "請用 record --amend。"
    ),
    "undo --yes": "不詢問，直接刪除。",
    "* --rules": "規則文件（YAML）；記錄自己的 rules: 優先。",
    "* --format": "輸出格式。",
    "* --lang": (
        "語言：英文（en）、繁體中文（zh-Hant "
        r"或 zh）或簡體中文（zh-Hans）。"
    ),
    "* --lang default": (
        "按系統語言：zh_CN、zh_SG 為簡體，"
        r"zh_TW、zh_HK 為繁體，其他為英文"
    ),
    "* --since": "只列這一天或之後的場次。",
    "* --until": "只列這一天或之前的場次。",
    "* --player": "只列這一位玩家。",
    "* --yes": "不詢問，直接進行。",
    "* --bom": (
        "給 Excel 的 CSV："
        r"以字節順序標記開頭，中文名字才不會亂碼。"
    ),
    "* --help": "顯示這份說明後結束。",
    "* --version": "顯示版本後結束。",
    "* --explain": "列出每一筆付款及其依據的規則。",
    "* examples": "例子：",
    "* example": "例子：",
}

# the placeholders of the help and the usage line (an option's or an argument's metavar), keyed by
# click's English: the words a player types there, file names keeping their endings
METAVARS_ZH_HANT: dict[str, str] = {
    "SESSION.yaml": "場次文件.yaml",
    "NIGHT.yaml": "場次文件.yaml",
    "FILE": "文件",
    "FILE...": "文件...",
    "FILE.svg": "圖片文件.svg",
    "INPUT...": "輸入...",
    "DIR": "文件夾",
    "PATH": "路徑",
    "LEDGER": "帳本",
    "ADDRESS": "地址",
    "TEXT": "文字",
    "INTEGER RANGE": "整數",
    "NAME": "名字",
    "ROBBED_NAME": "被搶者",
    "[PLAYER]...": "[玩家]...",
    "OLD": "舊名",
    "NEW": "新名",
    "FROM": "付款者",
    "TO": "收款者",
    "AMOUNT": "金額",
    "NIGHT": "場次",
    "TILES": "牌",
    "TILES...": "牌...",
    "TILE": "牌",
    "PLAYER:TYPE:TILE[:FROM]": "玩家:種類:牌[:打出者]",
    "NAME=AMOUNT": "名字=金額",
    "K": "K",
    "SUM": "點數",
    "DEALER_DICE BREAKER_DICE": "莊家點數 開牌點數",
}


def _register() -> None:
    metavars = {f"* metavar {english}": said for english, said in METAVARS_ZH_HANT.items()}
    table = {
        **HELP_ZH_HANT,
        **HELP_RECONCILE_ZH_HANT,
        **HELP_SEAT_ZH_HANT,
        **EXAMPLES_ZH_HANT,
        **metavars,
    }
    register("zh-Hant", "help", table)
    register("zh-Hant", "click", CLICK_ZH_HANT)
    register("zh-Hans", "help", written("meizhou_score.i18n.zh_hans_help", "HELP"))
    register("zh-Hans", "click", written("meizhou_score.i18n.zh_hans_click", "CLICK"))
    register("en", "click", {key: key for key in CLICK_ZH_HANT})  # click's ids are its English


_register()


def help_words(lang: str) -> dict[str, str]:
    """Every command's help in ``lang``, keyed by id (English: registered by the command line, made
    from its commands)."""
    return catalog(lang, "help")


def click_words(lang: str) -> dict[str, str]:
    """click's own words in ``lang``, keyed by click's English."""
    return catalog(lang, "click")
