"""The club's ledger (帳簿): nights kept in SQLite, and the reports drawn from them."""
