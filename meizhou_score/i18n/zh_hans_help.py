"""Every command's help in Simplified Chinese (命令说明), written by hand in mainland usage;
keyed as :mod:`.help`'s Traditional table."""

# each entry split at 100 bytes, as the package's lines are
# fmt: off
HELP: dict[str, str] = {
    "meizhou-score": "结算并核对梅州（客家）麻将的输赢金额。",
    "meizhou-score epilog": (
        "\b\n环境变量：\n  MEIZHOU_LEDGER             账本文件（ledger --db）\n  MEIZHO"
        "U_MAX_RECORD_BYTES   读取单局记录的上限［1 MiB］\n  MEIZHOU_MAX_SESSION_BYTES "
        " 读取一场的上限［4 MiB］\n  MEIZHOU_DEBUG=1            程序本身出错时显"
        "示调用栈\n  LC_ALL, LC_MESSAGES, LANG  没有 --lang 时：zh_CN、zh_SG 为简体中"
        "文；\n                             zh_TW、zh_HK 及其他 zh_* 为繁体中文\n\b\n"
        "退出码：0 已结算且相符；1 有争议（不是胡牌、申报或庄家不符）"
        "；\n          2 记录或用法有误；3 程序错误；4 无法写出结果；\n      "
        "    130 按了 Ctrl-C；141 读取端关闭了管道。\n\b\n说明：软件包源代码"
        "旁的 README 与 docs/（格式、规则、审计、架构、性能）。"
    ),
    "audit": (
        "在 Dask 集群上结算每个 JSONL 输入，与单机的 settle --jsonl 相同。\n\n"
        "输入可以是文件、通配符（加引号：'logs/*.jsonl'）或 Dask 能读的网址"
        "（s3://…、gs://…，需安装该文件系统的软件包）。每个输入的结果"
        "以其名称写到 --out 文件夹，与 settle --jsonl 的输出逐字节相同；每个"
        "文件及合计的已结算、有争议、被拒行数列在最后，并写入 summary.js"
        "on。退出码与批量模式相同：有被拒的行时为 2，否则有争议时为 1"
        "。"
    ),
    "audit --out": (
        "结果写到哪里：每个输入一个同名的 JSONL，另有 summary.json。"
    ),
    "audit --scheduler": "现有 Dask 集群的调度器。",
    "audit --workers": "没有 --scheduler 时：本机集群的工作进程数。",
    "audit --rules": "每一行共用的规则文件（一行自己的 rules: 优先）。",
    "audit --blocksize": "每次读取的分块大小。",
    "check": (
        "分析手牌：14 张（含碰、杠）时看是否胡牌、怎样胡；13 张时列出"
        "听哪些牌。"
    ),
    "check --pung": "碰出的牌，例如 777z。",
    "check --kong": "明杠（点杠或补杠），例如 5555m。",
    "check --concealed-kong": "暗杠，例如 1111z。",
    "deal": (
        "根据两次掷骰的点数，说明从哪里开牌、怎样起牌（见 docs/rules.md "
        "的游戏简介）。\n\n庄家点数是庄家掷出的点数，开牌点数是被开牌"
        "那一家掷出的点数。写了 --players 和 --dealer 就以名字称呼各家；写 -"
        "-seats 点数则改为定座位：掷骰者（--players 的第一位）从自己数起，"
        "按逆时针方向数，数到的那一家坐东。"
    ),
    "deal --players": "玩家，按座位的出牌顺序。",
    "deal --dealer": "谁坐庄（--players 之一）；起牌时以名字称呼各家。",
    "deal --seats": "第一局之前：--players 第一位掷出的点数，数到的人坐东。",
    "ledger": (
        "俱乐部账本：每一场都存在一个 SQLite 文件中；合计、结算、统计、"
        "导出。"
    ),
    "ledger --db": (
        "账本文件［默认：MEIZHOU_LEDGER，否则 ~/.local/share/meizhou-score/ledger.sqlit"
        "e3］。"
    ),
    "ledger add": (
        "结算每个一场（或单局）的文件，并存入账本：日期、玩家、规则"
        "、每一局与付款。\n\n一场以文件、文件写的日期和玩家认定，与加"
        "入的日子无关。同一场再加一次不会改变任何东西；记了更多局之"
        "后再加，这一场就会增加局数（“第 3 场现在有 9 局，原有 8 局”"
        "）。前面的局被改过的一场会被拒收（--replace 编号 可以有意替换）"
        "。无法结算或有争议的一场会被拒收（--accept-disputes 照样加入）；"
        "绝不留下写了一半的东西，场次编号也不会重复使用。"
    ),
    "ledger add --date": (
        "文件没有日期时这一场的日期［默认：第一次加入时文件的修改日"
        "；之后增加局数也不变］。"
    ),
    "ledger add --accept-disputes": "即使有一局有争议，也加入这一场。",
    "ledger add --replace": "用文件现在的内容替换第 N 场。",
    "ledger check": (
        "检查账本：SQLite 完整性检查，并核对每一局的输赢相加为零。"
    ),
    "ledger export": (
        "导出期间内的每一局和每一笔付款，给电子表格或其他程序使用。"
    ),
    "ledger export --format": (
        "CSV（每笔付款一行；没有付款的一局也占一行）或 JSONL（每局一行 J"
        "SON）。"
    ),
    "ledger export --what": (
        "导出每一局及其付款、场后的付款（ledger pay），或两者。"
    ),
    "ledger export --output": (
        "写到这个文件（整个覆盖；管道则直接写入）［默认：标准输出］"
        "。"
    ),
    "ledger export --bom": (
        "给 Excel 用的 CSV：以 BOM（字节顺序标记）开头，中文名字才不会乱"
        "码。"
    ),
    "ledger history": (
        "每位玩家随时间累计的输赢（每一场，以及按日期的付款），以表"
        "格列出；加 --chart 另画折线图（独立的 SVG，不含脚本）。"
    ),
    "ledger history --by": "每一场、每周或每月一个点。",
    "ledger history --chart": "另画成折线图 SVG（- 写到标准输出）。",
    "ledger history --format": "表格、JSON 或 CSV。",
    "ledger merge": (
        "同一个人的两种写法合而为一：旧名的每一场、每一局和付款都归"
        "到新名。\n\n两人若曾同桌则拒绝（那时他们是两个人）。"
    ),
    "ledger nights": "列出账本中的每一场。",
    "ledger pay": (
        "记下实际付的钱：付款者付给收款者这笔金额。之后合计和结算会"
        "显示现在还欠多少。"
    ),
    "ledger pay --date": "付款日期［默认：今天］。",
    "ledger pay --note": "和付款一起保存的备注。",
    "ledger payments": "按日期列出记下的付款（ledger pay、settle-up --record）。",
    "ledger remove": (
        "删除这个场次的一场及与它一起存的一切（会先询问，除非加 --yes"
        "）。"
    ),
    "ledger remove --yes": "不询问，直接删除。",
    "ledger remove-payment": (
        "撤回第 N 笔付款（会先询问，除非加 --yes）：那笔欠款又要还了。"
    ),
    "ledger remove-payment --yes": "不询问，直接撤回。",
    "ledger rename": "为玩家改名：旧名的每一场、每一局和付款都归到新名。",
    "ledger settle-up": (
        "期间内谁付给谁，以最少的转账结清现在的欠款。\n\n现在的欠款是"
        "各场的输赢，减去之后已付的（ledger pay）。加 --record 时，建议的付"
        "款会记为今天已付，大家就两清了。"
    ),
    "ledger settle-up --record": (
        "把建议的付款记为已付（会先询问，除非加 --yes）。"
    ),
    "ledger settle-up --yes": "配合 --record：不询问，直接记下。",
    "ledger show": (
        "以账本所存的内容重新结算这个场次的一场，输出的样子与 settle 相"
        "同。"
    ),
    "ledger stats": (
        "每位玩家：场数、局数、各种胡法的次数、自摸率、被抢杠次数、"
        "杠、最大的一手、净输赢。"
    ),
    "ledger stats --player": "只列这一位玩家。",
    "ledger totals": (
        "期间内（默认为所有场次）每位玩家的净输赢，分毫不差。"
    ),
    "ledger totals --player": "只列这一位玩家。",
    "record": (
        "在牌桌上记下一局：追加到场次文件，并输出这一局的结算与累计"
        "。\n\n文件不存在时会创建（--players、--stake、--dealer，可加 --rules）"
        "。之后各局按轮庄决定庄家。选项写出这一局；选项没写的，在标"
        "准输入是终端时按牌桌的顺序逐项询问。每个答案输入时就检查，"
        "只有能结算的一局才会写入。文件逐局以原子方式更改，已有的各"
        "局一字不改。\n\n只有自摸、杠上开花和抢杠才算胡：胡别人打出的"
        "牌不计分，也无法记下（R11，docs/rules.md）。"
    ),
    "record --players": "新文件的玩家，按东、南、西、北座次。",
    "record --stake": "每分多少钱：新文件的底分，或这一局自己的底分。",
    "record --date": "新文件的日期［默认：今天］。",
    "record --dealer": "第一局的庄家（之后按轮庄）。",
    "record --winner": "谁胡牌。",
    "record --self-draw": "自摸胡牌。",
    "record --kong-bloom": "杠上开花：以杠后补的牌胡牌。",
    "record --robbed-kong": "抢杠：抢了这位玩家的杠胡牌。",
    "record --draw": "荒庄：无人胡牌。",
    "record --hand": "胡牌者的手牌，含胡的那张。",
    "record --winning-tile": "胡的那张牌（抢杠时是被抢的那张）。",
    "record --pung": "胡牌者碰出的牌；可写多次。",
    "record --kong": (
        "这一局的一副杠：种类写暗杠、补杠或点杠；点杠另写打出者；可"
        "写多次。例如 阿君:暗杠:1z 或 阿梅:点杠:5m:阿福。"
    ),
    "record --claimed": (
        "同桌说某位玩家赢（+）或输（-）多少；可写多次；会核对。"
    ),
    "record --amend": (
        "改写第 N 局（不写 N 为最后一局）而不是添加：先显示它，并以原"
        "来的答案为默认（按 Enter 保留）。"
    ),
    "record --allow-dispute": (
        "即使这一局有争议（不是胡牌、申报不符）也记下。"
    ),
    "record --output": "把单局记录写到文件（- 输出）而不是一场的文件。",
    "record --yes": "不询问确认，直接记下。",
    "record --ask": "询问选项没写的部分［默认：标准输入是终端时］。",
    "rules": (
        "输出现行规则：默认值（docs/rules.md），再以 --rules 的文件覆盖。"
    ),
    "rules --explain": "输出一条裁定：内容与理由。",
    "schema": (
        "输出单局记录与一场文件的 JSON Schema，或规则文件的 JSON Schema。\n\n"
        "看得懂 JSON Schema 的编辑器（VS Code 的 YAML 插件等）会在输入时检查"
        "文件：存下 schema，并在文件第一行写上它的名字，例如：\n\n\b\n# yam"
        "l-language-server: $schema=meizhou-record.schema.json"
    ),
    "schema --house-rules": "改为输出规则文件的 schema。",
    "serve": (
        "把场次文件开放给牌桌上的手机：记分表，点几下就记一局；任何"
        "地方记下一局（另一部手机，或命令行的 record），一两秒内每个页"
        "面都会更新。\n\n这一场的文件还不存在时，会在页面上创建。每次"
        "写入都经过与 record 相同的安全写入。按 Ctrl-C 停止服务器。"
    ),
    "serve --port": "监听的端口。",
    "serve --host": "监听的地址（只有本机，除非加 --lan）。",
    "serve --lan": (
        "让同一网络的手机进来：监听每个地址（有 --host 时只监听它），并"
        "附上每个请求都要带的密钥链接（及其二维码）。"
    ),
    "serve --new-link": (
        "与 --lan 同用：给这一场一个新的密钥链接（旧的链接就不能用了）"
        "。"
    ),
    "serve --db": "俱乐部账本，给页面的“加入账本”使用。",
    "settle": (
        "结算单局记录或一场的文件：每个文件（- 读标准输入）。\n\n输出"
        "检查结果、每位玩家的输赢和下一庄，并核对申报的输赢。一场的"
        "文件输出记分表，每局一行，附累计（--hands：每局的完整表格）。"
        "有多个文件时，各以文件名列出（JSON：对象列表，\"file\" 在最前；"
        "无法结算的文件为 {\"file\", \"valid\": false, \"error\"}），退出码取其中"
        "最差的。"
    ),
    "settle --explain": "列出每一笔付款及其依据的规则。",
    "settle --hands": (
        "一场的文件：每局的完整表格，不只记分表（--explain 也会列出）。"
    ),
    "settle --settle-up": "另外说明谁付给谁，以最少的转账结清输赢。",
    "settle --jsonl": (
        "批量模式：文件每行一笔 JSON 记录；每行输出一笔 JSON 结果。"
    ),
    "settle --jobs": (
        "批量模式：以 N 个工作进程结算（0：每个核心）；输出相同。"
    ),
    "settle --chart": (
        "另把每局后的累计划成折线图（SVG；- 写到标准输出，代替表格）。"
    ),
    "settle --max-record-bytes": (
        "拒收大于 N 字节的单局记录［默认：1 MiB，或 MEIZHOU_MAX_RECORD_BYTES］"
        "。"
    ),
    "settle --max-session-bytes": (
        "拒收大于 N 字节的一场的文件［默认：4 MiB，或 MEIZHOU_MAX_SESSION_BYTES"
        "］。"
    ),
    "ledger show --explain": "列出每一笔付款及其依据的规则。",
    "undo": (
        "删除场次文件的最后一局（先显示并询问，除非加 --yes）。\n\n文件"
        "其余部分一字不改；文件以原子方式整个替换。要改正最后一局，"
        "请用 record --amend。"
    ),
    "undo --yes": "不询问，直接删除。",
    "* --rules": "规则文件（YAML）；记录自己的 rules: 优先。",
    "* --format": "输出格式。",
    "* --lang": (
        "语言：英文（en）、繁体中文（zh-Hant 或 zh）或简体中文（zh-Hans）。"
    ),
    "* --lang default": (
        "按系统语言：zh_CN、zh_SG 为简体，zh_TW、zh_HK 为繁体，其他为英文"
    ),
    "* --since": "只列这一天或之后的场次。",
    "* --until": "只列这一天或之前的场次。",
    "* --player": "只列这一位玩家。",
    "* --yes": "不询问，直接进行。",
    "* --bom": (
        "给 Excel 用的 CSV：以 BOM（字节顺序标记）开头，中文名字才不会乱"
        "码。"
    ),
    "* --help": "显示本说明并退出。",
    "* --version": "显示版本并退出。",
    "* --explain": "列出每一笔付款及其依据的规则。",
    "* examples": "例子：",
    "* example": "例子：",
    "reconcile": (
        "哪一局记错了？把一整晚的记录和每位玩家手上的金币对数。\n\n找"
        "出最少的记录错误（胡牌者或胡法记错、漏记或多记了杠、牌型记"
        "错、漏记一局或重复记了一局、荒庄记成胡牌、底分记错），改正"
        "后这一晚结算出来正好是桌上的金币；最可能的在前；几种解释同"
        "样相符时会说明。记录相符时退出码为 0，不相符为 1。"
    ),
    "reconcile examples": (
        "\b\n    例子：\n      meizhou-score reconcile examples/night-with-a-mistake.yaml\n    "
        "  meizhou-score reconcile 今晚.yaml --held 阿福=-20 --held 阿梅=60 --held 阿君=0 "
        "--held 阿兰=-40\n      meizhou-score reconcile 今晚.yaml --format json\n      meizhou"
        "-score reconcile 今晚.yaml --apply 1"
    ),
    "reconcile --held": (
        "一位玩家这一晚结束时手上的金币（桌上点算的净输赢；每位玩家"
        "一次；也可写成 名字=金额，名字=金额）。不给时读文件的 held:。"
    ),
    "reconcile --apply": (
        "按第 K 种解释改正这一晚（整个文件重写，和 record --amend 一样）。"
    ),
    "seat": (
        "把 NAMES 排到四人一桌，排 R 轮，让玩家尽量少和同一个对手重复同"
        "桌；门风（东南西北）在各轮轮流；人数不是四的倍数时，轮空尽"
        "量平均分摊。\n\n输出重复相遇的次数（两人第一次同桌之后再同桌"
        "的次数）和任何排法最少可能的次数：排法达到这个下限就是已证"
        "明最好。"
    ),
    "seat examples": (
        "\b\n    例子：\n      meizhou-score seat 阿福 阿梅 阿君 阿兰 阿英 阿华 阿"
        "杰 阿明 --rounds 3\n      meizhou-score seat A B C D E F G H I J K L M N O P --rounds "
        "5 --format json"
    ),
    "seat --rounds": "要排几轮。",
    "record examples": (
        "\b\n    例子：\n      meizhou-score record 今晚.yaml --players \"阿福,阿梅,阿"
        "君,阿兰\" --stake 10 --dealer 阿福\n      meizhou-score record 今晚.yaml --winner "
        "阿梅 --self-draw --hand \"123m 456m 789p 234s 55s\" --winning-tile 4s\n      meizhou-sc"
        "ore record 今晚.yaml --draw\n      meizhou-score record 今晚.yaml --winner 阿君 --s"
        "elf-draw --hand \"123m 456p 789s 55s\" \\\n          --winning-tile 5s --kong \"阿君:"
        "暗杠:1z\" --yes\n      meizhou-score record --players \"甲,乙,丙,丁\" --dealer 甲 "
        "-o 一局.yaml"
    ),
    "deal examples": (
        "\b\n    例子：\n      meizhou-score deal 10 5     # 规则原文自己的例子\n     "
        " meizhou-score deal 10 5 --players \"阿福,阿梅,阿君,阿兰\" --dealer 阿福 --form"
        "at json\n      meizhou-score deal --seats 7 --players \"阿福,阿梅,阿君,阿兰\""
    ),
    "ledger pay examples": (
        "\b\n    例子：\n      meizhou-score ledger pay 阿福 阿君 140\n      meizhou-score "
        "ledger pay 阿兰 阿梅 2.5 --date 2026-11-30 --note \"门口付现金\""
    ),
    "* metavar SESSION.yaml": "场次文件.yaml",
    "* metavar NIGHT.yaml": "场次文件.yaml",
    "* metavar FILE": "文件",
    "* metavar FILE...": "文件...",
    "* metavar FILE.svg": "图片文件.svg",
    "* metavar INPUT...": "输入...",
    "* metavar DIR": "文件夹",
    "* metavar PATH": "路径",
    "* metavar LEDGER": "账本",
    "* metavar ADDRESS": "地址",
    "* metavar TEXT": "文字",
    "* metavar INTEGER RANGE": "整数",
    "* metavar NAME": "名字",
    "* metavar ROBBED_NAME": "被抢者",
    "* metavar [PLAYER]...": "[玩家]...",
    "* metavar OLD": "旧名",
    "* metavar NEW": "新名",
    "* metavar FROM": "付款者",
    "* metavar TO": "收款者",
    "* metavar AMOUNT": "金额",
    "* metavar NIGHT": "场次",
    "* metavar TILES": "牌",
    "* metavar TILES...": "牌...",
    "* metavar TILE": "牌",
    "* metavar PLAYER:TYPE:TILE[:FROM]": "玩家:种类:牌[:打出者]",
    "* metavar NAME=AMOUNT": "名字=金额",
    "* metavar K": "K",
    "* metavar SUM": "点数",
    "* metavar DEALER_DICE BREAKER_DICE": "庄家点数 开牌点数",
}
# fmt: on
