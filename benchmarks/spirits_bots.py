"""Seeded headless games between Spirits of the Forest bot levels, with figures per level.

    python benchmarks/spirits_bots.py --seats hard,medium --games 400 --seed 1 [--modules wishes,hexes]
    python benchmarks/spirits_bots.py --seats hard,medium,easy,random --games 500 --seed 1
    python benchmarks/spirits_bots.py --solo standard --levels random,easy,medium,hard --games 200
    ... [--json] [--think-ms N] [--clock wall|cpu] [--retime]

Every deal is played once per rotation of the seats (two seats: once each way round), so every
level plays every seat, element and turn order equally often on the same forests. Each bot sees
only its seat's view and the legal actions; this script alone holds the State. Printed per level:
games, wins (ties split), win rate, average score, the median and worst decision time, stalls (a
game still going after MAX_DECISIONS decisions) and illegal choices (refused, replaced by the
first legal action so the game can finish, and counted). `--solo LEVEL` plays solo games at that
difficulty with each bot level and prints its win rate and points. `--clock cpu` times each
decision by this process's CPU time, which is what the wall clock shows with one process per
core, whatever else the machine is doing. Even CPU time counts what is not the decision's own: a
full garbage collection that falls in it, and time the machine took the core away without saying
so. `--retime` keeps each level's SLOWEST slowest decisions (the position and the bot's generator)
and runs each again RETIMES times after the games; the slowest of their fastest runs is the worst
decision's own cost.

`play_game` is the one place a game is played; the app's tournament can reuse it.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import statistics
import sys
import time

from wish_tui.spirits import rules
from wish_tui.spirits.bots import LEVELS, make_bot

SEATS = rules.SEATS
MAX_DECISIONS = 600
"""A game between seats has about 70-110 decisions; one still going after this has stalled."""
SLOWEST = 20
"""How many of each level's slowest decisions `--retime` runs again."""
RETIMES = 5
"""How many times `--retime` runs each of them."""
_TICKET = itertools.count()


def play_game(
    levels: list[str],
    seats: list[str],
    seed: int,
    modules: tuple[str, ...] = (),
    solo: str | None = None,
    think_ms: int | None = None,
    clock=time.perf_counter,
    bots: list | None = None,
    slowest: dict | None = None,
) -> dict:
    """Play one seeded game between bots; return its scores and what each seat did.

    Args:
        levels: the bot level of each seat, in seat order.
        seats: the element of each seat (one element for a solo game).
        seed: the game's seed; bot `s` is seeded with `seed * 31 + s`.
        modules: the modules in play (not in solo).
        solo: the solo difficulty for a game of one seat, else None.
        think_ms: the hard bot's think budget (None: its default).
        clock: what times each decision (the bots never read it).
        bots: ready-made bots, one per seat, instead of `make_bot` of each level.
        slowest: if given, per level a heap of its SLOWEST slowest decisions so far (time,
            ticket, state, seat, the bot's generator state), which this game's decisions join.

    Returns:
        {"scores": final_scores(), "decisions": n, "stalled": bool, "illegal": [per seat],
        "times": [per seat: decision times in ms]}
    """
    state = rules.new_game(list(seats), seed=seed, modules=modules, solo=solo)
    if bots is None:
        bots = [make_bot(level, seed * 31 + s, think_ms) for s, level in enumerate(levels)]
    times: list[list[float]] = [[] for _ in levels]
    illegal = [0] * len(levels)
    decisions = 0
    while not state.is_over and decisions < MAX_DECISIONS:
        seat = state.current_player
        legal = state.legal_actions()
        before = bots[seat].rng.getstate() if slowest is not None else None
        started = clock()
        action = bots[seat].choose(state.view(seat), list(legal))
        elapsed = (clock() - started) * 1000
        times[seat].append(elapsed)
        if slowest is not None:
            heap = slowest.setdefault(levels[seat], [])
            entry = (elapsed, next(_TICKET), state, seat, before)
            if len(heap) < SLOWEST:
                heapq.heappush(heap, entry)
            elif elapsed > heap[0][0]:
                heapq.heapreplace(heap, entry)
        decisions += 1
        if not isinstance(action, rules.Action) or action not in legal:
            illegal[seat] += 1
            action = legal[0]
        state = state.apply(action, seat)
    stalled = not state.is_over
    return {
        "scores": state.final_scores(),
        "decisions": decisions,
        "stalled": stalled,
        "illegal": illegal,
        "times": times,
    }


def retime(slowest: dict, think_ms: int | None = None, clock=time.perf_counter) -> dict:
    """Run each kept decision RETIMES times again; per level, the slowest of their fastest runs.

    A fresh bot with the generator state the original had makes the same choice from the same
    view (the hard bot's budget is counted in engine applies), so only the clock can differ; the
    fastest of several runs leaves out collections and lost time slices. A hard bot that only
    followed the plan it made earlier in its turn makes that plan again here, so this errs slow.
    """
    out = {}
    for level, heap in slowest.items():
        worst = 0.0
        for _, _, state, seat, generator in heap:
            legal = list(state.legal_actions())
            fastest = float("inf")
            for _ in range(RETIMES):
                bot = make_bot(level, 0, think_ms)
                bot.rng.setstate(generator)
                started = clock()
                bot.choose(state.view(seat), legal)
                fastest = min(fastest, (clock() - started) * 1000)
            worst = max(worst, fastest)
        out[level] = round(worst, 2)
    return out


def _blank() -> dict:
    return {"games": 0, "wins": 0.0, "score": 0, "times": [], "illegal": 0}


def _summary(entry: dict) -> dict:
    games = max(entry["games"], 1)
    times = entry["times"] or [0.0]
    p99 = statistics.quantiles(times, n=100)[98] if len(times) > 1 else times[0]
    return {
        "games": entry["games"],
        "wins": round(entry["wins"], 2),
        "win_rate": round(entry["wins"] / games, 4),
        "avg_score": round(entry["score"] / games, 2),
        "decision_ms_median": round(statistics.median(times), 3),
        "decision_ms_p99": round(p99, 2),
        "decision_ms_max": round(max(times), 2),
        "decisions": len(entry["times"]),
        "illegal": entry["illegal"],
    }


def run_seats(
    levels: list[str],
    games: int,
    seed: int,
    modules: tuple[str, ...] = (),
    think_ms: int | None = None,
    progress=None,
    clock=time.perf_counter,
    slowest: dict | None = None,
) -> dict:
    """Play `games` games between `levels`, each deal once per rotation of the seats."""
    n = len(levels)
    stats = {level: _blank() for level in dict.fromkeys(levels)}
    stalls = 0
    decisions = []
    for g in range(games):
        shift = g % n
        deal = seed + g // n
        seated = levels[shift:] + levels[:shift]
        elements = [SEATS[(k + shift) % 4] for k in range(n)]
        result = play_game(seated, elements, deal, modules, None, think_ms, clock, slowest=slowest)
        stalls += result["stalled"]
        decisions.append(result["decisions"])
        scores = result["scores"]
        winners = scores["winners"]
        for s, level in enumerate(seated):
            entry = stats[level]
            entry["games"] += 1
            entry["score"] += scores["seats"][s]["total"]
            entry["times"].extend(result["times"][s])
            entry["illegal"] += result["illegal"][s]
            if s in winners and not result["stalled"]:
                entry["wins"] += 1 / len(winners)
        if progress:
            progress(g + 1, games)
    return {
        "games": games,
        "seed": seed,
        "seats": levels,
        "modules": list(modules),
        "stalls": stalls,
        "decisions_max": max(decisions),
        "levels": {level: _summary(entry) for level, entry in stats.items()},
    }


def run_solo(
    difficulty: str,
    levels: list[str],
    games: int,
    seed: int,
    think_ms: int | None = None,
    progress=None,
    clock=time.perf_counter,
    slowest: dict | None = None,
) -> dict:
    """Play `games` solo games at `difficulty` with each of `levels`; win rates and points."""
    out = {"games": games, "seed": seed, "solo": difficulty, "stalls": 0, "levels": {}}
    done = 0
    for level in dict.fromkeys(levels):
        entry = _blank()
        titles: dict[str, int] = {}
        for g in range(games):
            element = SEATS[g % 4]
            result = play_game(
                [level], [element], seed + g, (), difficulty, think_ms, clock, slowest=slowest
            )
            out["stalls"] += result["stalled"]
            solo = result["scores"]["solo"]
            entry["games"] += 1
            entry["wins"] += solo["verdict"] == "win"
            entry["score"] += solo["points"]
            entry["times"].extend(result["times"][0])
            entry["illegal"] += result["illegal"][0]
            titles[solo["title"]] = titles.get(solo["title"], 0) + 1
            done += 1
            if progress:
                progress(done, games * len(set(levels)))
        summary = _summary(entry)
        summary["titles"] = titles
        out["levels"][level] = summary
    return out


def _table(result: dict) -> str:
    head = f"{'level':8} {'games':>6} {'wins':>7} {'win%':>7} {'score':>6} "
    head += f"{'med ms':>7} {'p99 ms':>7} {'max ms':>8} {'illegal':>7}"
    retimed = all("decision_ms_max_retimed" in s for s in result["levels"].values())
    if retimed:
        head += f" {'max ms retimed':>15}"
    lines = [head]
    for level, s in result["levels"].items():
        line = (
            f"{level:8} {s['games']:>6} {s['wins']:>7.1f} {100 * s['win_rate']:>6.1f}% "
            f"{s['avg_score']:>6.1f} {s['decision_ms_median']:>7.2f} {s['decision_ms_p99']:>7.2f} "
            f"{s['decision_ms_max']:>8.1f} {s['illegal']:>7}"
        )
        if retimed:
            line += f" {s['decision_ms_max_retimed']:>15.1f}"
        lines.append(line)
    lines.append(f"stalls: {result['stalls']}")
    return "\n".join(lines)


def _levels(text: str) -> list[str]:
    levels = [x.strip().lower() for x in text.split(",") if x.strip()]
    for level in levels:
        if level not in LEVELS:
            raise SystemExit(f"'{level}' is not a bot level; choose from {', '.join(LEVELS)}.")
    return levels


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\r{done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="hard,medium", help="2-4 bot levels, in seat order")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modules", default="", help="e.g. wishes,hexes")
    parser.add_argument("--solo", choices=rules.SOLO_LEVELS, help="play solo games instead")
    parser.add_argument("--levels", default=",".join(LEVELS), help="bot levels for --solo")
    parser.add_argument("--think-ms", type=int, default=None)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time decisions by the wall clock or by this process's CPU time",
    )
    parser.add_argument(
        "--retime",
        action="store_true",
        help=f"run each level's {SLOWEST} slowest decisions {RETIMES} times again after the games",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    progress = None if args.quiet else _progress
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    slowest = {} if args.retime else None
    if args.solo:
        result = run_solo(
            args.solo,
            _levels(args.levels),
            args.games,
            args.seed,
            args.think_ms,
            progress,
            clock,
            slowest,
        )
        title = (
            f"{args.games} solo games per level at {args.solo} difficulty, seeds from {args.seed}"
        )
    else:
        levels = _levels(args.seats)
        if not 2 <= len(levels) <= 4:
            raise SystemExit("--seats lists 2 to 4 bot levels, e.g. --seats hard,medium.")
        modules = tuple(m for m in args.modules.split(",") if m)
        result = run_seats(
            levels, args.games, args.seed, modules, args.think_ms, progress, clock, slowest
        )
        title = (
            f"{args.games} games, seats {','.join(levels)} rotated, deals from {args.seed}, "
            f"modules: {','.join(modules) or 'none'}"
        )
    result["clock"] = args.clock
    if slowest is not None:
        for level, worst in retime(slowest, args.think_ms, clock).items():
            result["levels"][level]["decision_ms_max_retimed"] = worst
    if args.json:
        print(json.dumps(result))
    else:
        print(title)
        print(_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
