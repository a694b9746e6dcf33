"""click's own words in Traditional Chinese: its usage line, headings and usage errors, keyed by
the gettext message ids of click 8; registered with the help (:mod:`.help`), and lent to click
while a Chinese language speaks (``cli/shared/speaking.py``)."""

from __future__ import annotations

# click's own words (its gettext message ids, click 8) → Traditional Chinese
CLICK_ZH_HANT: dict[str, str] = {
    "Usage:": "用法：",
    ":": "：",
    "Options": "選項",
    "Commands": "命令",
    "Arguments": "參數",
    "[OPTIONS]": "[選項]",
    "COMMAND [ARGS]...": "命令 [參數]...",
    "Show this message and exit.": "顯示這份說明後結束。",
    "Show the version and exit.": "顯示版本後結束。",
    "default:": "默認：",
    "default: {default}": "默認：{default}",
    "env var: {var}": "環境變數：{var}",
    "required": "必填",
    # a number's range in an option's help (click says 0<=x<=256, x>=1)
    "{low} to {high}": "{low} 到 {high}",
    "at least {low}": "至少 {low}",
    "at most {high}": "最多 {high}",
    "(deprecated)": "（已停用）",
    "%(prog)s, version %(version)s": "%(prog)s，版本 %(version)s",
    "No such command {name!r}.": "沒有這個命令「{name}」。",
    "Error: {message}": "錯誤：{message}",
    "Try {command!r} for help.": "用「{command}」看說明。",
    "Missing argument": "缺少參數",
    "Missing option": "缺少選項",
    "Missing parameter": "缺少參數",
    "Missing {param_type}": "缺少{param_type}",
    "Missing {param_type} {param_hint}.": "缺少{param_type} {param_hint}。",
    "argument": "參數",
    "option": "選項",
    "parameter": "參數",
    "Invalid value.": "值不對。",
    "Invalid value for {param_hint}: {message}": "{param_hint} 的值不對：{message}",
    "Aborted!": "已停止。",
    "Error": "錯誤",
}
