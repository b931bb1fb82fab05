"""Tournaments: pairing a round and reading the standings of a big Swiss, and an arena's pairing.

Run from the repository root:  python benchmarks/tournament.py [--players 64] [--rounds 5] [--seats 4]

1. Swiss: a club (a SQLite file in a temporary folder) with --players members entered in a Swiss
   of --rounds rounds at tables of --seats; each round is paired from the store (entrants and
   results read, `swiss.pair_round`), its tables made and noted, and each table finished through
   `Club.finish` (random places, rated as usual). Printed per round: the pairing's time (read +
   pair), the standings query's time (the page: `tournament_page.page`), the rematches seated;
   at the end, whether every table's result was counted exactly once. Targets: pairing <= 50 ms,
   standings <= 20 ms.
2. Arena: 200 entrants, every one free at once after 10 tables each (the pure core only: the
   arena's pairing of whoever is free), the median of 20 pairings. Target <= 1 s.

With --server: the same Swiss, and an arena of 200 for 10 minutes, at a real table server with
bots playing the members (`tournament_server.py` says how).

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.club import SeatSpec, open_club  # noqa: E402
from wish_tui.club.tournament_page import page  # noqa: E402
from wish_tui.club.tournaments import Entrant, TableResult, arena, swiss  # noqa: E402

SEAT_NAMES = ("air", "fire", "water", "earth")


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def swiss_figures(players: int, rounds: int, seats: int) -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder, open_club(Path(folder), new_club=True) as club:
        ids = [
            club.players.register(f"SHA256:{'b' * 20}{i:04d}", f"member {i}").id
            for i in range(players)
        ]
        store = club.tournaments
        tid = store.create("Bench", "swiss", "wish", seats, rounds=rounds).id
        for pid in ids:
            store.join(tid, pid)
        store.start(tid)
        made_tables = 0
        print(f"Swiss of {players} members, {rounds} rounds, tables of {seats}:")
        for round_ in range(1, rounds + 1):
            started = time.perf_counter()
            pairing = swiss.pair_round(store.entrants(tid), store.results(tid), seats)
            paired_ms = _ms(started)
            made = []
            for players_at in pairing.tables:
                specs = [SeatSpec(SEAT_NAMES[i], "human", p) for i, p in enumerate(players_at)]
                made.append((club.tables.create("wish", 1, specs, None).id, players_at))
            store.seat(tid, round_, made, pairing.sitting_out)
            made_tables += len(made)
            for table_id, players_at in made:
                totals = [rng.randrange(60) for _ in players_at]
                order = sorted(range(len(players_at)), key=lambda s: -totals[s])
                club.finish(
                    table_id,
                    {"seats": [{"total": t} for t in totals], "ranking": [[s] for s in order]},
                )
            runs = []
            for _ in range(10):
                started = time.perf_counter()
                shown = page(store, tid)
                runs.append(_ms(started))
            print(
                f"  round {round_}: pairing {paired_ms:6.1f} ms, standings page "
                f"{statistics.median(runs):5.1f} ms (median of 10), {len(made)} tables, "
                f"{len(pairing.sitting_out)} byes, {pairing.rematches} rematches"
            )
        counted = sum(len(r["tables"]) for r in shown["rounds"])
        finished = club.db.scalar(
            "SELECT COUNT(*) FROM tournament_tables t JOIN finished_games f "
            "ON f.table_id = t.table_id WHERE t.tournament_id = ?",
            (tid,),
        )
        games = sum(line["games"] for line in shown["standings"])
        print(
            f"  tables made {made_tables}, noted {counted}, finished and counted {finished}; "
            f"seats counted in the standings {games} (= {players} x {rounds}: "
            f"{games == players * rounds})"
        )


def arena_figures(players: int = 200) -> None:
    rng = random.Random(3)
    entrants = [Entrant(i, f"p{i}", rng.uniform(-5, 30)) for i in range(1, players + 1)]
    results = []
    at = 0
    for _ in range(10):
        order = [e.player_id for e in entrants]
        rng.shuffle(order)
        for i in range(0, players - 1, 2):
            at += 1
            results.append(TableResult((order[i], order[i + 1]), (1, 2), ended_at=at))
    free = [e.player_id for e in entrants]
    runs = []
    for _ in range(20):
        started = time.perf_counter()
        pairing = arena.pair_free(entrants, results, free, 2)
        runs.append(_ms(started))
    print(
        f"Arena of {players}, all free after {len(results)} tables: pairing "
        f"{statistics.median(runs):.1f} ms (median of 20), {len(pairing.tables)} tables, "
        f"{len(pairing.sitting_out)} waiting, {pairing.rematches} rematches"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--server", action="store_true", help="at a real table server")
    parser.add_argument("--arena-players", type=int, default=200)
    parser.add_argument("--arena-minutes", type=int, default=10)
    parser.add_argument("--arena-seats", type=int, default=2)
    parser.add_argument(
        "--arena-seconds", type=float, default=None, help="measure only this long (a quick run)"
    )
    parser.add_argument(
        "--pace", type=float, default=0.0, help="seconds a member's bot takes a move (0)"
    )
    parser.add_argument("--no-swiss", action="store_true")
    parser.add_argument("--no-arena", action="store_true")
    args = parser.parse_args()
    if args.server:
        from tournament_server import arena_at_server, swiss_at_server

        if not args.no_swiss:
            asyncio.run(swiss_at_server(args.players, args.rounds, args.seats, args.pace))
        if not args.no_arena:
            seconds = args.arena_seconds or args.arena_minutes * 60
            asyncio.run(
                arena_at_server(
                    args.arena_players, args.arena_minutes, args.arena_seats, seconds, args.pace
                )
            )
        return
    swiss_figures(args.players, args.rounds, args.seats)
    arena_figures()


if __name__ == "__main__":
    main()
