"""Measure a set of evaluation weights: a medium bot judging with them against the medium bot.

Run: ``python benchmarks/weights.py '{"decay": 0.65}' [--games N] [--seed S] [--jobs J]``

The JSON object names fields of ``wish_tui.wish.bots.evaluate.Weights`` to change (the others
keep the medium bot's values). Each game seats one medium bot judging with those weights and one
plain medium bot, the changed bot taking the first and second seat in turn; every game has its
own seed, and Djinns rotate as in ``wish-tui tournament``. The same seeds give the same games, so
two weight sets are compared on the same deals.

Printed: the games, the changed bot's win rate (ties split) and its average score margin. The
hard bot's ``JUDGEMENT`` was chosen this way (see benchmarks/bots.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.wish import rules  # noqa: E402
from wish_tui.wish.bots.evaluate import MEDIUM  # noqa: E402
from wish_tui.wish.bots.medium import MediumBot  # noqa: E402
from wish_tui.wish.rules import DJINNS  # noqa: E402


def play(job: tuple) -> tuple[float, int]:
    """Play game `g`; return the changed bot's share of the win and its score margin."""
    changes, g, seed = job
    weights = MEDIUM._replace(**changes)
    changed = g % 2
    djinns = [DJINNS[(k + g // 2) % 4] for k in range(2)]
    state = rules.new_game(djinns, seed + g)
    bots = [MediumBot((seed + g) * 31 + s) for s in range(2)]
    bots[changed].weights = weights
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), list(state.legal_actions()))
        state = state.apply(action, seat)
    scores = state.final_scores()
    totals = [s["total"] for s in scores["seats"]]
    won = 1 / len(scores["winners"]) if changed in scores["winners"] else 0.0
    return won, totals[changed] - totals[1 - changed]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("changes", help="weights to change, as JSON, e.g. '{\"decay\": 0.65}'")
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes to play games in")
    args = parser.parse_args()
    changes = json.loads(args.changes)
    unknown = set(changes) - set(MEDIUM._fields)
    if unknown:
        parser.error(f"unknown weights {sorted(unknown)}; choose from {list(MEDIUM._fields)}")
    started = time.perf_counter()
    jobs = [(changes, g, args.seed) for g in range(args.games)]
    with Pool(args.jobs) as pool:
        results = pool.map(play, jobs, chunksize=8)
    wins = sum(r[0] for r in results)
    margin = sum(r[1] for r in results) / args.games
    print(
        f"{args.games} games, seeds from {args.seed}, weights {json.dumps(changes)}: "
        f"win rate {100 * wins / args.games:.1f}%, score margin {margin:+.2f} VP "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
