"""Records (牌局記錄): the hand record and session model, who a player is, the tile tally, house
rules, the JSON Schema, loading YAML safely, writing YAML that reads back as written, and the
session file."""
