"""What an expert's iteration costs: processor time a search iteration takes in one game.

Run: ``nice -n 10 python benchmarks/expert_rate.py --game spirits --seats 2 --iterations 100``
plays a game of hard bots, searches ten of seat 0's decisions spread over it with the expert at
`--iterations`, and prints the processor time (`time.process_time`, so another process's load
counts little) an iteration took and the iterations that 0.9 s of a core buys (the default 1 s
budget less the margin kept for what surrounds the search): the iterations count that stands for
the default budget on an idle machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui import games  # noqa: E402
from wish_tui.core.expert import MARGIN_S, THINK_MS  # noqa: E402

SEARCHED = 10
"""Decisions searched, spread over the game."""


def seat_decisions(spec, seats: int, seed: int, count: int) -> tuple[list, int]:
    """`count` of seat 0's decisions (its view, the legal actions and the hard bot's choice)
    spread over a game of hard bots, and how many it had (with more than one legal action)."""
    state = spec.new_state(list(spec.seats[:seats]), seed, "", spec.parse_options({}))
    bots = [spec.bots.make_bot("hard", s + 1) for s in range(seats)]
    decisions = []
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), list(legal))
        if seat == 0 and len(legal) > 1:
            decisions.append((state.view(0), list(legal), action))
        state = state.apply(action, seat)
    return decisions[:: max(1, len(decisions) // count)][:count], len(decisions)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=games.DEFAULT, choices=games.names())
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=4242)
    args = parser.parse_args()
    spec = games.get(args.game)
    chosen, total = seat_decisions(spec, args.seats, args.seed, SEARCHED)
    spent, iterations = 0.0, 0
    for view, legal, _ in chosen:
        bot = spec.bots.make_bot("expert", 7, None, args.iterations)
        started = time.process_time()
        bot.choose(view, legal)
        spent += time.process_time() - started
        iterations += bot.last.iterations if bot.last else 0
    budget = THINK_MS / 1000 - MARGIN_S
    print(
        f"{args.game}, {args.seats} seats: {len(chosen)} of seat 0's {total} decisions "
        f"searched, {iterations} iterations in {spent:.2f} s of processor time: "
        f"{1000 * spent / max(iterations, 1):.2f} ms each, {iterations / spent:.0f} a second, "
        f"{budget * iterations / spent:.0f} in {budget:g} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
