"""Tournaments' pure core: pairings and standings of a Swiss and of an arena.

Pure functions of plain records (`model`): no database, no clock, no randomness. The club's
service stores the entrants and tables and calls these to pair a round and rank its players.

    from wish_tui.club.tournaments import Entrant, TableResult, swiss, arena

    pairing = swiss.pair_round(entrants, results, seats=4)   # tables, byes, rematches seated
    lines = swiss.standings(entrants, results)               # score, Buchholz, rank
    pairing = arena.pair_free(entrants, results, free, seats=2)
    lines = arena.standings(entrants, results)               # points, streaks ("on fire")
"""

from . import arena, swiss
from .model import Entrant, Pairing, Standing, TableResult

__all__ = ["Entrant", "Pairing", "Standing", "TableResult", "arena", "swiss"]
