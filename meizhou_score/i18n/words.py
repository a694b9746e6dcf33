"""The words of each language (English, Chinese) for tables and explanations.

A ruling is never written here: ``{rule}`` is filled from
:mod:`.rulings` by :func:`phrase`.
"""

from __future__ import annotations

from .catalog import catalog, register, written
from .language import language
from .messages import counted
from .reconcile_words import TABLE as RECONCILE
from .rulings import FINDINGS, NEXT_DEALER
from .seat_words import TABLE as SEAT
from .terms import HOUSE_RULES, PATTERNS, RULE_CHOICES

# Each sentence: its key | English | Chinese, one line of the table a sentence (a long one written
# as adjacent literals, every line within 100 bytes), so that a word cannot lack its translation.
# (Leading spaces of a sentence are kept: they indent it under a heading.)
_TABLE = (
    "\n"
    "self_draw | self-draw (自摸) | 自摸\n"
    "kong_bloom | kong bloom (槓上開花) | 槓上開花\n"
    "robbed_kong | robbed kong (搶槓) | 搶槓\n"
    "concealed_kong | concealed kong (暗槓) | 暗槓\n"
    "added_kong | added kong (加槓) | 加槓（摸明槓）\n"
    "exposed_kong | exposed kong (點槓) | 點槓\n"
    "seat | Seat | 座位\n"
    "player | Player | 玩家\n"
    "win | Win | 胡牌\n"
    "kongs | Kongs | 槓\n"
    "total | Total | 合計\n"
    "dealer_mark |  (dealer) | （莊）\n"
    "wins | {winner} wins by {how} | {winner} {how}胡牌\n"
    "from |  from {robbed} | （被搶：{robbed}）\n"
    "patterns | {names}, ratio {ratio} | {names}，倍數 {ratio}\n"
    "stake | stake {stake} gold per unit | 底分 {stake}\n"
    "draw | Exhaustive draw (荒莊): nobody pays, kongs included ({rule}). | "
    "荒莊：無人輸贏，槓不計（{rule}）。\n"
    "invalid | Not a legal win, so nobody pays: | 不成胡，無人支付：\n"
    "reading | Reading: {blocks} | 拆法：{blocks}\n"
    "ratio_one | Ratio {ratio}: {name} | 倍數 {ratio}：{name}\n"
    "ratio_highest | Ratio {ratio}: the highest of {listed} (combine: highest) | "
    "倍數 {ratio}：取最高——{listed}（合成：取最高）\n"
    "ratio_sum | Ratio: {sum} = {ratio} (combine: {mode}{superseded}) | "
    "倍數：{sum} = {ratio}（合成：{mode}{superseded}）\n"
    "superseded | ; {pattern} superseded by {by} | ；{pattern}被{by}取代\n"
    "mode_add | add | 相加\n"
    "mode_multiply | multiply | 相乘\n"
    "list_sep | ,  | 、\n"
    "head_sep |  —  | ——\n"
    "stake_sep | ;  | ；\n"
    "next | Next dealer: {name} — {why} | 下一莊：{name}——{why}\n"
    "next_unknown | Next dealer: not settled — {why} | 下一莊：未定（{why}）\n"
    "why_robbed | the robbed player deals next ({rule}) | 被搶槓者坐莊（{rule}）\n"
    "why_winner | whoever wins, deals ({rule}) | 誰胡誰莊（{rule}）\n"
    "why_dealer_wins | the dealer won and deals again ({rule}) | "
    "莊家胡牌，連莊（{rule}）\n"
    "why_draw_next | after a draw the dealer's next player deals ({rule}) | "
    "荒莊，由莊家的下家坐莊（{rule}）\n"
    "why_draw_same | after a draw the dealer deals again (house rule dealer_after_draw: same) | "
    "荒莊，莊家連莊（規則 dealer_after_draw: same）\n"
    "why_invalid | the hand is not a legal win, so the table must say who deals | "
    "不成胡，由同桌決定誰坐莊\n"
    "pays | {payer} pays {payee} {amount} ({units} × {stake}): {reason}{detail} — {rule} | "
    "{payer} 付 {payee} {amount}（{units} 分 × {stake}）：{reason}{detail}——{rule}\n"
    "detail_win | , ratio {ratio} × {share} | ，倍數 {ratio} × {share}\n"
    "detail_kong |  of {owner}, {tile} | ，{owner} 的 {tile}\n"
    "claims_agree | Claimed balances agree with the settlement. | "
    "申報的輸贏與結算相符。\n"
    "claims_differ | Claimed balances differ: | 申報的輸贏與結算不符：\n"
    "claims_partial | (The claims name only some of the players; the others were not checked.) | "
    "（申報只列出部分玩家，其餘未核對。）\n"
    "claims_unbalanced | (The claims do not sum to zero: somebody's figure is wrong.) | "
    "（申報的輸贏合計不為零：有人記錯了。）\n"
    "disputes | Disputes this session: | 本場爭議：\n"
    "dispute_line |   hand {n}: {kind} |   第 {n} 局：{kind}\n"
    "dispute_not_a_win | not a legal win | 不成胡\n"
    "dispute_dealer | the named dealer is not the rotation's | 莊家與輪莊不符\n"
    "dispute_claims | the claimed balances differ | 申報的輸贏不符\n"
    "claim_line |   {name}: claimed {claimed}, settles {computed}: {gap} {side} | "
    "  {name}：申報 {claimed}，算出來是 {computed}：{side} {gap}\n"
    "claim_short | short | 少了\n"
    "claim_over | over | 多了\n"
    "claim_part |  — {part} ({rule}) | ——{part}（{rule}）\n"
    "part_win | the win: {amount} for them | 胡牌的錢：{amount}\n"
    "part_kong | the {kind} of {owner}, {tile}: {amount} for them | "
    "{owner} 的{kind} {tile}：{amount}\n"
    "claims_corrections | To put it right, in the fewest payments: | "
    "更正（最少的轉賬）：\n"
    "dealer_check | Dealer dispute: this hand names {named} as dealer; the rotation gives "
    "{expected} ({rule}). | 莊家寫錯了：本局寫 {named} 坐莊，"
    "按輪莊該由 {expected} 坐莊（{rule}）。\n"
    "hand | Hand {n} — dealer {dealer} | 第 {n} 局——莊家 {dealer}\n"
    "sheet_headers | #|Dealer|What happened | 局|莊家|結果\n"
    "sheet_win | {winner} {how} ×{ratio} | {winner} {how} {ratio} 倍\n"
    "stats_biggest | {names} ×{ratio} | {names} {ratio} 倍\n"
    "sheet_robbed | {winner} robs {robbed}'s kong ×{ratio} | "
    "{winner} 搶 {robbed} 的槓 {ratio} 倍\n"
    "sheet_self_draw | self-draw | 自摸\n"
    "sheet_kong_bloom | kong bloom | 槓上開花\n"
    "sheet_draw | draw | 荒莊\n"
    "sheet_dealt | {dealer} dealt: {what} | {dealer} 坐莊：{what}\n"
    "sheet_not_a_win | {winner}: not a win | {winner}：不是胡牌\n"
    "sheet_disputed |  (dispute) | （有爭議）\n"
    "totals | Session totals | 本場合計\n"
    "transfers | Payments: | 支付明細：\n"
    "settle_up | Settle-up, in the fewest payments: | 結算（最少的轉賬）：\n"
    "settle_line |   {payer} pays {payee} {amount} |   {payer} 付 {payee} {amount}\n"
    "settle_none | Settle-up: nobody owes anybody. | 結算：無人欠款。\n"
    "record_back | back to the question before | 回到上一題\n"
    "record_no_back | There is no question before this one to go back to. | "
    "前面沒有可以回去的題目。\n"
    "record_emptied | The night has no hand now; its players, stake and rules are kept, and record "
    "adds hand 1. | 這一場現在沒有任何一局；玩家、底分和規則都保留，"
    "record 會從第 1 局記起。\n"
    "record_replacing | Hand {n} as it stands (Enter keeps each answer): | "
    "第 {n} 局目前的記錄（按 Enter 保留原來的答案）：\n"
    "record_kong_dropped | (kong {n} dropped) | （第 {n} 個槓已取消）\n"
    "record_kongs_again | (The kongs are asked again: each one given is offered as the default, "
    "Enter keeps it.) | "
    "（槓會再問一次：剛才輸入的每副槓都是默認答案，按 Enter 保留。）\n"
    "record_players | Players in seat order East, South, West, North (comma-separated) | "
    "玩家，依東、南、西、北座次（以逗號分隔）\n"
    "record_stake | Stake (gold per unit, 底分) | 底分（每分多少金）\n"
    "record_who_won | Who won? {choices}  [d] draw (荒莊) | 誰胡牌？ {choices} [d] 荒莊\n"
    "record_how | How did {winner} win?  [1] self-draw (自摸)  [2] kong bloom (槓上開花)  "
    "[3] robbed kong (搶槓) | {winner} 怎樣胡牌？ [1] 自摸 [2] 槓上開花 [3] 搶槓\n"
    "record_whose_robbed | Whose kong did {winner} rob? | {winner} 搶了誰的槓？\n"
    "record_concealed | {winner}'s concealed tiles, winning tile included (e.g. 123m 456p 789s "
    "234s 55z) | {winner} 的手牌，含胡的那張（例如 123m 456p 789s 234s 55z）\n"
    "record_winning_tile | Winning tile | 胡的那張牌\n"
    "record_robbed_tile | Winning tile (the robbed tile) | 胡的那張牌（被搶的那張）\n"
    "record_pungs | Exposed pungs (碰), e.g. 777z 999m; Enter if none | "
    "碰出的牌，例如 777z 999m；沒有就按 Enter\n"
    "record_kong_whose | Kong {n}: whose? {choices}  (Enter: no more kongs) | "
    "第 {n} 個槓：誰的？ {choices}（按 Enter：沒有了）\n"
    "record_kong_whose_kept | Kong {n}: whose? {choices}  (Enter keeps it; -: no more kongs) | "
    "第 {n} 個槓：誰的？ {choices}（按 Enter 保留；輸入 -：沒有了）\n"
    "record_kong_type | Type?  [1] concealed (暗槓)  [2] added (加槓)  [3] exposed (點槓, "
    "from a discard)  [4] open (明槓)  (Enter: no kong after all) | "
    "種類？ [1] 暗槓 [2] 加槓（摸明槓） [3] 點槓（槓別人打出的牌）"
    " [4] 明槓（按 Enter：取消這副槓）\n"
    "record_kong_type_kept | Type?  [1] concealed (暗槓)  [2] added (加槓)  [3] exposed "
    "(點槓, from a discard)  [4] open (明槓)  (Enter keeps it; -: no kong after all) | "
    "種類？ [1] 暗槓 [2] 加槓（摸明槓） [3] 點槓（槓別人打出的牌）"
    " [4] 明槓（按 Enter 保留；輸入 -：取消這副槓）\n"
    "record_kong_tile_kept | Tile?  (Enter keeps it; -: no kong after all) | "
    "哪張牌？（按 Enter 保留；輸入 -：取消這副槓）\n"
    "record_kong_not_robbed | (The kong {winner} robbed is not entered here: {robbed}'s {tile} was "
    "never completed, and robbed kong 搶槓 already pays for it.) | "
    "（{winner} 搶的槓不在這裡輸入：{robbed} 的 {tile} 沒有槓成，"
    "搶槓已經算了它。）\n"
    "answer_self_draw | self-draw | 自摸\n"
    "answer_kong_bloom | kong bloom | 槓上開花\n"
    "answer_robbed_kong | robbed kong | 搶槓\n"
    "answer_concealed | concealed | 暗槓\n"
    "answer_added | added | 加槓\n"
    "answer_exposed | exposed | 點槓\n"
    "answer_open | open | 明槓\n"
    "record_open_from | A 明槓: who discarded the tile? (Enter: none, it was added to a pung, "
    "加槓) | 明槓：誰打出的那張？（直接按 Enter：沒有人，是在碰上加槓）"
    "\n"
    "record_kong_tile | Tile? | 哪張牌？\n"
    "record_discarder | Who discarded it? | 誰打出的？\n"
    "record_who_dealt | Who dealt? | 誰是莊家？\n"
    "record_who_dealt_hand | Who dealt hand {n}? ({why}) | 第 {n} 局誰是莊家？（{why}）\n"
    "record_first_hand | the first hand | 第一局\n"
    "record_after_dispute | the hand before was not a legal win, so nobody can say | "
    "上一局不成胡，輪莊定不了\n"
    "record_deals | Hand {n}: {dealer} deals. | 第 {n} 局：{dealer} 坐莊。\n"
    "record_write | Write this hand? | 寫入這一局？\n"
    "record_record | Record hand {n}? | 記下第 {n} 局？\n"
    "record_rewrite | Replace hand {n}? | 改寫第 {n} 局？\n"
    "record_nothing_written | Nothing was written. | 沒有寫入任何東西。\n"
    "record_written_to | Written to {path}. | 已寫入 {path}。\n"
    "record_recorded | Recorded hand {n} in {path}. | 已把第 {n} 局記入 {path}。\n"
    "record_replaced | Replaced hand {n} in {path}. | 已改寫 {path} 的第 {n} 局。\n"
    "record_as_written | Hand {n}, as written: | 第 {n} 局，原文：\n"
    "record_remove | Remove hand {n}? | 刪除第 {n} 局？\n"
    "record_nothing_removed | Nothing was removed. | 沒有刪除任何東西。\n"
    "record_removed | Removed hand {n}. | 已刪除第 {n} 局。\n"
    "file_night | A night of Meizhou mahjong, written by `meizhou-score record`. | "
    "梅州麻將的一場，由 `meizhou-score record` 記下。\n"
    "file_kept | Hands are appended below; comments and edits you make are kept. | "
    "各局依次加在下面；你寫的註解和修改都會保留。\n"
    "file_hand | One hand of Meizhou mahjong, written by `meizhou-score record`. | "
    "梅州麻將的一局，由 `meizhou-score record` 記下。\n"
    "ledger_new | Added night {night} ({date}, {hands} hand{hands:s}) from {path}. | "
    "已從 {path} 加入第 {night} 場（{date}，{hands} 局）。\n"
    "ledger_same | {path}: already in the ledger as night {night} ({date}); nothing added. | "
    "{path}：帳本中已有，是第 {night} 場（{date}）；沒有加入任何東西。\n"
    "ledger_grown | Night {night} now has {hands} hand{hands:s}, was {was} ({path}). | "
    "第 {night} 場現在有 {hands} 局，原有 {was} 局（{path}）。\n"
    "ledger_replaced | Night {night} replaced by {path}: {hands} hand{hands:s}, was {was}. | "
    "第 {night} 場已由 {path} 取代：{hands} 局，原有 {was} 局。\n"
    "ledger_merged | {old} and {new} are one player now ({nights} nights moved to {new}). | "
    "{old} 與 {new} 現在是同一位玩家（{nights} 場已歸到 {new}）。\n"
    "ledger_checked | The ledger {path} is sound: SQLite finds no damage, and every hand's "
    "balances sum to 0. | 帳本 {path} 完好：SQLite 沒有發現損壞，"
    "每一局的輸贏相加都是 0。\n"
    "ledger_nights_headers | night|date|hands|players|dispute|file | "
    "場|日期|局數|玩家|爭議|文件\n"
    "ledger_disputed | disputed | 有爭議\n"
    "ledger_no_nights | The ledger holds no nights in that range. | "
    "帳本在那段期間沒有任何一場。\n"
    "ledger_remove | Remove night {night} ({date}, {hands} hand{hands:s}, {players})? | "
    "刪除第 {night} 場（{date}，{hands} 局，{players}）？\n"
    "ledger_removed | Removed night {night}. | 已刪除第 {night} 場。\n"
    "ledger_renamed | {old} is now {new}. | {old} 已改名為 {new}。\n"
    "ledger_nothing | Nothing in that range. | 那段期間沒有任何記錄。\n"
    "ledger_paid | Payment {number}: {payer} paid {payee} {amount}. | "
    "第 {number} 筆付款：{payer} 付給 {payee} {amount}。\n"
    "ledger_record_payments | Record these {count} payment{count:s} as paid? | "
    "把這 {count} 筆付款記為已付？\n"
    "ledger_payments_recorded | Recorded {count} payment{count:s}: everyone is square. | "
    "已記下 {count} 筆付款：大家兩清。\n"
    "ledger_already_square | Everyone is already square: another program recorded the payments "
    "meanwhile; nothing was written. | "
    "大家已經兩清：另一個程序剛剛記下了這些付款；沒有寫入任何東西。"
    "\n"
    "ledger_remove_payment | Remove payment {number}? | 刪除第 {number} 筆付款？\n"
    "ledger_payment_removed | Removed payment {number}: its debt is owed again. | "
    "已刪除第 {number} 筆付款：那筆欠款又要還了。\n"
    "chart_history | Running balance | 累計輸贏\n"
    "chart_night | Running totals, hand by hand | 每局後的累計輸贏\n"
    "ledger_inexact | (more than 20 players owe or are owed: these payments square everyone, but "
    "fewer may exist) | "
    "（欠款或被欠的玩家超過 20 人：這些轉賬能讓每人結清，"
    "但可能有更少的做法）\n"
    "stats_headers | Player|Nights|Hands|Self-draws|Kong blooms|Robbed kongs|Self-draw "
    "rate|Robbed|Concealed kongs|Added kongs|Exposed kongs|Biggest hand|Net|Per hand | "
    "玩家|場數|局數|自摸|槓上開花|搶槓|自摸率|被搶槓|暗槓|加槓|點槓|最"
    "大的一手|淨輸贏|每局\n"
    "stats_block_head | {player}: {nights} night{nights:s}, {hands} hand{hands:s}; net {net} "
    "({per_hand} a hand) | {player}：{nights} 場，{hands} 局；"
    "淨輸贏 {net}（每局 {per_hand}）\n"
    "stats_block_wins |   wins: self-draw {self_draw}, kong bloom {kong_bloom}, robbed kong "
    "{robbed_kong}; self-draw rate {rate} | "
    "  胡牌：自摸 {self_draw}，槓上開花 {kong_bloom}，搶槓 {robbed_kong}；"
    "自摸率 {rate}\n"
    "stats_block_kongs |   kongs: concealed {concealed}, added {added}, exposed {exposed}; robbed "
    "{robbed} time{robbed:s} |   槓：暗槓 {concealed}，加槓 {added}，點槓 {exposed}；"
    "被搶槓 {robbed} 次\n"
    "stats_block_biggest |   biggest hand: {biggest} |   最大的一手：{biggest}\n"
    "ledger_columns | player=player|total=total|paid=paid|received=received|when=when|payment=payme"
    "nt|date=date|note=note|from=from|to=to|amount=amount|nights=nights|hands=hands|wins_self_draw="
    "wins_self_draw|wins_kong_bloom=wins_kong_bloom|wins_robbed_kong=wins_robbed_kong|self_draw_rat"
    "e=self_draw_rate|robbed=robbed|kongs_concealed=kongs_concealed|kongs_added=kongs_added|kongs_e"
    "xposed=kongs_exposed|biggest_ratio=biggest_ratio|biggest_patterns=biggest_patterns|net=net|net"
    "_per_hand=net_per_hand | player=玩家|total=合計|paid=已付|received=已收|when=時間|pa"
    "yment=付款|date=日期|note=備註|from=付款人|to=收款人|amount=金額|nights=場數|h"
    "ands=局數|wins_self_draw=自摸|wins_kong_bloom=槓上開花|wins_robbed_kong=搶槓|self_dr"
    "aw_rate=自摸率|robbed=被搶槓|kongs_concealed=暗槓|kongs_added=加槓|kongs_exposed=直"
    "槓|biggest_ratio=最大倍數|biggest_patterns=最大牌型|net=淨輸贏|net_per_hand=每局"
    "淨輸贏\n"
    "deal_places | the dealer (莊家)|the dealer's next player (下家)|the player opposite "
    "(對家)|the dealer's previous player (上家) | 莊家|下家|對家|上家\n"
    "deal_throw | Dealer throws {dice}: counting from the dealer as 1, the wall to break is "
    "{place}'s. | 莊家擲出 {dice}：從莊家數起（莊家算 1），依逆時針方向數，"
    "要開的是 {place} 門前的牌牆。\n"
    "deal_second | That player throws {dice}: {first} + {dice} = {total}. | "
    "{place} 擲出 {dice}：{first} + {dice} = {total}。\n"
    "deal_runs_on | {total} is more than the {stacks} stacks of one wall, so the count runs on "
    "into {place}'s wall. | {total} 超過一面牌牆的 {stacks} 墩，"
    "依次數進 {place} 門前的牌牆（順延）。\n"
    "deal_start | The dealer starts drawing after stack {stack} of {place}'s wall, four tiles at a "
    "time. | 莊家從 {place} 牌牆的第 {stack} 墩後面開始起牌，每次四張。\n"
    "deal_order | Dealing order: | 起牌順序：\n"
    "deal_take |   {n:2}. {place} takes {tiles} (holds {held}) | "
    "  {n:2}. {place} 起 {tiles} 張（共 {held} 張）\n"
    "deal_end | The dealer holds 14 tiles and discards first; the others hold 13. | "
    "莊家 14 張，先出牌；其餘每人 13 張。\n"
    "deal_seats | {thrower} throws {total}: counting from {thrower} as 1 in play order, {east} "
    "sits East. | {thrower} 擲出 {total}：從 {thrower} 自己數起（算 1），"
    "依逆時針方向數到 {east}，{east} 坐東。\n"
    "deal_winds | East|South|West|North | 東|南|西|北\n"
    "deal_seat |   {wind}: {name} |   {wind}：{name}\n"
    "rules_pattern_headers | pattern|中文|ratio|supersedes | "
    "牌型|倍數|取代的牌型|英文代號\n"
    "rules_headers | rule|value|ruling|meaning | 規則|現行的值|裁定|英文代號\n"
    "rules_with_choices | {meaning}: {values} | {meaning}（可選：{values}）\n"
    "rules_explain | {key}: {says} | {key}：{says}\n"
    "rules_why | Why: {why} | 理由：{why}\n"
    "rules_every | (Every ruling: docs/rules.md.) | （所有裁定：docs/rules.md。）\n"
    "check_meld_pung | pung {tiles} | 碰 {tiles}\n"
    "check_meld_kong | kong {tiles} | 槓 {tiles}\n"
    "check_meld_concealed_kong | concealed kong {tiles} | 暗槓 {tiles}\n"
    "check_tiles | Tiles: {tiles} ({count} counting each meld as 3) | "
    "牌：{tiles}（{count} 張，每副碰、槓算 3 張）\n"
    "check_winning | Winning hand: {names}, ratio {ratio} | 胡牌：{names}，倍數 {ratio}\n"
    "check_scored | Scored reading: {blocks} | 計分的拆法：{blocks}\n"
    "check_all_readings | All readings: | 所有拆法：\n"
    "check_not_winning | Not a winning hand under the rules in force. | "
    "在現行規則下不是胡牌。\n"
    "check_not_waiting | Not waiting (not 聽牌): no tile completes this hand. | "
    "沒有聽牌：沒有任何一張牌能胡。\n"
    "check_waiting | Waiting on (聽牌): | 聽牌，聽 {count} 張：\n"
    "check_wait_headers | Tile|牌|Patterns|Ratio | 牌|中文|牌型|倍數\n"
    "check_shanten_ready | Shanten (向聽) 0: one discard below and the hand waits. | "
    "打出下表的一張就聽牌。\n"
    "check_shanten_after | Shanten (向聽) {n}: after the best discard, {n} more tiles must come "
    "to the right places before the hand waits. | "
    "還差 {n} 張聽牌：打出一張後，再摸進 {n} 張有用的牌才聽牌。\n"
    "check_shanten_now | Shanten (向聽) {n}: {n} more tiles must come to the right places before "
    "the hand waits. | 還差 {n} 張聽牌：要再摸進 {n} 張有用的牌才聽牌。\n"
    "check_discards | Best discards (the hand then needs the fewest tiles, with the most tiles "
    "that help): | 最好的打法（打出後離聽牌最近、有效牌最多）：\n"
    "check_discard_headers | Discard|牌|Then|Tiles that help|Copies left | "
    "打出|中文|之後|有效牌（進張）|剩餘張數\n"
    "rules_patterns_title | Patterns and their ratios: | 牌型與倍數：\n"
    "rules_payments_title | Payments and dealing: | 付款與坐莊：\n"
    "rules_supersedes | (replaces {ids}) | （取代{ids}）\n"
    "check_discard_line |   {tile}: {then}; helps {useful} ({count} left) | "
    "  {tile}：{then}；有效牌 {useful}（剩 {count} 張）\n"
    "rules_now | {key} = {value} ({ruling}) | 現行：{value}（{ruling}）\n"
    "check_then_waiting | waiting on {tiles} | 聽 {tiles}\n"
    "check_then_shanten | {n}-shanten | 還差 {n} 張聽牌\n"
    "check_useful | Tiles that help: {tiles} ({count} cop{count:ies} left) | "
    "有效牌（進張）：{tiles}（剩 {count} 張）\n"
    "deal_count | The stacks of that wall are counted from its left-hand end as its owner "
    "sees it (the end by the player before): counter-clockwise, on into the next player's "
    "wall (順延). | "
    "墩數從 {place} 門前牌牆的左端數起"
    "（{place} 自己看的左手邊，靠上家的一端），"
    "按逆時針方向數，數過了這道牌牆的尾，"
    "就接着數下一家門前的牌牆。\n"
    "deal_extra | After three rounds of four, the dealer takes two more: the two adjacent top "
    "tiles (上面相鄰的兩張) of the next two stacks; the others then take one each, in "
    "order. | 每人起完三次（12 張）後，莊家再起兩張："
    "接下去兩墩上面相鄰的兩張；其餘三人依順序各起一張。\n"
    "bao_kong | , 包槓 | ，包槓\n"
)
_BOTH = {
    key: (english, chinese)
    for key, english, chinese in (
        line.split(" | ") for line in (_TABLE + RECONCILE + SEAT).strip("\n").split("\n")
    )
} | {
    f"pattern_{id}": (f"{english} {chinese}", chinese)
    for id, (english, chinese) in PATTERNS.items()
}
# what each house rule changes, and each choice's words (English names a choice by its id)
_BOTH |= {f"rule_{key}": both for key, both in HOUSE_RULES.items()}
_CHOICES = {"patterns": {id: chinese for id, (_, chinese) in PATTERNS.items()}, **RULE_CHOICES}
_BOTH |= {
    f"choice_{key}_{id}": (id, said)
    for key, choices in _CHOICES.items()
    for id, said in choices.items()
}


def _register() -> None:
    from .rulings import EXPLAINED, EXPLAINED_CHINESE

    for n, (lang, rulings) in enumerate((("en", EXPLAINED), ("zh-Hant", EXPLAINED_CHINESE))):
        table = {key: both[n] for key, both in _BOTH.items()}
        for rule, (
            says,
            why,
        ) in rulings.items():  # each ruling: what it says and why (docs/rules.md)
            table[f"ruling_{rule}_says"], table[f"ruling_{rule}_why"] = says, why
        register(lang, "words", table)
    register("zh-Hans", "words", written("meizhou_score.i18n.zh_hans_words", "WORDS"))


_register()


class _Words(dict[str, dict[str, str]]):
    """The words table by language, read from the catalogs (kept for the callers that index it)."""

    def __missing__(self, lang: str) -> dict[str, str]:
        return catalog(lang, "words")


WORDS: dict[str, dict[str, str]] = _Words()

# which ruling each sentence cites
_RULE_OF = {
    "draw": FINDINGS["draw"],
    "dealer_check": FINDINGS["dealer_check"],
    **{f"why_{why}": rule for why, rule in NEXT_DEALER.items()},
}


def phrase(key: str, lang: str, /, **values: object) -> str:
    """The sentence ``key`` of the words table in ``lang``, its ruling and ``values`` filled in.

    (Messages — errors and refusals — are said by :func:`.messages.say`; both take what first,
    then the language.)
    """
    return language(lang).fill(
        catalog(lang, "words")[key], counted({"rule": _RULE_OF.get(key, ""), **values})
    )
