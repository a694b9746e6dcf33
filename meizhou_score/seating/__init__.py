"""Seats for a club's rounds (排位): tables of four for each round, so that players meet as few
repeated opponents as possible, the winds rotated and the sit-outs shared. The plan is pure: names
in, rounds out; ``seating.plan.plan_rounds`` is what the command and the lobby call."""
