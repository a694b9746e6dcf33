"""The night service (一晚的文件): the one owner of a night's file — read, lock, judge,
write."""
