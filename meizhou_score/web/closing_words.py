"""The words of the page's "Close the night" (收場對數): the server's refusals and the page's
own words, English and Traditional side by side, taken into :mod:`.words`' catalog (the page's under
``page.<key>``, as ``static/words.json``'s)."""

from __future__ import annotations

SAID: dict[str, tuple[str, str]] = {  # id → (English, Traditional): what the server says
    "held_needed": (
        'expected "held": each player\'s gold as counted on the table, by name (Mei: -60)',
        '這裡要有 "held"：每位玩家在桌上數到的金幣，按名字寫（Mei：-60）',
    ),
    "explanation_number": (
        "expected the number of an explanation, from 1",
        "這裡要寫解釋的編號，由 1 起",
    ),
    "no_explanation": (
        "there is no exact explanation {k} to amend with (there are {n}); nothing was written",
        "沒有第 {k} 種完全相符的解釋可用來改正（共有 {n} 種）；沒有寫入",
    ),
    "no_hands_to_check": (
        "the night has no hand yet: nothing to check against the gold",
        "這一場還沒有任何一局：沒有東西可與金幣核對",
    ),
}

PAGE: dict[str, tuple[str, str]] = {  # the page's words (static/words.json's kind)
    "closeNight": ("Close the night", "收場對數"),
    "closeAsk": (
        "Each player's gold on the table at the end (their net for the night): each phone its"
        " own, or one phone for all four.",
        "每位玩家收場時桌上的金幣（今晚的輸贏）："  # split to fit 100 bytes
        "各自用手機填自己的，或一部手機填四位。",
    ),
    "closeCheck": ("Check against the record", "與記錄核對"),
    "closeWaiting": ("Waiting for the count of: {names}", "還在等這幾位的金幣：{names}"),
    "closeApply": ("Amend with this", "按這個改正"),
    "closeApplied": (
        "Amended with explanation {k}.",
        "已按第 {k} 種解釋改正。",
    ),
    "closeChanged": (
        "Nothing was amended: the night changed after you checked. Here it is checked again.",
        "沒有改動：你核對之後這一場改過了。以下是重新核對的結果。",
    ),
    "closeMine": ("(you)", "（你）"),
    "closeNamesSep": (", ", "、"),  # between the names of a list: Ah Fook、Jun、Lan
}
