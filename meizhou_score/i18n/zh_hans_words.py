"""The Simplified Chinese words (词库: tables, explanations, prompts), written by hand in
mainland usage; keyed by the ids of :mod:`.words`. The rulings are in :mod:`.zh_hans_rulings`."""

from .zh_hans_rulings import RULINGS

# each entry split at 100 bytes, as the package's lines are
# fmt: off
_WORDS: dict[str, str] = {
    "self_draw": "自摸",
    "kong_bloom": "杠上开花",
    "robbed_kong": "抢杠",
    "concealed_kong": "暗杠",
    "added_kong": "补杠（摸明杠）",
    "exposed_kong": "点杠",
    "seat": "座位",
    "player": "玩家",
    "win": "胡牌",
    "kongs": "杠",
    "total": "合计",
    "dealer_mark": "（庄）",
    "wins": "{winner} {how}胡牌",
    "from": "（被抢：{robbed}）",
    "patterns": "{names}，倍数 {ratio}",
    "stake": "底分 {stake}",
    "draw": "荒庄：无人输赢，杠不计（{rule}）。",
    "invalid": "不成胡，无人支付：",
    "reading": "拆法：{blocks}",
    "ratio_one": "倍数 {ratio}：{name}",
    "ratio_highest": "倍数 {ratio}：取最高——{listed}（合成：取最高）",
    "ratio_sum": "倍数：{sum} = {ratio}（合成：{mode}{superseded}）",
    "superseded": "；{pattern}被{by}取代",
    "mode_add": "相加",
    "mode_multiply": "相乘",
    "list_sep": "、",
    "head_sep": "——",
    "stake_sep": "；",
    "next": "下一庄：{name}——{why}",
    "next_unknown": "下一庄：未定（{why}）",
    "why_robbed": "被抢杠者坐庄（{rule}）",
    "why_winner": "谁胡谁庄（{rule}）",
    "why_dealer_wins": "庄家胡牌，连庄（{rule}）",
    "why_draw_next": "荒庄，由庄家的下家坐庄（{rule}）",
    "why_draw_same": "荒庄，庄家连庄（规则 dealer_after_draw: same）",
    "why_invalid": "不成胡，由同桌决定谁坐庄",
    "pays": (
        "{payer} 付 {payee} {amount}（{units} 分 × {stake}）：{reason}{detail}——{rule}"
    ),
    "detail_win": "，倍数 {ratio} × {share}",
    "detail_kong": "，{owner} 的 {tile}",
    "claims_agree": "申报的输赢与结算相符。",
    "claims_differ": "申报的输赢与结算不符：",
    "claims_partial": "（申报只列出部分玩家，其余未核对。）",
    "claims_unbalanced": "（申报的输赢合计不为零：有人记错了。）",
    "disputes": "本场争议：",
    "dispute_line": "  第 {n} 局：{kind}",
    "dispute_not_a_win": "不成胡",
    "dispute_dealer": "庄家与轮庄不符",
    "dispute_claims": "申报的输赢不符",
    "claim_line": "  {name}：申报 {claimed}，算出来是 {computed}：{side} {gap}",
    "claim_short": "少了",
    "claim_over": "多了",
    "claim_part": "——{part}（{rule}）",
    "part_win": "胡牌的钱：{amount}",
    "part_kong": "{owner} 的{kind} {tile}：{amount}",
    "claims_corrections": "更正（最少的转账）：",
    "dealer_check": (
        "庄家写错了：本局写 {named} 坐庄，按轮庄该由 {expected} 坐庄（{rule}"
        "）。"
    ),
    "hand": "第 {n} 局——庄家 {dealer}",
    "sheet_headers": "局|庄家|结果",
    "sheet_win": "{winner} {how} {ratio} 倍",
    "stats_biggest": "{names} {ratio} 倍",
    "sheet_robbed": "{winner} 抢 {robbed} 的杠 {ratio} 倍",
    "sheet_self_draw": "自摸",
    "sheet_kong_bloom": "杠上开花",
    "sheet_draw": "荒庄",
    "sheet_dealt": "{dealer} 坐庄：{what}",
    "sheet_not_a_win": "{winner}：不是胡牌",
    "sheet_disputed": "（有争议）",
    "totals": "本场合计",
    "transfers": "支付明细：",
    "settle_up": "结算（最少的转账）：",
    "settle_line": "  {payer} 付 {payee} {amount}",
    "settle_none": "结算：无人欠款。",
    "record_back": "回到上一题",
    "record_no_back": "前面没有可以回去的题目。",
    "record_emptied": (
        "这一场现在没有任何一局；玩家、底分和规则都保留，record 会从第 "
        "1 局记起。"
    ),
    "record_replacing": "第 {n} 局目前的记录（按 Enter 保留原来的答案）：",
    "record_kong_dropped": "（第 {n} 个杠已取消）",
    "record_kongs_again": (
        "（杠会再问一次：刚才输入的每副杠都是默认答案，按 Enter 保留。"
        "）"
    ),
    "record_players": "玩家，按东、南、西、北座次（用逗号隔开）",
    "record_stake": "底分（每分多少钱）",
    "record_who_won": "谁胡牌？ {choices} [d] 荒庄",
    "record_how": "{winner} 怎样胡牌？ [1] 自摸 [2] 杠上开花 [3] 抢杠",
    "record_whose_robbed": "{winner} 抢了谁的杠？",
    "record_concealed": "{winner} 的手牌，含胡的那张（例如 123m 456p 789s 234s 55z）",
    "record_winning_tile": "胡的那张牌",
    "record_robbed_tile": "胡的那张牌（被抢的那张）",
    "record_pungs": "碰出的牌，例如 777z 999m；没有就按 Enter",
    "record_kong_whose": "第 {n} 个杠：谁的？ {choices}（按 Enter：没有了）",
    "record_kong_whose_kept": (
        "第 {n} 个杠：谁的？ {choices}（按 Enter 保留；输入 -：没有了）"
    ),
    "record_kong_type": (
        "种类？ [1] 暗杠 [2] 补杠（摸明杠） [3] 点杠（杠别人打出的牌） [4] "
        "明杠（按 Enter：取消这副杠）"
    ),
    "record_kong_type_kept": (
        "种类？ [1] 暗杠 [2] 补杠（摸明杠） [3] 点杠（杠别人打出的牌） [4] "
        "明杠（按 Enter 保留；输入 -：取消这副杠）"
    ),
    "record_kong_tile_kept": "哪张牌？（按 Enter 保留；输入 -：取消这副杠）",
    "record_kong_not_robbed": (
        "（{winner} 抢的杠不在这里输入：{robbed} 的 {tile} 没有杠成，抢杠已经"
        "算了它。）"
    ),
    "answer_self_draw": "自摸",
    "answer_kong_bloom": "杠上开花",
    "answer_robbed_kong": "抢杠",
    "answer_concealed": "暗杠",
    "answer_added": "补杠",
    "answer_exposed": "点杠",
    "answer_open": "明杠",
    "record_open_from": (
        "明杠：谁打出的那张？（直接按 Enter：没有人，是在碰上补杠）"
    ),
    "record_kong_tile": "哪张牌？",
    "record_discarder": "谁打出的？",
    "record_who_dealt": "谁是庄家？",
    "record_who_dealt_hand": "第 {n} 局谁是庄家？（{why}）",
    "record_first_hand": "第一局",
    "record_after_dispute": "上一局不成胡，轮庄定不了",
    "record_deals": "第 {n} 局：{dealer} 坐庄。",
    "record_write": "写入这一局？",
    "record_record": "记下第 {n} 局？",
    "record_rewrite": "改写第 {n} 局？",
    "record_nothing_written": "没有写入任何东西。",
    "record_written_to": "已写入 {path}。",
    "record_recorded": "已把第 {n} 局记入 {path}。",
    "record_replaced": "已改写 {path} 的第 {n} 局。",
    "record_as_written": "第 {n} 局，原文：",
    "record_remove": "删除第 {n} 局？",
    "record_nothing_removed": "没有删除任何东西。",
    "record_removed": "已删除第 {n} 局。",
    "file_night": "梅州麻将的一场，由 `meizhou-score record` 记下。",
    "file_kept": "各局依次加在下面；你写的注释和修改都会保留。",
    "file_hand": "梅州麻将的一局，由 `meizhou-score record` 记下。",
    "ledger_new": "已从 {path} 加入第 {night} 场（{date}，{hands} 局）。",
    "ledger_same": (
        "{path}：账本中已有，是第 {night} 场（{date}）；没有加入任何东西。"
    ),
    "ledger_grown": "第 {night} 场现在有 {hands} 局，原有 {was} 局（{path}）。",
    "ledger_replaced": (
        "第 {night} 场已换成 {path} 的内容：{hands} 局，原有 {was} 局。"
    ),
    "ledger_merged": "{old} 与 {new} 现在是同一位玩家（{nights} 场已归到 {new}）。",
    "ledger_checked": (
        "账本 {path} 完好：SQLite 没有发现损坏，每一局的输赢相加都是 0。"
    ),
    "ledger_nights_headers": "场|日期|局数|玩家|争议|文件",
    "ledger_disputed": "有争议",
    "ledger_no_nights": "账本在那段期间没有任何一场。",
    "ledger_remove": "删除第 {night} 场（{date}，{hands} 局，{players}）？",
    "ledger_removed": "已删除第 {night} 场。",
    "ledger_renamed": "{old} 已改名为 {new}。",
    "ledger_nothing": "那段期间没有任何记录。",
    "ledger_paid": "第 {number} 笔付款：{payer} 付给 {payee} {amount}。",
    "ledger_record_payments": "把这 {count} 笔付款记为已付？",
    "ledger_payments_recorded": "已记下 {count} 笔付款：大家两清。",
    "ledger_already_square": (
        "大家已经两清：另一个程序刚刚记下了这些付款；没有写入任何东"
        "西。"
    ),
    "ledger_remove_payment": "删除第 {number} 笔付款？",
    "ledger_payment_removed": "已删除第 {number} 笔付款：那笔欠款又要还了。",
    "chart_history": "累计输赢",
    "chart_night": "每局后的累计输赢",
    "ledger_inexact": (
        "（欠款或被欠的玩家超过 20 人：这些转账能让每人结清，但可能有"
        "更少的做法）"
    ),
    "stats_headers": (
        "玩家|场数|局数|自摸|杠上开花|抢杠|自摸率|被抢杠|暗杠|补杠|点杠|"
        "最大的一手|净输赢|每局"
    ),
    "stats_block_head": (
        "{player}：{nights} 场，{hands} 局；净输赢 {net}（每局 {per_hand}）"
    ),
    "stats_block_wins": (
        "  胡牌：自摸 {self_draw}，杠上开花 {kong_bloom}，抢杠 {robbed_kong}；自摸"
        "率 {rate}"
    ),
    "stats_block_kongs": (
        "  杠：暗杠 {concealed}，补杠 {added}，点杠 {exposed}；被抢杠 {robbed} 次"
    ),
    "stats_block_biggest": "  最大的一手：{biggest}",
    "ledger_columns": (
        "player=玩家|total=合计|paid=已付|received=已收|when=时间|payment=付款|date="
        "日期|note=备注|from=付款人|to=收款人|amount=金额|nights=场数|hands=局数|w"
        "ins_self_draw=自摸|wins_kong_bloom=杠上开花|wins_robbed_kong=抢杠|self_draw_rate="
        "自摸率|robbed=被抢杠|kongs_concealed=暗杠|kongs_added=补杠|kongs_exposed=点杠"
        "|biggest_ratio=最大倍数|biggest_patterns=最大牌型|net=净输赢|net_per_hand=每"
        "局净输赢"
    ),
    "deal_places": "庄家|下家|对家|上家",
    "deal_throw": (
        "庄家掷出 {dice}：从庄家数起（庄家算 1），按逆时针方向数，要开"
        "的是 {place} 门前的牌墙。"
    ),
    "deal_second": "{place} 掷出 {dice}：{first} + {dice} = {total}。",
    "deal_runs_on": (
        "{total} 超过一面牌墙的 {stacks} 墩，依次数进 {place} 门前的牌墙（顺"
        "延）。"
    ),
    "deal_start": "庄家从 {place} 牌墙的第 {stack} 墩后面开始起牌，每次四张。",
    "deal_order": "起牌顺序：",
    "deal_take": "  {n:2}. {place} 起 {tiles} 张（共 {held} 张）",
    "deal_end": "庄家 14 张，先出牌；其余每人 13 张。",
    "deal_seats": (
        "{thrower} 掷出 {total}：从 {thrower} 自己数起（算 1），按逆时针方向数"
        "到 {east}，{east} 坐东。"
    ),
    "deal_winds": "东|南|西|北",
    "deal_seat": "  {wind}：{name}",
    "rules_pattern_headers": "牌型|倍数|取代的牌型|英文代号",
    "rules_headers": "规则|现行的值|裁定|英文代号",
    "rules_with_choices": "{meaning}（可选：{values}）",
    "rules_explain": "{key}：{says}",
    "rules_why": "理由：{why}",
    "rules_every": "（所有裁定：docs/rules.md。）",
    "check_meld_pung": "碰 {tiles}",
    "check_meld_kong": "杠 {tiles}",
    "check_meld_concealed_kong": "暗杠 {tiles}",
    "check_tiles": "牌：{tiles}（{count} 张，每副碰、杠算 3 张）",
    "check_winning": "胡牌：{names}，倍数 {ratio}",
    "check_scored": "计分的拆法：{blocks}",
    "check_all_readings": "所有拆法：",
    "check_not_winning": "在现行规则下不是胡牌。",
    "check_not_waiting": "没有听牌：没有任何一张牌能胡。",
    "check_waiting": "听牌，听 {count} 张：",
    "check_wait_headers": "牌|中文|牌型|倍数",
    "check_shanten_ready": "打出下表的一张就听牌。",
    "check_shanten_after": (
        "还差 {n} 张听牌：打出一张后，再摸进 {n} 张有用的牌才听牌。"
    ),
    "check_shanten_now": "还差 {n} 张听牌：要再摸进 {n} 张有用的牌才听牌。",
    "check_discards": "最好的打法（打出后离听牌最近、有效牌最多）：",
    "check_discard_headers": "打出|中文|之后|有效牌（进张）|剩余张数",
    "rules_patterns_title": "牌型与倍数：",
    "rules_payments_title": "付款与坐庄：",
    "rules_supersedes": "（取代{ids}）",
    "check_discard_line": "  {tile}：{then}；有效牌 {useful}（剩 {count} 张）",
    "rules_now": "现行：{value}（{ruling}）",
    "check_then_waiting": "听 {tiles}",
    "check_then_shanten": "还差 {n} 张听牌",
    "check_useful": "有效牌（进张）：{tiles}（剩 {count} 张）",
    "deal_count": (
        "墩数从 {place} 门前牌墙的左端数起（{place} 自己看的左手边，靠上家"
        "的一端），按逆时针方向数，数过了这道牌墙的尾，就接着数下一"
        "家门前的牌墙。"
    ),
    "deal_extra": (
        "每人起完三次（12 张）后，庄家再起两张：接下去两墩上面相邻的"
        "两张；其余三人按顺序各起一张。"
    ),
    "bao_kong": "，包杠",
    "rec_held": "手上",
    "rec_recorded": "记录",
    "rec_gap": "差额",
    "rec_matches": "记录与手上的金币相符，没有要解释的。",
    "rec_not_zero": "手上的金币加起来是 {sum}，不是 0：有人数错了金币。",
    "rec_found": "哪一局记错了？最可能的在前：",
    "rec_ambiguous": (
        "有歧义：{count} 种解释各改 {edits} 处，都与金币完全相符；单凭金币"
        "分不出，请问在座各位。"
    ),
    "rec_more": "……还有 {count} 种同样只改这么多处的解释。",
    "rec_nearest": "改一两局都不能与金币完全相符；最接近的是：",
    "rec_none": "改一两局都不能更接近手上的金币。",
    "rec_off": "{name} 的金币数错了 {amount}",
    "rec_left": "仍差 {gaps}",
    "rec_apply": "按第 N 种解释改正记录：meizhou-score reconcile {file} --apply N",
    "rec_applied": "已按第 {rank} 种解释改正，现在这一晚：",
    "rec_and": "；另外，",
    "edit_winner": "第 {hand} 局：胡牌的是 {now}，不是 {was}",
    "edit_win_type": "第 {hand} 局：是{now}，不是{was}",
    "edit_robbed": "第 {hand} 局：被抢杠的是 {now}，不是 {was}",
    "edit_hand_twice": "第 {hand} 局是第 {was} 局重复记下的：删去",
    "edit_kong_type": "第 {hand} 局：{owner} 的杠是{now}，不是{was}",
    "edit_kong_owner": "第 {hand} 局：这个{kong}是 {now} 的，不是 {was} 的",
    "edit_kong_discarder": (
        "第 {hand} 局：{owner} 的点杠是 {now} 打出的牌，不是 {was}"
    ),
    "edit_kong_missing": "第 {hand} 局：漏记了 {owner} 的{kong}",
    "edit_kong_extra": "第 {hand} 局：{owner} 没有开这个{kong}",
    "edit_pattern": "第 {hand} 局：牌型是{now}，不是{was}（牌记错了）",
    "edit_stake": "第 {hand} 局：底分是 {now}，不是 {was}",
    "edit_win_as_draw": "第 {hand} 局：是荒庄，{was} 没有胡牌",
    "edit_draw_as_win": "第 {hand} 局：不是荒庄，而是 {win}",
    "edit_hand_missing": (
        "漏记了一局（第 {last} 局之后，或其间任何一局）：{win}"
    ),
    "edit_dealer": "第 {hand} 局：坐庄的是 {now}，不是 {was}",
    "edit_win": "{winner} {how}胡牌，{pattern}",
    "edit_also": "（或是第 {hands} 局的同一个错：单凭金币分不出是哪一局）",
    "seat_round": "第 {n} 轮",
    "seat_table": "桌",
    "seat_winds": "东|南|西|北",
    "seat_out": "轮空：{names}",
    "seat_repeats": (
        "重复相遇：{repeats} 次（两人第一次同桌之后再同桌的次数）；最少"
        "可能：{bound} 次"
    ),
    "seat_best": "已证明最好：没有重复更少的排法。",
    "seat_not_proven": "未能证明最好：也许有重复更少的排法。",
    "pattern_ordinary": "鸡胡",
    "pattern_all_pungs": "碰碰胡",
    "pattern_mixed_one_suit": "混一色",
    "pattern_seven_pairs": "七对",
    "pattern_pure_one_suit": "清一色",
    "pattern_mixed_terminals": "混幺九",
    "pattern_luxury_seven_pairs": "豪华七对",
    "pattern_concealed_pungs": "坎坎胡",
    "pattern_all_terminals": "清幺九",
    "pattern_all_honours": "字一色",
    "pattern_thirteen_orphans": "十三幺",
    "pattern_double_luxury_seven_pairs": "双豪华七对",
    "pattern_triple_luxury_seven_pairs": "三豪华七对",
    "pattern_four_kongs": "十八罗汉",
    "rule_patterns": "每种牌型的倍数；0 表示不算这种牌型",
    "rule_combine": "几个牌型怎样合成倍数",
    "rule_self_draw_share": "自摸时其余每家每倍付几分",
    "rule_kong_bloom_multiplier": "杠上开花付自摸金额的几倍",
    "rule_robbed_kong_share": (
        "抢杠时被抢者每倍付几分；不设时是自摸每家份数的 3 倍"
    ),
    "rule_kong_units": "每种杠，每个付钱的人付几分",
    "rule_exposed_kong_payer": "点杠由谁付",
    "rule_dealer_after_draw": "荒庄后谁坐庄",
    "rule_robbed_kong_paid": "被抢的杠照样当杠，由其余各家照付",
    "rule_robbable_kongs": "哪种明杠可以被抢",
    "choice_patterns_ordinary": "鸡胡",
    "choice_patterns_all_pungs": "碰碰胡",
    "choice_patterns_mixed_one_suit": "混一色",
    "choice_patterns_seven_pairs": "七对",
    "choice_patterns_pure_one_suit": "清一色",
    "choice_patterns_mixed_terminals": "混幺九",
    "choice_patterns_luxury_seven_pairs": "豪华七对",
    "choice_patterns_concealed_pungs": "坎坎胡",
    "choice_patterns_all_terminals": "清幺九",
    "choice_patterns_all_honours": "字一色",
    "choice_patterns_thirteen_orphans": "十三幺",
    "choice_patterns_double_luxury_seven_pairs": "双豪华七对",
    "choice_patterns_triple_luxury_seven_pairs": "三豪华七对",
    "choice_patterns_four_kongs": "十八罗汉",
    "choice_combine_highest": "取最高",
    "choice_combine_add": "相加",
    "choice_combine_multiply": "相乘",
    "choice_kong_units_concealed": "暗杠",
    "choice_kong_units_added": "补杠",
    "choice_kong_units_exposed": "点杠",
    "choice_exposed_kong_payer_all": "三家各付",
    "choice_exposed_kong_payer_discarder": "点杠者包付",
    "choice_dealer_after_draw_next": "下家坐庄",
    "choice_dealer_after_draw_same": "庄家连庄",
    "choice_robbable_kongs_added": "只可抢补杠",
    "choice_robbable_kongs_open": "两种明杠都可抢",
}
# fmt: on
WORDS = {**_WORDS, **RULINGS}
