"""The words of each language (English, Chinese) for tables and explanations.

A ruling is never written here: ``{rule}`` is filled from
:mod:`meizhou_score.rulings` by :func:`say`.
"""

from __future__ import annotations

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
reading | Reading: {blocks} | 牌型：{blocks}
next | Next dealer: {name} — {why} | 下一莊：{name}——{why}
next_unknown | Next dealer: not settled — {why} | 下一莊：未定（{why}）
why_robbed | the robbed player deals next ({rule}) | 被搶槓者坐莊（{rule}）
why_winner | whoever wins, deals ({rule}) | 誰胡誰莊（{rule}）
why_dealer_wins | the dealer won and deals again ({rule}) | 莊家胡牌，連莊（{rule}）
why_draw_next | after a draw the dealer's next player deals ({rule}) | 流局，由莊家的下家坐莊（{rule}）
why_draw_same | after a draw the dealer deals again (house rule dealer_after_draw: same) | 流局，莊家連莊（規則 dealer_after_draw: same）
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
claim_line |   {name}: claimed {claimed}, computed {computed} |   {name}：申報 {claimed}，應為 {computed}
dealer_check | Dealer dispute: this hand names {named} as dealer; the rotation gives {expected} ({rule}). | 莊家有誤：本局寫 {named} 坐莊，輪莊應為 {expected}（{rule}）。
hand | Hand {n} — dealer {dealer} | 第 {n} 局——莊家 {dealer}
totals | Session totals | 本場合計
transfers | Payments: | 支付明細：
settle_up | Settle-up, in the fewest payments: | 找數（最少的轉賬）：
settle_line |   {payer} pays {payee} {amount} |   {payer} 付 {payee} {amount}
settle_none | Settle-up: nobody owes anybody. | 找數：無人欠款。
"""
_BOTH = {key: (english, chinese) for key, english, chinese in
         (line.split(" | ") for line in _TABLE.strip("\n").split("\n"))}
WORDS: dict[str, dict[str, str]] = {lang: {key: both[n] for key, both in _BOTH.items()}
                                   for n, lang in enumerate(("en", "zh"))}

# which ruling each sentence cites
_RULE_OF = {"draw": FINDINGS["draw"], "dealer_check": FINDINGS["dealer_check"],
            **{f"why_{why}": rule for why, rule in NEXT_DEALER.items()}}


def say(lang: str, key: str, **values) -> str:
    """The sentence ``key`` in ``lang``, its ruling and ``values`` filled in."""
    return WORDS[lang][key].format(rule=_RULE_OF.get(key, ""), **values)
