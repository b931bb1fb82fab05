"""Wish's look-ahead before and after a change meant only to make it cheaper: the same choices?

Run (a copy of the code before the change, e.g. ``git archive main | tar -x -C /tmp/ws-before``):

    nice -n 10 python benchmarks/wish_lookahead.py --before /tmp/ws-before

plays `--games` seeded four-seat games of hard bots (seeds SEED, SEED + 1, ...; each bot at its
default budget, counted in engine applies) for `--decisions` decisions each, then searches
`--searched` of seat 0's decisions of the first game with the expert at `--iterations`; once with
the code in `--before` and once with the code of this checkout (`--after`, by default), each in
its own process. It checks that every choice is the same (the hard bot's action and the engine
applies it made; the expert's action and every root move's visits and mean reward, exactly),
and prints the processor time (`time.process_time`) a hard decision took and the expert's
iterations a second, before and after. `--rounds 2` plays both again, alternately, for steadier
times. `--think MS` also searches the same decisions with the expert's time budget (the default
is 1000 ms) and prints the iterations a decision made in it (these depend on the machine's load,
so they are not compared). It exits 1 when a choice differs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
SEATS = ("air", "water", "fire", "earth")


def record(args) -> dict:
    """Play and search with the code in `args.tree` (imported from there): every choice and
    its processor time."""
    sys.path.insert(0, args.tree)
    import wish_tui
    from wish_tui.wish import rules
    from wish_tui.wish.bots import make_bot
    from wish_tui.wish.bots.planner import work_counter

    hard, positions = [], []
    for game in range(args.games):
        seed = args.seed + game
        state = rules.new_game(list(SEATS[: args.seats]), seed)
        bots = [make_bot("hard", seed * 7 + s) for s in range(args.seats)]
        made = []
        while not state.is_over and len(made) < args.decisions:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            before, started = work_counter()[0], time.process_time()
            action = bots[seat].choose(view, legal)
            spent = time.process_time() - started
            made.append([str(action), work_counter()[0] - before, spent])
            if game == 0 and seat == 0 and len(legal) > 1 and view["phase"] == "play":
                positions.append((view, legal))
            state = state.apply(action, seat)
        hard.append(made)
    step = max(1, len(positions) // max(args.searched, 1))
    expert = []
    for view, legal in positions[::step][: args.searched]:
        bot = make_bot("expert", 7, iterations=args.iterations)
        started = time.process_time()
        action = bot.choose(view, legal)
        spent = time.process_time() - started
        stats = [[str(s.move), s.visits, repr(s.value)] for s in bot.last.stats]
        expert.append([str(action), stats, bot.last.iterations, spent])
    timed = []
    for view, legal in positions[::step][: args.searched] if args.think else ():
        bot = make_bot("expert", 7, args.think)
        bot.choose(view, legal)
        timed.append(bot.last.iterations)
    code = str(Path(wish_tui.__file__).parent.parent)
    return {"code": code, "hard": hard, "expert": expert, "timed": timed}


def run_tree(tree: str, args) -> dict:
    """`record` in a process of its own, with the code in `tree`."""
    command = [sys.executable, str(HERE), "--record", "--tree", tree]
    for name in ("games", "decisions", "seats", "seed", "searched", "iterations", "think"):
        command += [f"--{name}", str(getattr(args, name))]
    env = {**os.environ, "PYTHONPATH": tree}
    done = subprocess.run(command, env=env, cwd="/tmp", capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def choices(found: dict) -> tuple:
    """Everything that must not change: the choices, without their times."""
    hard = [[(a, work) for a, work, _ in game] for game in found["hard"]]
    expert = [(a, stats, n) for a, stats, n, _ in found["expert"]]
    return hard, expert


def first_difference(before: dict, after: dict) -> str:
    """Where the choices first differ ('' when they do not)."""
    (hard_a, exp_a), (hard_b, exp_b) = choices(before), choices(after)
    for game, (a, b) in enumerate(zip(hard_a, hard_b, strict=True)):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return f"game {game}, decision {index}: hard {x} before, {y} after"
        if len(a) != len(b):
            return f"game {game}: {len(a)} decisions before, {len(b)} after"
    for index, (x, y) in enumerate(zip(exp_a, exp_b, strict=True)):
        if x != y:
            return f"expert decision {index}: {x[0]} before, {y[0]} after (or its statistics)"
    return ""


def figures(runs: list[dict]) -> tuple[float, float, float, int, int]:
    """Over `runs` of one tree: mean and median ms of processor time a hard decision, the
    expert's iterations a second, and the counts of decisions and iterations."""
    times = [t for run in runs for game in run["hard"] for _, _, t in game]
    spent = sum(t for run in runs for *_, t in run["expert"])
    iterations = sum(n for run in runs for _, _, n, _ in run["expert"])
    return (
        1000 * statistics.fmean(times),
        1000 * statistics.median(times),
        iterations / spent if spent else 0.0,
        len(times) // len(runs),
        iterations // len(runs),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a copy of the code before the change")
    parser.add_argument("--after", default=str(HERE.parent.parent))
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--searched", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=70)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--think", type=int, default=0, help="ms; 0: no timed searches")
    parser.add_argument("--record", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.record:
        print(json.dumps(record(args)))
        return 0
    if not args.before:
        parser.error("--before is needed: a copy of the code before the change")
    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        for name in ("before", "after"):
            runs[name].append(run_tree(getattr(args, name), args))
    print(f"load average {os.getloadavg()[0]:.2f} (one minute) at the end")
    for name, found in runs.items():
        hard_mean, hard_median, rate, decisions, iterations = figures(found)
        print(
            f"{name:6} ({found[0]['code']}): hard {hard_mean:.0f} ms a decision (median "
            f"{hard_median:.0f}) over {decisions} decisions; expert {rate:.1f} iterations a "
            f"second over {iterations} iterations"
        )
        timed = [n for run in found for n in run["timed"]]
        if timed:
            print(
                f"{name:6} at {args.think} ms a decision: {statistics.fmean(timed):.0f} iterations "
                f"a decision (from {min(timed)} to {max(timed)}, {len(timed)} decisions)"
            )
    wrong = [first_difference(runs["before"][0], run) for run in runs["before"][1:] + runs["after"]]
    wrong = [w for w in wrong if w]
    if wrong:
        print(f"the choices differ: {wrong[0]}")
        return 1
    print("every choice is the same before and after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
