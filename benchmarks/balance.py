"""Measure the balance between the Djinns: equal bots in every seat, Djinns rotated over seats.

Run: ``python benchmarks/balance.py [--level medium|hard] [--games N] [--seed S] [--seats 2|4]
[--think-ms MS] [--jobs J]``

Every seat is played by the same bot level. In four-seat games the four Djinns rotate over the
seats (game g seats them in the g-th rotation of air, water, fire, earth); in two-seat games the
twelve ordered pairs of Djinns take turns. The first player is drawn from each game's seed, as the
rules do. Each bot sees only its seat's view (``make_bot(level, seed * 31 + seat, think_ms)``, as
``wish-tui tournament`` seeds them), so a run replays exactly.

Printed: per Djinn its games, wins (ties split), win rate, average score and the average of each
of the five scoring steps and of the Wishes fulfilled; per place in the turn order (first player,
second, ...) the win rate; the rounds per game (mean and range); how much of the supply was in
play at its fullest (the most crystals of one colour, Potions, Trickery tokens held by all seats
together; the box holds 12, 10 and 10). With ``--usage``, also what each Djinn does with its
action markers: per turn, the actions it takes by kind (Potion actions included) and the
Frostflake crystals the Water Djinn gains. With ``--jobs J`` the games are shared out to J worker
processes; every game is the same as in one process, so the figures are too.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.wish import rules  # noqa: E402
from wish_tui.wish.bots import make_bot  # noqa: E402
from wish_tui.wish.rules.scoring import STEPS  # noqa: E402

DJINNS = ("air", "water", "fire", "earth")
PAIRS = tuple(permutations(DJINNS, 2))
MAX_DECISIONS = 5000


def seating(n: int, g: int) -> list[str]:
    """The Djinns of game `g` in seat order."""
    if n == 2:
        return list(PAIRS[g % len(PAIRS)])
    return [DJINNS[(g + k) % 4] for k in range(n)]


def play(level: str, djinns: list[str], seed: int, think_ms: int | None, usage=None) -> dict:
    """Play one game between equal bots; return its final scores, rounds and turn order.

    Args:
        usage: a Counter per Djinn to count its turn actions by kind in (and its turns, as 'end').
    """
    state = rules.new_game(djinns, seed=seed)
    bots = [make_bot(level, seed * 31 + seat, think_ms) for seat in range(len(djinns))]
    decisions = 0
    peak = [0, 0, 0]
    while not state.is_over:
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"seed {seed}: the game stalled")
        seat = state.current_player
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), list(legal))
        if usage is not None:
            djinn = state.djinns[seat]
            if not state.pending:
                usage[djinn][action.kind] += 1
            elif state.pending[0][0] == "frost" and action.kind == "gain":
                usage[djinn]["frost crystal"] += 1
        state = state.apply(action, seat)
        players = state.players
        held = max(sum(q.crystals[c] + q.nest[c] for q in players) for c in range(6))
        potions = sum(q.potions for q in players)
        trickery = sum(q.trickery for q in players)
        peak = [max(peak[0], held), max(peak[1], potions), max(peak[2], trickery)]
    return {
        "scores": state.final_scores(),
        "rounds": state.round,
        "order": list(state.order),
        "peak": peak,
    }


def play_index(level: str, n: int, first_seed: int, think_ms: int | None, usage: bool, g: int):
    """Play game `g` of a run; return its result and, if asked, its usage counts per Djinn."""
    counts = {d: Counter() for d in DJINNS} if usage else None
    result = play(level, seating(n, g), first_seed + g, think_ms, counts)
    return result, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="medium", choices=("medium", "hard"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 4))
    parser.add_argument(
        "--think-ms", type=int, default=None, help="the hard bot's think budget (default 1000)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    parser.add_argument("--usage", action="store_true", help="count each Djinn's actions")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()

    n = args.seats
    wins = {d: 0.0 for d in DJINNS}
    played = {d: 0 for d in DJINNS}
    totals: dict[str, list[int]] = {d: [] for d in DJINNS}
    steps = {d: dict.fromkeys((*STEPS, "fulfilled"), 0) for d in DJINNS}
    place_wins = [0.0] * n
    rounds = []
    peaks = []
    usage = {d: Counter() for d in DJINNS} if args.usage else None
    started = time.perf_counter()
    one = functools.partial(play_index, args.level, n, args.seed, args.think_ms, args.usage)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    results = pool.map(one, range(args.games), chunksize=2) if pool else map(one, range(args.games))
    for g, (result, counts) in enumerate(results):
        if counts is not None:
            for d in DJINNS:
                usage[d].update(counts[d])
        scores = result["scores"]
        winners = scores["winners"]
        rounds.append(result["rounds"])
        peaks.append(result["peak"])
        for entry in scores["seats"]:
            d = entry["djinn"]
            played[d] += 1
            totals[d].append(entry["total"])
            for key in STEPS:
                steps[d][key] += entry["steps"][key]
            steps[d]["fulfilled"] += entry["wishes_count"]
            if entry["seat"] in winners:
                share = 1 / len(winners)
                wins[d] += share
                place_wins[result["order"].index(entry["seat"])] += share
        if not args.quiet:
            sys.stderr.write(f"\r{g + 1}/{args.games} games, {time.perf_counter() - started:.0f} s")
            sys.stderr.flush()
    if pool is not None:
        pool.shutdown()
    if not args.quiet:
        sys.stderr.write("\n")

    think = f", think {args.think_ms} ms" if args.think_ms else ""
    print(
        f"{args.games} {n}-seat games of {args.level} bots{think}, seeds from {args.seed} "
        f"({time.perf_counter() - started:.0f} s)"
    )
    head = f"{'djinn':6} {'games':>5} {'wins':>6} {'win%':>6} {'score':>6}"
    head += "".join(f" {k[:7]:>7}" for k in (*STEPS, "fulfilled"))
    print(head)
    for d in DJINNS:
        if not played[d]:
            continue
        k = played[d]
        row = f"{d:6} {k:5} {wins[d]:6.1f} {100 * wins[d] / k:5.1f}% {statistics.mean(totals[d]):6.1f}"
        row += "".join(f" {steps[d][key] / k:7.2f}" for key in (*STEPS, "fulfilled"))
        print(row)
    places = "  ".join(f"{i + 1}: {100 * w / args.games:.1f}%" for i, w in enumerate(place_wins))
    print(f"wins by place in the turn order   {places}")
    print(
        f"rounds per game   mean {statistics.mean(rounds):.2f}, range {min(rounds)}-{max(rounds)}"
    )
    for i, (what, box) in enumerate(
        (("crystals of one colour", 12), ("Potions", 10), ("Trickery", 10))
    ):
        most = [p[i] for p in peaks]
        over = sum(1 for m in most if m > box)
        print(
            f"in play at the fullest, {what:22} mean {statistics.mean(most):.1f}, "
            f"max {max(most)} (box {box}; more in {over} of {len(most)} games)"
        )
    if usage is not None:
        print("actions per turn (turn actions by kind; Water's Frostflake crystals per turn)")
        for d in DJINNS:
            turns = usage[d]["end"]
            if turns:
                counts = {k: v for k, v in sorted(usage[d].items()) if k not in ("end",)}
                line = ", ".join(f"{k} {v / turns:.2f}" for k, v in counts.items())
                used = sum(v for k, v in counts.items() if k not in ("trade", "frost crystal"))
                print(f"  {d:6} ({turns} turns, {used / turns:.2f} markers and Potions): {line}")


if __name__ == "__main__":
    main()
