"""The words of each language (English, Chinese) for tables and explanations.

A ruling is never written here: ``{rule}`` is filled from
:mod:`meizhou_score.rulings` by :func:`say`.
"""

from __future__ import annotations

from .rulings import FINDINGS, NEXT_DEALER

WORDS = {
    "en": {
        "self_draw": "self-draw (自摸)", "kong_bloom": "kong bloom (槓上開花)", "robbed_kong": "robbed kong (搶槓)",
        "concealed_kong": "concealed kong (暗槓)", "added_kong": "added kong (加槓)",
        "exposed_kong": "exposed kong (直槓)",
        "seat": "Seat", "player": "Player", "win": "Win", "kongs": "Kongs", "total": "Total",
        "dealer_mark": " (dealer)",
        "wins": "{winner} wins by {how}", "from": " from {robbed}",
        "patterns": "{names}, ratio {ratio}", "stake": "stake {stake} gold per unit",
        "draw": "Exhaustive draw (荒莊): nobody pays, kongs included ({rule}).",
        "invalid": "Not a legal win, so nobody pays:",
        "reading": "Reading: {blocks}",
        "next": "Next dealer: {name} — {why}",
        "why_robbed": "the robbed player deals next ({rule})",
        "why_winner": "whoever wins, deals ({rule})",
        "why_dealer_wins": "the dealer won and deals again ({rule})",
        "why_draw_next": "after a draw the dealer's next player deals ({rule})",
        "why_draw_same": "after a draw the dealer deals again (house rule dealer_after_draw: same)",
        "why_invalid": "not settled: the hand is not a legal win",
        "pays": "{payer} pays {payee} {amount} ({units} × {stake}): {reason}{detail} — {rule}",
        "detail_win": ", ratio {ratio} × {share}",
        "detail_kong": " of {owner}, {tile}",
        "claims_agree": "Claimed balances agree with the settlement.",
        "claims_differ": "Claimed balances differ:",
        "claim_line": "  {name}: claimed {claimed}, computed {computed}",
        "dealer_check": "Dealer dispute: this hand names {named} as dealer; the rotation gives {expected} ({rule}).",
        "hand": "Hand {n} — dealer {dealer}",
        "totals": "Session totals",
        "transfers": "Payments:",
    },
    "zh": {
        "self_draw": "自摸", "kong_bloom": "槓上開花", "robbed_kong": "搶槓",
        "concealed_kong": "暗槓", "added_kong": "加槓（摸明槓）", "exposed_kong": "直槓",
        "seat": "座位", "player": "玩家", "win": "胡牌", "kongs": "槓", "total": "合計",
        "dealer_mark": "（莊）",
        "wins": "{winner} {how}胡牌", "from": "（被搶：{robbed}）",
        "patterns": "{names}，倍數 {ratio}", "stake": "底分 {stake}",
        "draw": "荒莊：無人輸贏，槓不計（{rule}）。",
        "invalid": "不是合法的胡牌，無人支付：",
        "reading": "牌型：{blocks}",
        "next": "下一莊：{name}——{why}",
        "why_robbed": "被搶槓者坐莊（{rule}）",
        "why_winner": "誰胡誰莊（{rule}）",
        "why_dealer_wins": "莊家胡牌，連莊（{rule}）",
        "why_draw_next": "流局，由莊家的下家坐莊（{rule}）",
        "why_draw_same": "流局，莊家連莊（規則 dealer_after_draw: same）",
        "why_invalid": "未結算：不是合法的胡牌",
        "pays": "{payer} 付 {payee} {amount}（{units} 分 × {stake}）：{reason}{detail}——{rule}",
        "detail_win": "，倍數 {ratio} × {share}",
        "detail_kong": "，{owner} 的 {tile}",
        "claims_agree": "申報的輸贏與結算相符。",
        "claims_differ": "申報的輸贏與結算不符：",
        "claim_line": "  {name}：申報 {claimed}，應為 {computed}",
        "dealer_check": "莊家有誤：本局寫 {named} 坐莊，輪莊應為 {expected}（{rule}）。",
        "hand": "第 {n} 局——莊家 {dealer}",
        "totals": "本場合計",
        "transfers": "支付明細：",
    },
}

# which ruling each sentence cites
_RULE_OF = {"draw": FINDINGS["draw"], "dealer_check": FINDINGS["dealer_check"],
            **{f"why_{why}": rule for why, rule in NEXT_DEALER.items()}}


def say(lang: str, key: str, **values) -> str:
    """The sentence ``key`` in ``lang``, its ruling and ``values`` filled in."""
    return WORDS[lang][key].format(rule=_RULE_OF.get(key, ""), **values)
