"""The engine (牌理): tiles, the shipped tables, the winning hand (胡牌), its readings and
waits, patterns (番型) and the distance to a win (向聽). Pure and in memory: no files but its
own tables, no money, no players."""
