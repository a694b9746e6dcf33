"""The Traditional Chinese words for a file written whose output could not be
(寫了文件，卻印不出): ``record`` wrote the hand, then standard output refused what it
says of it.

English | Chinese, one line a message, as in zh_hant_messages.py."""

OUTPUT = (
    "hand {n} is written in {path}; the output could not be written: {why} | "
    "第 {n} 局已寫入 {path}；但無法寫出結果：{why}\n"
)
