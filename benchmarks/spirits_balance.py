"""Rough balance of the designed Spirits of the Forest content, measured on seeded playouts.

    python benchmarks/spirits_balance.py [--games 1000]

Prints, for two to four seats with both modules (random policy, random keeps):

- per Wish card: how often it is met by a seat at the end (checked for every seat, whichever card
  it kept) and the average points its reward adds when it is met (the ``wish`` scoring step);
- per Hex card: how often a seat has the least of what it names (and loses 6);

and the solo win rate and average points of each level for two policies: uniform random, and a
greedy one that takes the end that leaves it ahead or level in the most spirits.
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics

from wish_tui.spirits import rules
from wish_tui.spirits.rules.counts import all_figures, hex_hit, tile_counts, wish_met
from wish_tui.spirits.rules.solo import opponent_counts

CAT = rules.CATALOG


def random_game(n: int, seed: int):
    """A seeded game of `n` seats with both modules, played out at random."""
    pick = random.Random(seed).random
    state = rules.new_game(list(rules.SEATS[:n]), seed=seed, modules=rules.MODULES)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[int(pick() * len(legal))])
    return state


def cards(n: int, games: int) -> None:
    """Print how often each card is met (Wish) or hit (Hex) with `n` seats."""
    met = collections.Counter()
    hit = collections.Counter()
    worth = collections.defaultdict(list)
    for seed in range(games):
        state = random_game(n, seed)
        before = all_figures(state, rewards=False)
        after = all_figures(state)
        scores = state.final_scores()["seats"]
        for seat in range(n):
            for name, card in CAT.wishes.items():
                met[name] += wish_met(card, seat, before)
            for name, card in CAT.hexes.items():
                hit[name] += hex_hit(card, seat, after)
            if state.met[seat]:
                worth[state.wish[seat]].append(scores[seat]["steps"]["wish"])
    print(f"{n} seats, {games} games:")
    for name in CAT.wishes:
        gain = statistics.mean(worth[name]) if worth[name] else 0.0
        print(
            f"  Wish {name:18} met {met[name] / (games * n):5.1%}   reward worth {gain:4.2f} points"
        )
    for name in CAT.hexes:
        print(f"  Hex  {name:18} hit {hit[name] / (games * n):5.1%}")


def greedy(state):
    """The solo end that leaves you ahead or level in the most spirits (then the most symbols)."""
    best, best_key = None, None
    for action in state.legal_actions():
        after = state.apply(action)
        mine = tile_counts(CAT, after.tiles[0])
        theirs = opponent_counts(after)
        level = sum(1 for c in range(9) if mine[c] >= theirs[c])
        key = (level, sum(mine[c] - theirs[c] for c in range(9)))
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def solo(games: int) -> None:
    """Print each solo level's win rate and average points for two policies."""
    for level in rules.SOLO_LEVELS:
        for policy in ("random", "greedy"):
            wins, points = 0, []
            for seed in range(games):
                rng = random.Random(seed)
                state = rules.new_game(["earth"], seed=seed, solo=level)
                while not state.is_over:
                    if policy == "random":
                        action = rng.choice(state.legal_actions())
                    else:
                        action = greedy(state)
                    state = state.apply(action)
                result = state.final_scores()["solo"]
                wins += result["verdict"] == "win"
                points.append(result["points"])
            print(
                f"solo {level:8} {policy:6}: wins {wins / games:5.1%}, "
                f"points {statistics.mean(points):5.1f} (median {statistics.median(points)})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    for n in (2, 3, 4):
        cards(n, args.games)
    solo(args.games)


if __name__ == "__main__":
    main()
