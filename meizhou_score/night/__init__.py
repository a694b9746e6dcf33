"""The night service (一晚的檔案): the one owner of a night's file — read, lock, judge,
write."""
