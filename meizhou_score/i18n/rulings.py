"""The rulings R1–R11 (裁定): which ruling each payment, dealer change, rules key and refusal
rests on.

The one owner of rule ids. Settlement stamps each transfer with its ruling
from here, the words tables cite them through ``{rule}``, and ``rules``
prints them beside each house-rules key (each row of records/rules.py names
the ruling it changes); ``docs/rules.md`` explains each.
"""

from __future__ import annotations

# each payment's reason → its ruling
REASONS: dict[str, str] = {
    "self_draw": "R5",
    "kong_bloom": "R6",
    "robbed_kong": "R7",
    "concealed_kong": "R8",
    "added_kong": "R8",
    "exposed_kong": "R8",
}

# why the next dealer deals → its ruling
NEXT_DEALER: dict[str, str] = {
    "robbed": "R10",
    "winner": "R10",
    "dealer_wins": "R10",
    "draw_next": "R10",
    "draw_same": "R10",
    "invalid": "R10",
}

# what the tool refuses or reports → its ruling
FINDINGS: dict[str, str] = {
    "five_copies": "R1",
    "robbed_tile": "R7",
    "not_a_win": "R2",
    "kong_bloom_without_kong": "R6",
    "draw": "R9",
    "dealer_check": "R10",
}


# Each ruling as docs/rules.md gives it (a test keeps the two the same): what it says, and why.
EXPLAINED: dict[str, tuple[str, str]] = {
    "R1": (
        "136 tiles: characters 萬, dots 筒 and bamboo 條 from 1 to 9, the four winds and three "
        "dragons, four of "
        "each; no flowers. No tile may appear more than four times in one record (the winner's "
        "hand, every "
        "kong, the robbed player's pung).",
        "A fifth copy means the record is wrong, whatever else it says.",
    ),
    "R2": (
        "A win is a pair and four sets (runs of one suit, or triplets; pungs and kongs count as "
        "sets), seven "
        "pairs (four of a kind counts as two pairs), or thirteen orphans. Honours never form runs. "
        "A shape "
        "whose pattern ratio is 0 in the house rules is not a win.",
        "The document's winning shape (一對將頭 and sets of three). Seven pairs and thirteen "
        "orphans are our "
        "ruling: the document prices seven pairs (7 小對) but never names 十三幺; both shapes "
        "and the ratios of "
        "the pattern table beyond ordinary, seven pairs and pure one suit come from the Meizhou "
        "tables of public "
        "game servers, and are defaults a house-rules file can change.",
    ),
    "R3": (
        "Melds are pungs and kongs only; a run is always concealed.",
        "There is no chow.",
    ),
    "R4": (
        "A hand's **ratio** comes from its patterns (table below): ordinary 1, seven pairs 3, pure "
        "one suit 4"
        " — the document's 6 / 18 / 24 points divided by the robbed-kong share 6. By default the "
        "hand takes "
        "its single highest pattern.",
        "The document counts no fan (不計番數): each hand type has one price.",
    ),
    "R5": (
        "Self-draw: each of the other three pays `2 × ratio` units.",
        "The document: a self-draw is worth at least 2 from each.",
    ),
    "R6": (
        "Kong bloom: paid exactly as a self-draw; the winner must own a kong in the record.",
        "The replacement tile is a drawn tile; with no kong there was no replacement.",
    ),
    "R7": (
        "Robbed kong: the robbed player alone pays what the three would have paid on a self-draw, "
        "`3 × 2 × ratio` = `6 × ratio` (3 × `self_draw_share` × ratio under house rules, "
        "unless they set "
        "`robbed_kong_share`); the other two pay nothing for the win. The "
        "robbed kong is not paid as a kong (it was never completed). Only a kong added to one's "
        "own pung can be "
        "robbed (our ruling: the document says 明杠時, an open kong, which is also the discard "
        "kong; but that "
        "kong's fourth tile is a discard already taken, and a win on a discard is not scored, "
        "R11). The robbed "
        "player's pung holds three copies of the tile and the robbed tile is the fourth, so the "
        "winner can hold "
        "no other copy.",
        "The document: 被搶杠者一個人承擔 3 家的分數 (the robbed player alone bears "
        "the three players' "
        "points), and 被搶杠玩家需要出 6 分 for an ordinary hand, 24 for pure one suit, "
        "all from the robbed "
        "player. It also prices a robbed seven pairs (7 小對 … 扣 18 分), but that hand "
        "cannot happen: seven pairs "
        "would need a second copy of the robbed tile, and all four are then in play; the tool "
        "refuses it as a "
        "fifth copy (R1), and all pungs likewise. Thirteen orphans can rob a kong (it holds the "
        "tile once).",
    ),
    "R8": (
        "Kongs are paid only when someone wins, every kong: concealed, 2 units from each other "
        "player; added,"
        " 1 from each; exposed (from a discard), 1 from each. Who pays an exposed kong is our "
        "ruling (the "
        "document does not say; a house rule can make the discarder pay all three shares, 包槓).",
        "The document: 暗杠是明杠賠率的 2 倍 (a concealed kong pays twice an open one), "
        "暗杠 2 and 摸明杠 1 from "
        "each of the other three; its 明杠 names both open kongs, so the discard kong's amount "
        "follows too.",
    ),
    "R9": (
        "A draw pays nothing, kongs included.",
        "No winner, no kong settlement.",
    ),
    "R10": (
        "Next dealer: the robbed player after a robbed kong; else the winner (a winning dealer "
        "deals again); "
        "after a draw the dealer's next player (a house rule can keep the dealer).",
        "The document's three rules of who deals.",
    ),
    "R11": (
        "Only self-draws, kong blooms and robbed kongs are wins; a win on an ordinary discard is "
        "not scored, "
        "and a record cannot express one.",
        "The document scores only self-drawn wins.",
    ),
}

# The same rulings in Chinese, for ``rules --explain R7 --lang zh`` (a test keeps the keys the
# same; an r"..." continuation keeps ruff format from joining a line past 100 bytes, see help.py).
EXPLAINED_CHINESE: dict[str, tuple[str, str]] = {
    "R1": (
        "共 136 張：萬、筒、條各 1 到 9，東南西北四風和中發白三元，"
        "每種四張；沒有花牌。同一局記錄中（胡牌者的手牌、"
        "每副槓、被搶槓者的碰）任何一種牌都不能超過四張。",
        "出現第五張，表示記錄寫錯了，不論其餘寫了甚麼。",
    ),
    "R2": (
        "胡牌是一對將加四副面子（同花色的順子或刻子；碰和槓都算一副）"
        "，或七小對（四張相同算兩對），或十三幺。字牌不能成順。"
        "規則文件中倍數為 0 的牌型不算胡牌。",
        "規則文本的胡牌牌型（一對將頭加三張一組）。"
        "七小對與十三幺是我們的裁定：規則文本為七小對定了價，"
        "但從未提到十三幺；這兩種牌型，"
        "以及平胡、七小對、清一色以外的倍數，"
        "取自公開遊戲伺服器的梅州牌型表，都是默認值，"
        "可由規則文件更改。",
    ),
    "R3": ("明的面子只有碰和槓；順子一定是暗的。", "不能吃。"),
    "R4": (
        "一手牌的倍數由牌型決定（見牌型表）：平胡 1、七小對 3、"
        "清一色 4——即規則文本的 6／18／24 分除以搶槓的 6。"
        "默認只取最高的一個牌型。",
        "規則文本不計番數：每種牌型一個價錢。",
    ),
    "R5": (
        "自摸：其餘三家每人付 `2 × 倍數` 分。",
        "規則文本：自摸每家至少付 2。",
    ),
    "R6": (
        "槓上開花：照自摸付；胡牌者在記錄中必須有一副槓。",
        "補的那張牌是摸來的；沒有槓就沒有補牌。",
    ),
    "R7": (
        "搶槓：由被搶槓的玩家一個人付三家自摸時該付的分，"
        "`3 × 2 × 倍數` = `6 × 倍數`（規則文件改了自摸每家的份數時，"
        "是 3 × 份數 × 倍數，除非規則文件另設搶槓的份數）；"
        "其餘兩家不付胡牌的錢。被搶的槓不算槓錢（它沒有完成）。"
        "只有在自己的碰上加的槓"
        "可以被搶（我們的裁定：規則文本說「明杠時」，明槓也包括點槓；"
        "但點槓的第四張是已被取走的棄牌，而胡別人打出的牌不計分，R11）"
        "。"
        "被搶者的碰有三張，被搶的那張是第四張，"
        "所以胡牌者手中不能再有這種牌。",
        "規則文本：「被搶杠者一個人承擔 3 家的分數」；"
        "平胡「被搶杠玩家需要出 6 分」、清一色 24 分，全由被搶者付。"
        "規則文本也為搶槓的七小對定了價（扣 18 分），但這手牌"
        "不會出現：七小對需要第二張被搶的牌，而四張都已在場上；"
        "工具把它當作第五張拒絕（R1），碰碰胡亦同。"
        "十三幺可以搶槓（它只有一張）。",
    ),
    "R8": (
        "有人胡牌才計槓，每副槓都計：暗槓，其餘每家付 2 分；加槓，"
        "每家 1 分；點槓（槓別人打出的牌），每家 1 分。"
        "點槓由誰付是我們的裁定（規則文本沒有說；"
        "規則文件可改為由打出那張牌的人付三家的份，即包槓）。",
        "規則文本：「暗杠是明杠賠率的 2 "
        "倍」，暗槓每家 2、摸明槓每家 1；"
        "規則文本的「明杠」包括兩種明的槓，"
        "所以點槓的金額也由此而來。",
    ),
    "R9": ("荒莊不付任何錢，槓也不計。", "沒有胡牌者，就不結算槓。"),
    "R10": (
        "下一莊：搶槓後由被搶者坐莊；否則誰胡誰莊（莊家胡牌就連莊）；"
        "荒莊後由莊家的下家坐莊（規則文件可改為連莊）。",
        "規則文本關於坐莊的三條規定。",
    ),
    "R11": (
        "只有自摸、槓上開花和搶槓算胡牌；放炮（胡別人打出的牌）"
        r"不計分，記錄也無法寫出。",
        "規則文本只計自摸的胡牌。",
    ),
}
