"""Measure other judgement weights for the Spirits of the Forest medium bot against the medium bot.

    python benchmarks/spirits_weights.py '{"gems": [3, 2, 1.5]}' --games 400 --seed 1 [--modules wishes,hexes]

A medium bot judging with the changed weights plays the plain medium bot on the same deals, each
deal twice with the seats swapped; prints its win rate (ties split) and both average scores.
`--seats N` plays N-seat games (the variant in one seat, medium bots in the others). `--solo
LEVEL` plays solo games at that difficulty instead, the variant and the medium bot on the same
seeds, and prints both win rates and points.
"""

from __future__ import annotations

import argparse
import json
import sys

from spirits_bots import play_game

from wish_tui.spirits.bots import medium as medium_module
from wish_tui.spirits.bots.evaluate import MEDIUM


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights", help="JSON object of Weights fields to change")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modules", default="")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--solo", choices=("easy", "standard", "hard"))
    args = parser.parse_args(argv)
    changes = {
        k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(args.weights).items()
    }
    variant = MEDIUM._replace(**changes)
    modules = tuple(m for m in args.modules.split(",") if m)

    class Variant(medium_module.MediumBot):
        weights = variant

    if args.solo:
        return _solo(args, Variant)
    wins = 0.0
    scores = [0.0, 0.0]
    n = args.seats
    for g in range(args.games):
        shift = g % n
        deal = args.seed + g // n
        elements = [("air", "water", "fire", "earth")[(k + shift) % 4] for k in range(n)]
        mine = shift
        bots = [
            (Variant if s == mine else medium_module.MediumBot)(deal * 31 + s) for s in range(n)
        ]
        result = play_game(["medium"] * n, elements, deal, modules, bots=bots)
        winners = result["scores"]["winners"]
        if mine in winners:
            wins += 1 / len(winners)
        totals = [e["total"] for e in result["scores"]["seats"]]
        scores[0] += totals[mine]
        scores[1] += sum(t for s, t in enumerate(totals) if s != mine) / (n - 1)
    g = args.games
    print(
        f"{args.weights}: wins {wins / g:.1%} of {g} ({wins:.1f}), "
        f"score {scores[0] / g:.1f} vs {scores[1] / g:.1f}"
    )
    return 0


def _solo(args, variant) -> int:
    """Solo games at `args.solo` difficulty: the variant and the medium bot on the same seeds."""
    for name, cls in (("variant", variant), ("medium", medium_module.MediumBot)):
        wins = points = 0
        for g in range(args.games):
            seed = args.seed + g
            result = play_game(["medium"], ["earth"], seed, (), args.solo, bots=[cls(seed * 31)])
            solo = result["scores"]["solo"]
            wins += solo["verdict"] == "win"
            points += solo["points"]
        print(
            f"{name} {args.weights if name == 'variant' else ''}: solo {args.solo} wins "
            f"{wins / args.games:.1%} of {args.games}, points {points / args.games:.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
