"""How often the medium bot meets each Wish and is hit by each Hex it keeps (Spirits of the Forest).

    python benchmarks/spirits_cards.py --games 400 --seats 2 [--seed 1]

Medium bots play each other with both modules; every keep at setup is drawn at random (seeded), so
every card is kept about equally often; the rest of the game is the medium policy. Prints, per
card, how often it was kept and how often the keeper met the Wish or was hit by the Hex. The bots'
keep odds (`evaluate.KEEP_ODDS`) are these figures.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys

from wish_tui.spirits import rules
from wish_tui.spirits.bots import make_bot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    kept = collections.Counter()
    good = collections.Counter()
    n = args.seats
    for g in range(args.games):
        seed = args.seed + g
        pick = random.Random(seed)
        state = rules.new_game(list(rules.SEATS[:n]), seed=seed, modules=rules.MODULES)
        bots = [make_bot("medium", seed * 31 + s) for s in range(n)]
        while not state.is_over:
            seat = state.current_player
            legal = state.legal_actions()
            if legal[0].kind == "keep":
                action = pick.choice(legal)
            else:
                action = bots[seat].choose(state.view(seat), legal)
            state = state.apply(action)
        scores = state.final_scores()["seats"]
        for s in range(n):
            kept[state.wish[s]] += 1
            good[state.wish[s]] += scores[s]["wish_met"]
            kept[state.hex[s]] += 1
            good[state.hex[s]] += not scores[s]["hex_met"]
        sys.stderr.write(f"\r{g + 1}/{args.games}")
    sys.stderr.write("\n")
    print(f"{args.games} games of {n} medium bots, random keeps, seeds from {args.seed}")
    for name in list(rules.CATALOG.wishes) + list(rules.CATALOG.hexes):
        what = "met" if name in rules.CATALOG.wishes else "hit"
        rate = good[name] / kept[name] if kept[name] else 0.0
        print(f"  {name:18} kept {kept[name]:4}  {what} {rate:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
