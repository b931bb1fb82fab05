"""Headless Wishland games between bot levels, with figures per level.

Run: ``python benchmarks/wishland_bots.py --levels hard,medium --games 200 [--seed 1]
[--entrepreneurs] [--tiles] [--think-ms MS] [--clock wall|cpu] [--json]`` or ``--solo --levels
random,easy,medium,hard --games 40``. ``--clock cpu`` times each decision in CPU time of this
process, which other programs on the machine do not inflate.

Seats are rotated from game to game so that every level plays every seat equally often (with
two levels, seats swap every game). Each bot sees only its seat's view and the legal actions;
this script alone holds the State, checks every choice against ``legal_actions()`` and applies
it through ``apply(action, seat)``.

Figures printed per level: games, wins (ties split), win rate, average score, median and worst
decision time in ms, and across all games the stalls and illegal moves (a game with either is
stopped and counted, not raised). ``--solo`` plays each level alone and prints its solo score.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.wishland import rules  # noqa: E402
from wish_tui.wishland.bots import LEVELS, make_bot  # noqa: E402

MAX_DECISIONS = 4000
"""A game that needs more decisions than this has stalled (a whole game takes 100-300)."""


def play_game(
    levels: list[str],
    seats: list[str],
    seed: int,
    options: dict | None = None,
    solo: bool = False,
    think_ms: int | None = None,
    clock=time.perf_counter,
) -> dict:
    """Play one headless game; return the scores, each seat's decision times and any fault.

    Args:
        levels: the bot level of each seat.
        seats: the player colour of each seat (one with `solo`).
        seed: the game's seed; bot seeds derive from it.
        options: ``entrepreneurs`` and ``achievement_tiles`` (both False when omitted).
        solo: a solo game.
        think_ms: the hard bot's think budget (its default when None).
        clock: what times a decision, in seconds (wall time unless told).

    Returns:
        ``{"scores": final_scores() or None, "times": [[ms, ...] per seat], "stall": bool,
        "illegal": "" or a description, "decisions": n}``.
    """
    options = options or {}
    state = rules.new_game(
        list(seats),
        seed=seed,
        entrepreneurs=bool(options.get("entrepreneurs")),
        achievement_tiles=bool(options.get("achievement_tiles")),
        solo=solo,
    )
    bots = [make_bot(level, seed * 31 + seat, think_ms) for seat, level in enumerate(levels)]
    times: list[list[float]] = [[] for _ in levels]
    result = {"scores": None, "times": times, "stall": False, "illegal": "", "decisions": 0}
    for n in range(MAX_DECISIONS):
        if state.is_over:
            result["decisions"] = n
            result["scores"] = state.final_scores()
            return result
        seat = state.current_player
        legal = state.legal_actions()
        started = clock()
        action = bots[seat].choose(state.view(seat), list(legal))
        times[seat].append((clock() - started) * 1000)
        if action not in legal:
            result["illegal"] = f"seed {seed}: {levels[seat]} chose '{action}'"
            return result
        state = state.apply(action, seat)
    result["stall"] = True
    return result


def run_seats(
    levels, games, seed, options, think_ms=None, progress=None, clock=time.perf_counter
) -> dict:
    """Play `games` games between `levels`, rotating seats; return the figures per level."""
    n = len(levels)
    stats = {level: _blank() for level in dict.fromkeys(levels)}
    faults = {"stalls": 0, "illegal": 0, "examples": []}
    for g in range(games):
        shift = g % n
        seated = levels[shift:] + levels[:shift]
        result = play_game(seated, list(rules.SEATS[:n]), seed + g, options, False, think_ms, clock)
        for seat, level in enumerate(seated):
            stats[level]["times"].extend(result["times"][seat])
        if result["stall"] or result["illegal"]:
            faults["stalls"] += result["stall"]
            faults["illegal"] += bool(result["illegal"])
            faults["examples"].append(result["illegal"] or f"seed {seed + g}: stalled")
            continue
        scores = result["scores"]
        winners = scores["winners"]
        for seat, level in enumerate(seated):
            entry = stats[level]
            entry["seats"] += 1
            entry["score"] += scores["seats"][seat]["total"]
            if seat in winners:
                entry["wins"] += 1 / len(winners)
        if progress:
            progress(g + 1, games)
    return {
        "games": games,
        "seats": n,
        "options": options,
        "levels": {lv: _summary(e) for lv, e in stats.items()},
        **faults,
    }


def run_solo(
    levels, games, seed, options, think_ms=None, progress=None, clock=time.perf_counter
) -> dict:
    """Play `games` solo games with each level; return its scores."""
    result = {"games": games, "solo": True, "options": options, "levels": {}}
    faults = {"stalls": 0, "illegal": 0, "examples": []}
    done = 0
    for level in dict.fromkeys(levels):
        entry = _blank()
        for g in range(games):
            played = play_game([level], ["green"], seed + g, options, True, think_ms, clock)
            entry["times"].extend(played["times"][0])
            done += 1
            if progress:
                progress(done, games * len(levels))
            if played["stall"] or played["illegal"]:
                faults["stalls"] += played["stall"]
                faults["illegal"] += bool(played["illegal"])
                faults["examples"].append(played["illegal"] or f"seed {seed + g}: stalled")
                continue
            entry["seats"] += 1
            entry["score"] += played["scores"]["solo"]["score"]
            entry["scores"].append(played["scores"]["solo"]["score"])
        summary = _summary(entry)
        del summary["wins"], summary["win_rate"]
        summary["score_sd"] = round(statistics.pstdev(entry["scores"] or [0]), 2)
        result["levels"][level] = summary
    result.update(faults)
    return result


def _blank() -> dict:
    return {"seats": 0, "wins": 0.0, "score": 0, "times": [], "scores": []}


def _summary(e: dict) -> dict:
    seats = max(e["seats"], 1)
    times = e["times"] or [0.0]
    return {
        "games": e["seats"],
        "wins": round(e["wins"], 2),
        "win_rate": round(e["wins"] / seats, 3),
        "avg_score": round(e["score"] / seats, 2),
        "decision_ms_median": round(statistics.median(times), 2),
        "decision_ms_max": round(max(times), 2),
    }


def table(result: dict) -> str:
    """The figures as a text table."""
    solo = result.get("solo")
    head = f"{'level':8} {'games':>6} "
    head += f"{'sd':>6} " if solo else f"{'wins':>7} {'win%':>6} "
    head += f"{'score':>6} {'med ms':>7} {'max ms':>8}"
    lines = [head]
    for level, s in result["levels"].items():
        row = f"{level:8} {s['games']:>6} "
        row += (
            f"{s['score_sd']:>6.1f} "
            if solo
            else f"{s['wins']:>7.1f} {100 * s['win_rate']:>5.1f}% "
        )
        row += (
            f"{s['avg_score']:>6.1f} {s['decision_ms_median']:>7.2f} {s['decision_ms_max']:>8.1f}"
        )
        lines.append(row)
    lines.append(f"stalls {result['stalls']}, illegal moves {result['illegal']}")
    lines.extend(f"  {x}" for x in result["examples"][:5])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="hard,medium", help="comma-separated bot levels")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--entrepreneurs", action="store_true")
    parser.add_argument("--tiles", action="store_true", help="use the Achievement Tiles")
    parser.add_argument("--solo", action="store_true", help="each level plays solo games")
    parser.add_argument("--think-ms", type=int, default=None, help="the hard bot's budget")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time decisions by wall time or by this process's CPU time",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"'{level}' is not a bot level; choose from {', '.join(LEVELS)}")
    if not args.solo and not 2 <= len(levels) <= 4:
        parser.error("--levels must list 2 to 4 levels (one per seat)")
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = {"entrepreneurs": args.entrepreneurs, "achievement_tiles": args.tiles}

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\r{done}/{total} games")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    run = run_solo if args.solo else run_seats
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    result = run(levels, args.games, args.seed, options, args.think_ms, progress, clock)
    if args.json:
        print(json.dumps(result))
    else:
        what = "solo games per level" if args.solo else f"games, levels {','.join(levels)} rotated"
        extras = [k for k, v in options.items() if v]
        print(
            f"{args.games} {what}, seeds from {args.seed}"
            + (f", {'+'.join(extras)}" if extras else "")
        )
        print(table(result))
    return 1 if result["stalls"] or result["illegal"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
