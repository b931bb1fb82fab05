"""Balance figures for Wishland's designed cards: seeded games between simple policies.

Run: ``python benchmarks/wishland_balance.py [--games N] [--seats 4]
[--policy greedy|random|medium|hard] [--entrepreneurs] [--tiles] [--solo]``

Policies:

- ``random``: uniform over the legal actions;
- ``greedy``: one ply of lookahead (solo: each turn draws a card, looks at up to 3 with the
  free draws and plays the best by the same valuation, or uses the Advertisement Space). Each legal action is applied and the position is valued for
  the acting seat as its provisional score (every Final Scoring step counted now) plus what its
  resources promise for the rounds left: Credits, Income, Card Limit, Workers, the two tracks.
  A little noise breaks ties. It plays a sensible, not a strong, game.
- ``medium`` / ``hard``: the bots of `wish_tui.wishland.bots`, each seat given only its view.

``--focus happiness`` (or ``visitors``) makes the first seat also value each space of that
track, to see whether setting out to reach 10 pays.

Figures printed: mean and spread of the final scores and of each scoring step, cards bought per
seat by kind, how often a seat reaches 10 on the Happiness and Visitor Tracks, Achievements
claimed, the cards least and most often bought, and for each Hotel and Entrepreneur how often
its owner wins (ties split) and how far its owner's score lies above the table's mean.
docs/rules-decisions.md quotes them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.wishland import rules  # noqa: E402
from wish_tui.wishland.bots import make_bot  # noqa: E402
from wish_tui.wishland.rules import economy, scoring  # noqa: E402
from wish_tui.wishland.rules.tables import CARD_ID, KIND  # noqa: E402

KINDS = rules.KINDS


def value(state, seat: int) -> float:
    """What a position is worth to `seat`: its score now plus what its resources promise."""
    p = state.players[seat]
    left = max(0, 7 - state.round) + (0.5 if state.phase in ("order", "income") else 0)
    score = sum(scoring.score_steps(p).values())
    worth = score + 0.35 * p.credits
    worth += left * (0.3 * economy.income(p) + 0.6 * economy.card_limit(p))
    worth += left * 0.25 * (10 - p.reserve)
    worth += 0.3 * (p.happiness + p.visitors) * (1 if left else 0)
    return worth


FOCUS = ""
"""With --focus, the first seat also values each space of that track (happiness or visitors)
at 0.9 VP: a player who sets out to reach 10 on it."""


def greedy(rng: random.Random, state):
    """The action whose result `value` rates highest for the acting seat."""
    seat = state.current_player
    best, best_value = None, float("-inf")
    for action in state.legal_actions():
        after = state.apply(action)
        v = value(after, seat) + rng.random() * 0.3
        if FOCUS and seat == 0:
            v += 0.9 * getattr(after.players[0], FOCUS)
        if v > best_value:
            best, best_value = action, v
    return best


def solo_greedy(rng: random.Random, state):
    """Greedy, with the solo turn's shape: draw, look at up to 3 cards, play the best one."""
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    if not state.pending and state.phase == "turns":
        p = state.players[state.current_player]
        if state.stage == "start" and "draw" in kinds:
            return next(a for a in legal if a.kind == "draw")
        if state.stage == "more":
            if "move" in kinds and len(p.hand) < 3:
                return next(a for a in legal if a.kind == "move")
            if "draw" in kinds and len(p.hand) < 2 and p.workers > 1:
                return next(a for a in legal if a.kind == "draw")
            options = [a for a in legal if a.kind in ("play", "advertise")]
            return max(options, key=lambda a: value(state.apply(a), 0) + rng.random() * 0.3)
    return greedy(rng, state)


def random_policy(rng: random.Random, state):
    """Uniform over the legal actions."""
    return rng.choice(state.legal_actions())


def play(seats, seed: int, policy, **options):
    """Play one game to its end; return the final state. A `policy` named by a bot level
    plays each seat with a bot of that level, shown only the seat's view."""
    rng = random.Random(seed)
    state = rules.new_game(seats, seed=seed, **options)
    if isinstance(policy, str):
        bots = [make_bot(policy, seed * 31 + s) for s in range(len(seats))]
        while not state.is_over:
            seat = state.current_player
            action = bots[seat].choose(state.view(seat), state.legal_actions())
            state = state.apply(action, seat)
        return state
    while not state.is_over:
        state = state.apply(policy(rng, state))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--policy", choices=("greedy", "random", "medium", "hard"), default="greedy"
    )
    parser.add_argument("--entrepreneurs", action="store_true")
    parser.add_argument("--tiles", action="store_true")
    parser.add_argument("--solo", action="store_true")
    parser.add_argument("--focus", choices=("happiness", "visitors"), default="")
    args = parser.parse_args()
    global FOCUS
    FOCUS = args.focus
    policy = random_policy
    if args.policy == "greedy":
        policy = solo_greedy if args.solo else greedy
    elif args.policy in ("medium", "hard"):
        policy = args.policy
    seats = ["green"] if args.solo else list(rules.SEATS[: args.seats])
    totals, steps, kinds = [], Counter(), Counter()
    first_totals, first_reach = [], 0
    happy = visit = claims = 0
    bought: Counter = Counter()
    owners: dict[str, list[float]] = {}
    """Per Hotel and Entrepreneur: (win share, score above the table's mean) of each owner."""
    n_seats = 0
    for g in range(args.games):
        state = play(
            seats,
            args.seed + g,
            policy,
            entrepreneurs=args.entrepreneurs,
            achievement_tiles=args.tiles,
            solo=args.solo,
        )
        scores = state.final_scores()
        claims += sum(1 for c in state.claimed if c >= 0)
        first_totals.append(scores["seats"][0]["total"])
        if args.focus:
            first_reach += getattr(state.players[0], args.focus) >= 10
        mean = statistics.mean(e["total"] for e in scores["seats"])
        winners = scores["winners"]
        for entry, p in zip(scores["seats"], state.players, strict=True):
            share = 1 / len(winners) if entry["seat"] in winners else 0.0
            held = [CARD_ID[c] for c in p.park if KIND[c] == 3]
            if entry["entrepreneur"]:
                held.append(entry["entrepreneur"])
            for name in held:
                owners.setdefault(name, []).append((share, entry["total"] - mean))
            n_seats += 1
            totals.append(entry["total"])
            steps.update(entry["steps"])
            happy += p.happiness >= 10
            visit += p.visitors >= 10
            for card in p.park:
                kinds[KINDS[KIND[card]]] += 1
                bought[CARD_ID[card]] += 1
    print(f"{args.games} games, {len(seats)} seat(s), policy {args.policy}")
    print(
        f"final score: mean {statistics.mean(totals):.1f}, sd {statistics.pstdev(totals):.1f}, "
        f"min {min(totals)}, max {max(totals)}"
    )
    print("per step (mean): " + ", ".join(f"{k} {steps[k] / n_seats:.1f}" for k in scoring.STEPS))
    print("cards per seat: " + ", ".join(f"{k} {kinds[k] / n_seats:.1f}" for k in KINDS))
    print(f"Happiness 10: {100 * happy / n_seats:.0f}%   Visitors 10: {100 * visit / n_seats:.0f}%")
    print(f"Achievements claimed per game: {claims / args.games:.1f} of 9")
    if args.focus:
        others = [t for i, t in enumerate(totals) if i % len(seats)]
        print(
            f"first seat, focused on {args.focus}: reaches 10 in "
            f"{100 * first_reach / args.games:.0f}% of games, scores "
            f"{statistics.mean(first_totals):.1f} (the others {statistics.mean(others):.1f})"
        )
    if len(seats) > 1:
        print(f"owners' wins (fair share {100 / len(seats):.0f}%) and score above the mean:")
        for group in ("G", "E"):
            rows = sorted(
                ((k, v) for k, v in owners.items() if k[0] == group),
                key=lambda kv: -statistics.mean(x[0] for x in kv[1]),
            )
            print(
                "  "
                + ", ".join(
                    f"{k} {100 * statistics.mean(x[0] for x in v):.0f}% "
                    f"{statistics.mean(x[1] for x in v):+.1f} (n={len(v)})"
                    for k, v in rows
                )
            )
    never = [c for c in CARD_ID if c not in bought]
    print(f"cards never bought: {len(never)} {' '.join(never[:30])}")
    print("most bought: " + ", ".join(f"{c} {n}" for c, n in bought.most_common(8)))


if __name__ == "__main__":
    main()
