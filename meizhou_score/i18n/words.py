"""The words of each language (English, Chinese) for tables and explanations.

A ruling is never written here: ``{rule}`` is filled from
:mod:`.rulings` by :func:`phrase`.
"""

from __future__ import annotations

from .catalog import catalog
from .language import language
from .messages import counted
from .rulings import FINDINGS, NEXT_DEALER

# Each sentence: its key | English | Chinese. One line a sentence, so a word cannot lack its translation.
# (Leading spaces of a sentence are kept: they indent it under a heading.)
_TABLE = """
self_draw | self-draw (自摸) | 自摸
kong_bloom | kong bloom (槓上開花) | 槓上開花
robbed_kong | robbed kong (搶槓) | 搶槓
concealed_kong | concealed kong (暗槓) | 暗槓
added_kong | added kong (加槓) | 加槓（摸明槓）
exposed_kong | exposed kong (直槓) | 直槓
seat | Seat | 座位
player | Player | 玩家
win | Win | 胡牌
kongs | Kongs | 槓
total | Total | 合計
dealer_mark |  (dealer) | （莊）
wins | {winner} wins by {how} | {winner} {how}胡牌
from |  from {robbed} | （被搶：{robbed}）
patterns | {names}, ratio {ratio} | {names}，倍數 {ratio}
stake | stake {stake} gold per unit | 底分 {stake}
draw | Exhaustive draw (荒莊): nobody pays, kongs included ({rule}). | 荒莊：無人輸贏，槓不計（{rule}）。
invalid | Not a legal win, so nobody pays: | 不是合法的胡牌，無人支付：
reading | Reading: {blocks} | 拆法：{blocks}
ratio_one | Ratio {ratio}: {name} | 倍數 {ratio}：{name}
ratio_highest | Ratio {ratio}: the highest of {listed} (combine: highest) | 倍數 {ratio}：取最高——{listed}（合成：取最高）
ratio_sum | Ratio: {sum} = {ratio} (combine: {mode}{superseded}) | 倍數：{sum} = {ratio}（合成：{mode}{superseded}）
superseded | ; {pattern} superseded by {by} | ；{pattern}被{by}取代
mode_add | add | 相加
mode_multiply | multiply | 相乘
list_sep | ,  | 、
head_sep |  —  | ——
stake_sep | ;  | ；
next | Next dealer: {name} — {why} | 下一莊：{name}——{why}
next_unknown | Next dealer: not settled — {why} | 下一莊：未定（{why}）
why_robbed | the robbed player deals next ({rule}) | 被搶槓者坐莊（{rule}）
why_winner | whoever wins, deals ({rule}) | 誰胡誰莊（{rule}）
why_dealer_wins | the dealer won and deals again ({rule}) | 莊家胡牌，連莊（{rule}）
why_draw_next | after a draw the dealer's next player deals ({rule}) | 荒莊，由莊家的下家坐莊（{rule}）
why_draw_same | after a draw the dealer deals again (house rule dealer_after_draw: same) | 荒莊，莊家連莊（規則 dealer_after_draw: same）
why_invalid | the hand is not a legal win, so the table must say who deals | 不是合法的胡牌，由同桌決定誰坐莊
pays | {payer} pays {payee} {amount} ({units} × {stake}): {reason}{detail} — {rule} | {payer} 付 {payee} {amount}（{units} 分 × {stake}）：{reason}{detail}——{rule}
detail_win | , ratio {ratio} × {share} | ，倍數 {ratio} × {share}
detail_kong |  of {owner}, {tile} | ，{owner} 的 {tile}
claims_agree | Claimed balances agree with the settlement. | 申報的輸贏與結算相符。
claims_differ | Claimed balances differ: | 申報的輸贏與結算不符：
claims_partial | (The claims name only some of the players; the others were not checked.) | （申報只列出部分玩家，其餘未核對。）
claims_unbalanced | (The claims do not sum to zero: somebody's figure is wrong.) | （申報的輸贏合計不為零：有人記錯了。）
disputes | Disputes this session: | 本場爭議：
dispute_line |   hand {n}: {kind} |   第 {n} 局：{kind}
dispute_not_a_win | not a legal win | 不是合法的胡牌
dispute_dealer | the named dealer is not the rotation's | 莊家與輪莊不符
dispute_claims | the claimed balances differ | 申報的輸贏不符
claim_line |   {name}: claimed {claimed}, settles {computed}: {gap} {side} |   {name}：申報 {claimed}，應為 {computed}：{side} {gap}
claim_short | short | 少了
claim_over | over | 多了
claim_part |  — {part} ({rule}) | ——{part}（{rule}）
part_win | the win: {amount} for them | 胡牌的錢：{amount}
part_kong | the {kind} of {owner}, {tile}: {amount} for them | {owner} 的{kind} {tile}：{amount}
claims_corrections | To put it right, in the fewest payments: | 更正（最少的轉賬）：
dealer_check | Dealer dispute: this hand names {named} as dealer; the rotation gives {expected} ({rule}). | 莊家有誤：本局寫 {named} 坐莊，輪莊應為 {expected}（{rule}）。
hand | Hand {n} — dealer {dealer} | 第 {n} 局——莊家 {dealer}
sheet_headers | #|Dealer|What happened | 局|莊家|結果
sheet_win | {winner} {how} ×{ratio} | {winner} {how} ×{ratio}
sheet_robbed | {winner} robs {robbed}'s kong ×{ratio} | {winner} 搶 {robbed} 的槓 ×{ratio}
sheet_self_draw | self-draw | 自摸
sheet_kong_bloom | kong bloom | 槓上開花
sheet_draw | draw | 荒莊
sheet_dealt | {dealer} dealt: {what} | {dealer} 坐莊：{what}
sheet_not_a_win | {winner}: not a win | {winner}：不是胡牌
sheet_disputed |  (dispute) | （有爭議）
totals | Session totals | 本場合計
transfers | Payments: | 支付明細：
settle_up | Settle-up, in the fewest payments: | 結算（最少的轉賬）：
settle_line |   {payer} pays {payee} {amount} |   {payer} 付 {payee} {amount}
settle_none | Settle-up: nobody owes anybody. | 結算：無人欠款。
record_back | back to the question before | 回到上一題
record_emptied | The night has no hand now; its players, stake and rules are kept, and record adds hand 1. | 這一場現在沒有任何一局；玩家、底分和規則都保留，record 會從第 1 局記起。
record_replacing | Hand {n} as it stands (Enter keeps each answer): | 第 {n} 局目前的記錄（按 Enter 保留原來的答案）：
record_kong_dropped | (kong {n} dropped) | （第 {n} 副槓已取消）
record_players | Players in seat order East, South, West, North (comma-separated) | 玩家，依東、南、西、北座次（以逗號分隔）
record_stake | Stake (gold per unit, 底分) | 底分（每分多少金）
record_who_won | Who won? {choices}  [d] draw (荒莊) | 誰胡牌？{choices}  [d] 荒莊
record_how | How did {winner} win?  [1] self-draw (自摸)  [2] kong bloom (槓上開花)  [3] robbed kong (搶槓) | {winner} 怎樣胡牌？  [1] 自摸  [2] 槓上開花  [3] 搶槓
record_whose_robbed | Whose kong did {winner} rob? | {winner} 搶了誰的槓？
record_concealed | {winner}'s concealed tiles, winning tile included (e.g. 123m 456p 789s 234s 55z) | {winner} 的手牌，含胡的那張（例如 123m 456p 789s 234s 55z）
record_winning_tile | Winning tile | 胡的那張牌
record_robbed_tile | Winning tile (the robbed tile) | 胡的那張牌（被搶的那張）
record_pungs | Exposed pungs (碰), e.g. 777z 999m; Enter if none | 碰出的牌，例如 777z 999m；沒有就按 Enter
record_kong_whose | Kong {n}: whose? {choices}  (Enter: no more kongs) | 第 {n} 副槓：誰的？{choices}  （按 Enter：沒有了）
record_kong_whose_kept | Kong {n}: whose? {choices}  (Enter keeps it; -: no more kongs) | 第 {n} 副槓：誰的？{choices}  （按 Enter 保留；輸入 -：沒有了）
record_kong_type | Type?  [1] concealed (暗槓)  [2] added (加槓)  [3] exposed (直槓, from a discard)  [4] open (明槓)  (Enter: no kong after all) | 種類？  [1] 暗槓  [2] 加槓（摸明槓）  [3] 直槓（槓別人打出的牌）  [4] 明槓  （按 Enter：取消這副槓）
record_kong_type_kept | Type?  [1] concealed (暗槓)  [2] added (加槓)  [3] exposed (直槓, from a discard)  [4] open (明槓)  (Enter keeps it; -: no kong after all) | 種類？  [1] 暗槓  [2] 加槓（摸明槓）  [3] 直槓（槓別人打出的牌）  [4] 明槓  （按 Enter 保留；輸入 -：取消這副槓）
record_kong_tile_kept | Tile?  (Enter keeps it; -: no kong after all) | 哪張牌？（按 Enter 保留；輸入 -：取消這副槓）
record_kong_not_robbed | (The kong {winner} robbed is not entered here: {robbed}'s {tile} was never completed, and robbed kong 搶槓 already pays for it.) | （{winner} 搶的槓不在這裡輸入：{robbed} 的 {tile} 沒有槓成，搶槓已經算了它。）
answer_self_draw | self-draw | 自摸
answer_kong_bloom | kong bloom | 槓上開花
answer_robbed_kong | robbed kong | 搶槓
answer_concealed | concealed | 暗槓
answer_added | added | 加槓
answer_exposed | exposed | 直槓
answer_open | open | 明槓
record_open_from | A 明槓: who discarded the tile? (Enter: none, it was added to a pung, 加槓) | 明槓：誰打出的那張？（直接按 Enter：沒有人，是在碰上加槓）
record_kong_tile | Tile? | 哪張牌？
record_discarder | Who discarded it? | 誰打出的？
record_who_dealt | Who dealt? | 誰是莊家？
record_who_dealt_hand | Who dealt hand {n}? ({why}) | 第 {n} 局誰是莊家？（{why}）
record_first_hand | the first hand | 第一局
record_after_dispute | the hand before was not a legal win, so nobody can say | 上一局不是合法的胡牌，輪莊無法決定
record_deals | Hand {n}: {dealer} deals. | 第 {n} 局：{dealer} 坐莊。
record_write | Write this hand? | 寫入這一局？
record_record | Record hand {n}? | 記下第 {n} 局？
record_nothing_written | Nothing was written. | 沒有寫入任何東西。
record_written_to | Written to {path}. | 已寫入 {path}。
record_recorded | Recorded hand {n} in {path}. | 已把第 {n} 局記入 {path}。
record_replaced | Replaced hand {n} in {path}. | 已改寫 {path} 的第 {n} 局。
record_as_written | Hand {n}, as written: | 第 {n} 局，原文：
record_remove | Remove hand {n}? | 刪除第 {n} 局？
record_nothing_removed | Nothing was removed. | 沒有刪除任何東西。
record_removed | Removed hand {n}. | 已刪除第 {n} 局。
file_night | # A night of Meizhou mahjong, written by `meizhou-score record`. | # 梅州麻將的一場，由 `meizhou-score record` 記下。
file_kept | # Hands are appended below; comments and edits you make are kept. | # 各局依次加在下面；你寫的註解和修改都會保留。
file_hand | # One hand of Meizhou mahjong, written by `meizhou-score record`. | # 梅州麻將的一局，由 `meizhou-score record` 記下。
ledger_new | Added night {night} ({date}, {hands} hand{hands:s}) from {path}. | 已從 {path} 加入第 {night} 場（{date}，{hands} 局）。
ledger_same | {path}: already in the ledger as night {night} ({date}); nothing added. | {path}：帳本中已有，是第 {night} 場（{date}）；沒有加入任何東西。
ledger_grown | Night {night} now has {hands} hand{hands:s}, was {was} ({path}). | 第 {night} 場現在有 {hands} 局，原有 {was} 局（{path}）。
ledger_replaced | Night {night} replaced by {path}: {hands} hand{hands:s}, was {was}. | 第 {night} 場已由 {path} 取代：{hands} 局，原有 {was} 局。
ledger_merged | {old} and {new} are one player now ({nights} nights moved to {new}). | {old} 與 {new} 現在是同一位玩家（{nights} 場已歸到 {new}）。
ledger_checked | The ledger {path} is sound: SQLite finds no damage, and every hand's balances sum to 0. | 帳本 {path} 完好：SQLite 沒有發現損壞，每一局的輸贏相加都是 0。
ledger_nights_headers | night|date|hands|players|dispute|file | 場|日期|局數|玩家|爭議|檔案
ledger_disputed | disputed | 有爭議
ledger_no_nights | The ledger holds no nights in that range. | 帳本在那段期間沒有任何一場。
ledger_remove | Remove night {night} ({date}, {hands} hand{hands:s}, {players})? | 刪除第 {night} 場（{date}，{hands} 局，{players}）？
ledger_removed | Removed night {night}. | 已刪除第 {night} 場。
ledger_renamed | {old} is now {new}. | {old} 已改名為 {new}。
ledger_nothing | Nothing in that range. | 那段期間沒有任何紀錄。
ledger_paid | Payment {number}: {payer} paid {payee} {amount}. | 第 {number} 筆付款：{payer} 付給 {payee} {amount}。
ledger_record_payments | Record these {count} payment{count:s} as paid? | 把這 {count} 筆付款記為已付？
ledger_payments_recorded | Recorded {count} payment{count:s}: everyone is square. | 已記下 {count} 筆付款：大家兩清。
ledger_already_square | Everyone is already square: another program recorded the payments meanwhile; nothing was written. | 大家已經兩清：另一個程式剛剛記下了這些付款；沒有寫入任何東西。
ledger_remove_payment | Remove payment {number}? | 刪除第 {number} 筆付款？
ledger_payment_removed | Removed payment {number}: its debt is owed again. | 已刪除第 {number} 筆付款：那筆欠款又要還了。
chart_history | Running balance | 累計輸贏
chart_night | Running totals, hand by hand | 每局後的累計輸贏
ledger_inexact | (more than 20 players owe or are owed: these payments square everyone, but fewer may exist) | （欠款或被欠的玩家超過 20 人：這些轉賬能讓每人結清，但可能有更少的做法）
stats_headers | Player|Nights|Hands|Self-draws|Kong blooms|Robbed kongs|Self-draw rate|Robbed|Concealed kongs|Added kongs|Exposed kongs|Biggest hand|Net|Per hand | 玩家|場數|局數|自摸|槓上開花|搶槓|自摸率|被搶槓|暗槓|加槓|直槓|最大的一手|淨輸贏|每局
stats_block_head | {player}: {nights} night{nights:s}, {hands} hand{hands:s}; net {net} ({per_hand} a hand) | {player}：{nights} 場，{hands} 局；淨輸贏 {net}（每局 {per_hand}）
stats_block_wins |   wins: self-draw {self_draw}, kong bloom {kong_bloom}, robbed kong {robbed_kong}; self-draw rate {rate} |   胡牌：自摸 {self_draw}，槓上開花 {kong_bloom}，搶槓 {robbed_kong}；自摸率 {rate}
stats_block_kongs |   kongs: concealed {concealed}, added {added}, exposed {exposed}; robbed {robbed} time{robbed:s} |   槓：暗槓 {concealed}，加槓 {added}，直槓 {exposed}；被搶槓 {robbed} 次
stats_block_biggest |   biggest hand: {biggest} |   最大的一手：{biggest}
ledger_columns | player=player|total=total|paid=paid|received=received|when=when|payment=payment|date=date|note=note|from=from|to=to|amount=amount|nights=nights|hands=hands|wins_self_draw=wins_self_draw|wins_kong_bloom=wins_kong_bloom|wins_robbed_kong=wins_robbed_kong|self_draw_rate=self_draw_rate|robbed=robbed|kongs_concealed=kongs_concealed|kongs_added=kongs_added|kongs_exposed=kongs_exposed|biggest_ratio=biggest_ratio|biggest_patterns=biggest_patterns|net=net|net_per_hand=net_per_hand | player=玩家|total=合計|paid=已付|received=已收|when=時間|payment=付款|date=日期|note=備註|from=付款人|to=收款人|amount=金額|nights=場數|hands=局數|wins_self_draw=自摸|wins_kong_bloom=槓上開花|wins_robbed_kong=搶槓|self_draw_rate=自摸率|robbed=被搶槓|kongs_concealed=暗槓|kongs_added=加槓|kongs_exposed=直槓|biggest_ratio=最大倍數|biggest_patterns=最大牌型|net=淨輸贏|net_per_hand=每局淨輸贏
deal_places | the dealer (莊家)|the dealer's next player (下家)|the player opposite (對家)|the dealer's previous player (上家) | 莊家|下家|對家|上家
deal_throw | Dealer throws {dice}: counting from the dealer as 1, the wall to break is {place}'s. | 莊家擲出 {dice}：從莊家數起（莊家算 1），依逆時針方向數，要開的是 {place} 門前的牌牆。
deal_second | That player throws {dice}: {first} + {dice} = {total}. | {place} 擲出 {dice}：{first} + {dice} = {total}。
deal_runs_on | {total} is more than the {stacks} stacks of one wall, so the count runs on into {place}'s wall. | {total} 超過一面牌牆的 {stacks} 墩，依次數進 {place} 門前的牌牆（順延）。
deal_start | The dealer starts drawing after stack {stack} of {place}'s wall, four tiles at a time. | 莊家從 {place} 牌牆的第 {stack} 墩後面開始起牌，每次四張。
deal_order | Dealing order: | 起牌順序：
deal_take |   {n:2}. {place} takes {tiles} (holds {held}) |   {n:2}. {place} 起 {tiles} 張（共 {held} 張）
deal_end | The dealer holds 14 tiles and discards first; the others hold 13. | 莊家 14 張，先出牌；其餘每人 13 張。
deal_seats | {thrower} throws {total}: counting from {thrower} as 1 in play order, {east} sits East. | {thrower} 擲出 {total}：從 {thrower} 自己數起（算 1），依逆時針方向數到 {east}，{east} 坐東。
deal_winds | East|South|West|North | 東|南|西|北
deal_seat |   {wind}: {name} |   {wind}：{name}
rules_pattern_headers | pattern|中文|ratio|supersedes | 牌型|倍數|取代的牌型|英文代號
rules_headers | rule|value|ruling|meaning | 規則|現行的值|裁定|英文代號
rules_explain | {key}: {says} | {key}：{says}
rules_why | Why: {why} | 理由：{why}
rules_every | (Every ruling: docs/rules.md.) | （所有裁定：docs/rules.md。）
check_meld_pung | pung {tiles} | 碰 {tiles}
check_meld_kong | kong {tiles} | 槓 {tiles}
check_meld_concealed_kong | concealed kong {tiles} | 暗槓 {tiles}
check_tiles | Tiles: {tiles} ({count} counting each meld as 3) | 牌：{tiles}（{count} 張，每副碰、槓算 3 張）
check_winning | Winning hand: {names}, ratio {ratio} | 胡牌：{names}，倍數 {ratio}
check_scored | Scored reading: {blocks} | 計分的拆法：{blocks}
check_all_readings | All readings: | 所有拆法：
check_not_winning | Not a winning hand under the rules in force. | 在現行規則下不是胡牌。
check_not_waiting | Not waiting (not 聽牌): no tile completes this hand. | 沒有聽牌：沒有任何一張牌能胡。
check_waiting | Waiting on (聽牌): | 聽牌，聽 {count} 張：
check_wait_headers | Tile|牌|Patterns|Ratio | 牌|中文|牌型|倍數
check_shanten_ready | Shanten (向聽) 0: one discard below and the hand waits. | 0 向聽：打出下表的一張就聽牌。
check_shanten_after | Shanten (向聽) {n}: after the best discard, {n} more tiles must come to the right places before the hand waits. | {n} 向聽：打出一張後，還要再摸進 {n} 張有效牌才聽牌。
check_shanten_now | Shanten (向聽) {n}: {n} more tiles must come to the right places before the hand waits. | {n} 向聽：還要摸進 {n} 張有效牌才聽牌。
check_discards | Best discards (the hand then needs the fewest tiles, with the most tiles that help): | 最好的打法（打出後離聽牌最近、有效牌最多）：
check_discard_headers | Discard|牌|Then|Tiles that help|Copies left | 打出|中文|之後|有效牌（進張）|剩餘張數
rules_patterns_title | Patterns and their ratios: | 牌型與倍數：
rules_payments_title | Payments and dealing: | 付款與坐莊：
rules_supersedes | (replaces {ids}) | （取代{ids}）
check_discard_line |   {tile}: {then}; helps {useful} ({count} left) |   {tile}：{then}；有效牌 {useful}（剩 {count} 張）
rules_now | {key} = {value} ({ruling}) | 現行：{value}（{ruling}）
check_then_waiting | waiting on {tiles} | 聽 {tiles}
check_then_shanten | {n}-shanten | {n} 向聽
check_useful | Tiles that help: {tiles} ({count} cop{count:ies} left) | 有效牌（進張）：{tiles}（剩 {count} 張）
deal_count | The stacks of that wall are counted from its right-hand end, as its owner sees it: counter-clockwise, the way the count runs on into the next player's wall (順延). | 墩數從 {place} 門前牌牆的右端數起（{place} 自己看的右手邊），依逆時針方向，與順延到下一家牌牆的方向相同。
deal_extra | After three rounds of four, the dealer takes two more: the two adjacent top tiles (上面相鄰的兩張) of the next two stacks; the others then take one each, in order. | 每人起完三次（12 張）後，莊家再起兩張：接下去兩墩上面相鄰的兩張；其餘三人依順序各起一張。
bao_kong | , 包槓 | ，包槓
pattern_ordinary | ordinary hand 平胡 | 平胡
pattern_all_pungs | all pungs 碰碰胡 | 碰碰胡
pattern_mixed_one_suit | mixed one suit 混一色 | 混一色
pattern_seven_pairs | seven pairs 七小對 | 七小對
pattern_pure_one_suit | pure one suit 清一色 | 清一色
pattern_mixed_terminals | mixed terminals 混幺九 | 混幺九
pattern_luxury_seven_pairs | luxury seven pairs 豪華七小對 | 豪華七小對
pattern_concealed_pungs | four concealed pungs 坎坎胡 | 坎坎胡
pattern_all_terminals | all terminals 清幺九 | 清幺九
pattern_all_honours | all honours 字一色 | 字一色
pattern_thirteen_orphans | thirteen orphans 十三幺 | 十三幺
pattern_double_luxury_seven_pairs | double luxury seven pairs 雙豪華七小對 | 雙豪華七小對
pattern_triple_luxury_seven_pairs | triple luxury seven pairs 三豪華七小對 | 三豪華七小對
pattern_four_kongs | four kongs 十八羅漢 | 十八羅漢
"""
_BOTH = {
    key: (english, chinese)
    for key, english, chinese in (line.split(" | ") for line in _TABLE.strip("\n").split("\n"))
}


def _register() -> None:
    from .catalog import register
    from .rulings import EXPLAINED, EXPLAINED_CHINESE

    for n, (lang, rulings) in enumerate((("en", EXPLAINED), ("zh-Hant", EXPLAINED_CHINESE))):
        table = {key: both[n] for key, both in _BOTH.items()}
        for rule, (
            says,
            why,
        ) in rulings.items():  # each ruling: what it says and why (docs/rules.md)
            table[f"ruling_{rule}_says"], table[f"ruling_{rule}_why"] = says, why
        register(lang, "words", table)


_register()


class _Words(dict):
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


def phrase(key: str, lang: str, /, **values) -> str:
    """The sentence ``key`` of the words table in ``lang``, its ruling and ``values`` filled in.

    (Messages — errors and refusals — are said by :func:`.messages.say`; both take what first, then the language.)
    """
    return language(lang).fill(
        catalog(lang, "words")[key], counted({"rule": _RULE_OF.get(key, ""), **values})
    )
