"""The server's sentences and the page's words in Simplified Chinese (网页的话), written by
hand in mainland usage; keyed as :mod:`.words`' catalog of ``web``."""

# each entry split at 100 bytes, as the package's lines are
# fmt: off
WEB: dict[str, str] = {
    "recorded": "第 {hand} 局已在别处记下（另一部手机或笔记本电脑）。",
    "taken_back": "第 {hand} 局已在别处收回（另一部手机或笔记本电脑）。",
    "amended": "第 {hand} 局已在别处修改（另一部手机或笔记本电脑）。",
    "created": "这一场已在别处开好（另一部手机或笔记本电脑）。",
    "changed": "这一场已在别处改过（另一部手机，或文件本身）。",
    "moved": (
        "写入时这一场的文件被换成了另一个文件；没有写入任何东西。这"
        "是它现在指向的一场。"
    ),
    "no_version": (
        "这项更改没有注明依据这一场的哪个版本（If-Match 或 \"version\"）；"
        "没有写入。"
    ),
    "disk": "磁盘拒绝写入（{why}）；没有写入，文件保持原样。",
    "ledger_disk": "磁盘拒绝写入账本；账本没有加入任何东西。",
    "not_json": "不是 JSON（第 {line} 行，第 {column} 列）",
    "not_utf8": "不是 UTF-8：内容的第 {at} 个字节不是文字",
    "bad_if_match": "If-Match 必须是加上引号的版本（\"<版本>\"）；没有写入",
    "bad_version": "\"version\" 必须是文字形式的版本；没有写入",
    "two_versions": (
        "这项更改注明了这一场的两个不同版本（If-Match、\"version\"、?version="
        "）；没有写入"
    ),
    "bad_http": "服务器读不懂这个请求（请求行或请求头）",
    "out_of_files": "连接太多，超出本机上限：最久没动的连接会被关掉。",
    "cut_off": "请求在内容传完之前就中断了",
    "not_object": "这里要写一局：一个 JSON 对象",
    "too_big": "内容超过 {size} 字节",
    "no_token": "这个页面需要本桌的链接（含密钥）",
    "not_ours": "拒绝：不是来自本桌的页面",
    "no_ledger": "没有账本：以 serve --db 账本 启动",
    "unused_key": "这个请求不收这一项；没有写入",
    "not_a_table": (
        "这里要写新一场的设置：含 players、stake、date 与 rules 的 JSON 对象"
    ),
    "not_a_date": "日期要写成 YYYY-MM-DD（例如 2026-03-14），不写就是今天",
    "not_yes_no": "这里只能写 true 或 false",
    "unreadable": "读不到这一场的文件（{why}）；没有任何改动。",
    "amend_number": "局号从 1 起算",
    "not_last": (
        "第 {hand} 局不是你看到的这一场的最后一局（最后一局是第 {last} 局"
        "）；没有撤回任何一局"
    ),
    "later_dealer": "第 {hand} 局的庄家将是 {expected}，而不是 {named}",
    "hand_reasons": "第 {hand} 局：{reasons}",
    "no_preset": "没有这套规则；可选的有 {ids}",
    "bad_number": "要写 {low} 到 {high} 的整数",
    "deal_dealer": "庄家必须是四位玩家之一",
    "internal": "服务器无法响应这个请求；没有写入",
    "not_found": "这里没有东西：没有这个地址",
    "not_allowed": "这个地址不接受这种请求",
    "no_hand_yet": "还没有任何一局",
    "page_title": "梅州麻将",
    "page_scan": (
        "这个页面需要本桌的链接。请再扫一次本桌的二维码，或打开电脑"
        "上显示的链接。"
    ),
    "page_noscript": (
        "这个页面需要 JavaScript：它是本桌的记分员，由 meizhou-score 提供。"
    ),
    "page_host": (
        "这个服务器只响应它自己的地址。请打开电脑上显示的链接。"
    ),
    "preset.standard": "标准规则（默认）",
    "preset.bao_kong": "包杠：点杠由点杠者包付",
    "preset.dealer_keeps": "荒庄连庄：庄家继续坐庄",
    "preset.house_rules": "一家俱乐部的家规（示例）",
    "page.title": "梅州麻将",
    "page.newHand": "＋ 新的一局",
    "page.undo": "撤回",
    "page.settleUp": "结算",
    "page.ledger": "记入账本",
    "page.total": "合计",
    "page.hand": "局",
    "page.what": "经过",
    "page.draw": "荒庄",
    "page.whoWon": "谁胡牌？",
    "page.how": "怎样胡？",
    "page.selfDraw": "自摸",
    "page.kongBloom": "杠上开花",
    "page.robbedKong": "抢杠",
    "page.whoseRobbed": "抢了谁的杠？",
    "page.tiles": "手牌（暗牌，含胡的那张）",
    "page.winningTile": "胡的那张",
    "page.pung": "＋ 碰",
    "page.kong": "＋ 杠",
    "page.kongWhose": "谁的杠？",
    "page.kongType": "哪一种杠？",
    "page.concealed": "暗杠",
    "page.added": "补杠（摸明杠）",
    "page.exposed": "点杠（明杠）",
    "page.kongTile": "点一下要杠的那种牌",
    "page.kongFrom": "谁打出的？",
    "page.record": "记录",
    "page.amend": "记录修改后的这一局",
    "page.cancel": "取消",
    "page.clear": "清除手牌",
    "page.dealer": "这一局谁坐庄？",
    "page.count": "{n}／14 张",
    "page.noPayments": "无人付钱。",
    "page.setup": "新的一晚",
    "page.players": "玩家（按座位）",
    "page.stake": "底分（每分多少钱）",
    "page.firstDealer": "第一局庄家",
    "page.start": "开始",
    "page.settleNone": "大家两清。",
    "page.undone": "已撤回上一局。",
    "page.recorded": "第 {n} 局已记录。",
    "page.amended": "第 {n} 局已修改。",
    "page.amendedElsewhere": (
        "第 {n} 局已在别处修改（另一部手机或笔记本电脑）。"
    ),
    "page.sep": "，",
    "page.amendThis": "修改这一局",
    "page.nextDealer": "下一庄：{name}",
    "page.disputed": "有争议",
    "page.ledgerAdded": "已加入账本：第 {night} 场。",
    "page.ledgerSame": (
        "账本中已有，是第 {night} 场（{date}）；没有加入任何东西。"
    ),
    "page.ledgerGrown": "账本中第 {night} 场现在有 {hands} 局，原有 {was} 局。",
    "page.pungMode": "点一下要碰的那种牌",
    "page.kongs": "杠",
    "page.pungs": "碰",
    "page.dealerMark": "庄 {name}",
    "page.tapTiles": "点牌加入（小数字：还剩几张）",
    "page.chart": "每局后的累计输赢",
    "page.m": "万",
    "page.p": "筒",
    "page.s": "条",
    "page.honours": "东南西北白发中",
    "page.numerals": "一二三四五六七八九",
    "page.amendNumber": "修改第 {n} 局",
    "page.tapSets": (
        "点整组牌：顺子、对子、刻子（点一下已选的牌即可拿走）"
    ),
    "page.tabSets": "顺子・对子",
    "page.tabPungs": "刻子",
    "page.tabTiles": "单张",
    "page.pungShort": "碰",
    "page.offline": "笔记本电脑没有响应。本页会一直再试。",
    "page.takenBack": "第 {n} 局已撤回。",
    "page.recordedElsewhere": (
        "第 {n} 局已在别处记下（另一部手机或笔记本电脑）。"
    ),
    "page.sameHand": (
        "第 {n} 局刚在别处记下（另一部手机或笔记本电脑）：是同一局吗？"
    ),
    "page.sameYes": "是同一局：不记我的",
    "page.sameNo": "不是：把我的记作第 {n} 局",
    "page.tryAgain": "再试",
    "page.undoAsk": "撤回第 {n} 局（{what}）？",
    "page.undoYes": "撤回",
    "page.undoNo": "保留",
    "page.handNumber": "第 {n} 局：付款",
    "page.thisIsMe": "点自己的名字：自己的一列会标出",
    "page.tapYourName": "点合计中自己的名字，标出自己的一列。",
    "page.seat0": "东",
    "page.seat1": "南",
    "page.seat2": "西",
    "page.seat3": "北",
    "page.date": "日期",
    "page.rules": "规则",
    "page.dice": "掷骰定座位（第一位掷）",
    "page.deal": "定座位",
    "page.seatsDrawn": "东 {East}（先坐庄）、南 {South}、西 {West}、北 {North}",
    "page.heldAdd": (
        "还没有记下：你的这一局存在这部手机里，笔记本电脑一响应就照"
        "你输入的送出。"
    ),
    "page.heldAmend": (
        "还没有记下：你对第 {n} 局的修改存在这部手机里，笔记本电脑一响"
        "应就送出。"
    ),
    "page.heldUndo": (
        "还没有撤回：笔记本电脑一响应，如第 {n} 局仍是最后一局，就撤回"
        "它。"
    ),
    "page.dontSend": "不要送出",
    "page.oneHeld": (
        "没有记下：笔记本电脑没有响应，这部手机已存着一项待送的更改"
        "。笔记本电脑恢复后再记录。"
    ),
    "page.notRecorded": (
        "没有记下：笔记本电脑没有响应，这部手机也存不了这一局。笔记"
        "本电脑恢复后请再按“记录”。"
    ),
    "page.notRecordedWhy": "没有记下：{why}",
    "page.meanwhile": (
        "这一场其后已在别处改过（另一部手机或笔记本电脑）：写入之前"
        "会再问你一次。"
    ),
    "page.changeRecorded": "其间第 {n} 局已在别处记下：{what}。",
    "page.changeTakenBack": "其间第 {n} 局已在别处撤回。",
    "page.changeAmended": "其间第 {n} 局已在别处修改：现在是 {what}。",
    "page.changeCreated": "这一场已在别处开好（另一部手机或笔记本电脑）。",
    "page.changeOther": (
        "其间这一场已在别处改过（另一部手机，或文件本身）。"
    ),
    "page.sameHandHeld": (
        "这部手机等笔记本电脑响应时，第 {n} 局已记下：是你输入的那一局"
        "吗？"
    ),
    "page.recordAs": "把我的记作第 {n} 局",
    "page.deals": "{name} 坐庄",
    "page.stillRecord": "把你的记作第 {n} 局吗？",
    "page.notNow": "暂时不要",
    "page.ok": "好",
    "page.enterHere": "在这一场输入我的这一局",
    "page.nothingToAmend": "现在没有第 {n} 局可以修改。",
    "page.amendOver": "你的修改会替换它。",
    "page.openTheirs": "打开现在的第 {n} 局",
    "page.writeMine": "用我的替换它",
    "page.stillAmend": "在现在的这一场上记录你对第 {n} 局的修改吗？",
    "page.amendAgain": "记录我对第 {n} 局的修改",
    "page.checkPreview": "现在的结算不同了：请看预览，再按“记录”。",
    "held_needed": (
        "这里要有 \"held\"：每位玩家在桌上数到的金币，按名字写（Mei：-60"
        "）"
    ),
    "explanation_number": "这里要写解释的编号，从 1 起",
    "no_explanation": (
        "没有第 {k} 种完全相符的解释可用来改正（共有 {n} 种）；没有写入"
    ),
    "no_hands_to_check": "这一场还没有任何一局：没有东西可与金币核对",
    "page.closeNight": "收场对数",
    "page.closeAsk": (
        "每位玩家收场时桌上的金币（今晚的输赢）：各自用手机填自己的"
        "，或一部手机填四位。"
    ),
    "page.closeCheck": "与记录核对",
    "page.closeWaiting": "还在等这几位的金币：{names}",
    "page.closeApply": "按这个改正",
    "page.closeApplied": "已按第 {k} 种解释改正。",
    "page.closeChanged": (
        "没有改动：你核对之后这一场改过了。以下是重新核对的结果。"
    ),
    "page.closeMine": "（你）",
    "page.closeNamesSep": "、",
}
# fmt: on
