"""A tournament's games played one at a time, each written as it ends, and their figures.

Run: ``nice -n 19 python benchmarks/expert_match.py --game spirits --seats expert,hard --games 40
--seed 7001 --out spirits-2.jsonl`` plays the games ``wish-tui tournament`` would play with the
same arguments (the same seeds, the seats rotated game by game as `tournament.run_seats` does)
and appends one JSON line per game to `--out`, with the one-minute load average as it ended; a
run stopped half-way goes on from where it stopped. ``--summary FILE`` alone prints the first
level's figures from the games in the file: its wins (a tie counts its share), the 95 % Wilson
interval of its win rate, mean scores, its mean place (1 the first) and in how many games it
scored more than the others' mean, the decision times and the load.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui import games  # noqa: E402
from wish_tui.tournament import play_game  # noqa: E402


def seating(levels: list[str], names: tuple[str, ...], g: int) -> tuple[list[str], list[str]]:
    """The levels and seat names of game `g`, as `tournament.run_seats` seats them."""
    n = len(levels)
    shift = g % n
    return levels[shift:] + levels[:shift], [names[(k + g // n) % len(names)] for k in range(n)]


def play(args) -> None:
    spec = games.get(args.game)
    levels = args.seats.split(",")
    out = Path(args.out)
    done = (
        {json.loads(line)["g"] for line in out.read_text().splitlines()} if out.exists() else set()
    )
    for g in range(args.games):
        if g in done:
            continue
        seated, names = seating(levels, spec.seats, g)
        result = play_game(
            seated, names, args.seed + g, "", spec.name, None, args.think, args.iterations
        )
        scores = result["scores"]
        row = {
            "g": g,
            "seed": args.seed + g,
            "levels": seated,
            "totals": [s["total"] for s in scores["seats"]],
            "winners": scores["winners"],
            "ms": [[round(t, 1) for t in times] for times in result["times"]],
            "load": round(os.getloadavg()[0], 2),
        }
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(f"{g:3} {seated} {row['totals']} winners {row['winners']} load {row['load']}")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def place(score: int, others: list[int]) -> float:
    """Where a score finishes among the others' (1 the first; a tie shares its places; the
    final scores' tie-breaks are not counted): (seats + 1) / 2 on average at equal strength."""
    return 1 + sum(t > score for t in others) + sum(t == score for t in others) / 2


def summary(path: str, level: str) -> dict:
    """The figures of `level` (its first seat in each game) from the games in `path`."""
    rows = [json.loads(line) for line in Path(path).read_text().splitlines()]
    wins, mine, others, places, above, times, other_times = 0.0, [], [], [], 0, [], []
    for row in rows:
        seat = -row["g"] % len(row["levels"])  # where `seating` put the measured level
        if seat in row["winners"]:
            wins += 1 / len(row["winners"])
        mine.append(row["totals"][seat])
        theirs = [t for k, t in enumerate(row["totals"]) if k != seat]
        others.extend(theirs)
        places.append(place(mine[-1], theirs))
        above += mine[-1] > statistics.fmean(theirs)
        times.extend(row["ms"][seat])
        other_times.extend(t for k, ms in enumerate(row["ms"]) if k != seat for t in ms)
    low, high = wilson(wins, len(rows))
    loads = [row["load"] for row in rows]
    return {
        "level": level,
        "games": len(rows),
        "wins": wins,
        "win_rate": round(wins / max(len(rows), 1), 3),
        "interval": [round(low, 3), round(high, 3)],
        "mean_score": round(statistics.fmean(mine), 1) if mine else None,
        "others_mean_score": round(statistics.fmean(others), 1) if others else None,
        "mean_place": round(statistics.fmean(places), 2) if places else None,
        "above_others_mean": above,
        "ms_median_max": [round(statistics.median(times)), round(max(times))] if times else None,
        "others_ms_median_max": (
            [round(statistics.median(other_times)), round(max(other_times))]
            if other_times
            else None
        ),
        "load_min_max": [min(loads), max(loads)] if loads else None,
    }


def margins(path: str) -> dict[int, float]:
    """Each game's margin of the measured level (the first of `--seats`) over the best other
    seat, by game number: game g seats it at place -g mod n, as `seating` rotates the levels."""
    out = {}
    for line in Path(path).read_text().splitlines():
        row = json.loads(line)
        seat = -row["g"] % len(row["levels"])
        others = [t for k, t in enumerate(row["totals"]) if k != seat]
        out[row["g"]] = row["totals"][seat] - max(others)
    return out


def paired(path: str, reference: str) -> dict:
    """The measured level's margin against the margin its seat had in `reference` (the same
    games with another level in that seat): the mean difference and its 95 % interval."""
    mine, theirs = margins(path), margins(reference)
    common = sorted(set(mine) & set(theirs))
    diffs = [mine[g] - theirs[g] for g in common]
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else None
    return {
        "games": len(common),
        "margins": [mine[g] for g in common],
        "reference_margins": [theirs[g] for g in common],
        "mean_difference": round(mean, 1),
        "interval": None if half is None else [round(mean - half, 1), round(mean + half, 1)],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=games.DEFAULT, choices=games.names())
    parser.add_argument("--seats", default="expert,hard", help="levels, the measured one first")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--out", help="the file of games played (JSON lines), appended to")
    parser.add_argument("--think", type=int, help="the expert's time per decision in ms")
    parser.add_argument("--iterations", type=int, help="the expert's iterations per decision")
    parser.add_argument("--summary", metavar="FILE", help="only the figures of these games")
    parser.add_argument(
        "--against", metavar="FILE", help="with --summary: the same games with another level"
    )
    args = parser.parse_args()
    level = args.seats.split(",")[0]
    if not args.summary:
        if not args.out:
            parser.error("--out FILE is needed to play (or --summary FILE)")
        play(args)
    print(json.dumps(summary(args.summary or args.out, level)))
    if args.against:
        print(json.dumps(paired(args.summary or args.out, args.against)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
