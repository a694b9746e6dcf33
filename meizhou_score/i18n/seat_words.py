"""The words of ``seat`` (排位): the rounds' tables, the sit-outs, the repeats and the bound; and
its refusals in Traditional Chinese (read into the catalog by :mod:`.messages`).

``TABLE`` is one line a sentence, as :mod:`.words`' table (key | English | Chinese), which takes
these in; ``MESSAGES`` is one line a message (the English template | its Chinese).
"""

from __future__ import annotations

TABLE = (
    "seat_round | Round {n} | 第 {n} 輪\n"
    "seat_table | Table | 桌\n"
    "seat_winds | East|South|West|North | 東|南|西|北\n"
    "seat_out | Sitting out: {names} | 輪空：{names}\n"
    "seat_repeats | Repeats: {repeats} (a pair's meetings after its first); the fewest "
    "possible: {bound} | 重複相遇：{repeats} 次（兩人第一次同桌之後"
    "再同桌的次數）；"
    "最少可能：{bound} 次\n"
    "seat_best | Proven best: no plan has fewer repeats. | 已證明最好：沒有重複更少"
    "的排法。\n"
    "seat_not_proven | Not proven best: a plan may exist with fewer. | 未能證明最好："
    "也許有重複更少的排法。\n"
)

MESSAGES = (
    "seating takes at least 4 players; got {count} | 排位至少要 4 位玩家；現在只有 "
    "{count} 位\n"
    "seating takes at most {limit} players; got {count} | 排位最多 {limit} 位玩家；"
    "現在有 {count} 位\n"
    "{name!r} is named twice; name each player once | {name!r} 寫了兩次；每位玩家只寫"
    "一次\n"
    "{name!r} and {other!r} are one player written two ways; name each player once | "
    "{name!r} 和 {other!r} 是同一位玩家的兩種寫法；每位玩家只寫一次\n"
    "expected a number of rounds from 1 to {limit}; got {found} | 輪數要在 1 到 "
    "{limit} 之間；現在是 {found}\n"
)
