"""A round-robin of every bot level in one game, and the openskill rating each level earns.

Run: ``python benchmarks/ratings.py --game wish --games 10 --seed 5000 --out wish-rr.jsonl``
plays, for every pair of levels, `--games` two-seat games (the seats swapped every game, as
``wish-tui tournament`` does: `tournament.play_game`, the same seeds), and appends one JSON line
per game to `--out` (a run stopped half-way goes on from where it stopped). Then, or with
``--rate FILE...`` alone, it rates the levels from every game in the files with the club's own
model (`wish_tui.club.ratings`, Plackett-Luce), each level starting at mu 25, sigma 25/3,
the games taken in the order they were played, and prints a table (``--json`` one object;
``--toml`` the game's section of `wish_tui/club/bot_ratings.toml`, where the club's bot members
start from).
``--think MS`` / ``--iterations N`` set the expert's budget as in the tournament.
``--pairs hard-expert,medium-expert`` plays only those pairs: run again with a larger `--games`
and the same `--out`, it gives the pairs whose results are not foregone (the expert against
random or easy wins nearly every game and moves its rating little) more games than the rest.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui import games  # noqa: E402
from wish_tui.club import ratings  # noqa: E402
from wish_tui.core.bots import LEVELS  # noqa: E402
from wish_tui.tournament import play_game  # noqa: E402


def pairings(
    levels: tuple[str, ...], count: int, only: set[tuple[str, str]] | None = None
) -> list[tuple[int, str, str]]:
    """(game number, first seat, second seat) of every game: the pairs interleaved, so that a
    run stopped early has played each pair about as often; `only` keeps those pairs (each
    written in the order of `levels`)."""
    pairs = [p for p in itertools.combinations(levels, 2) if only is None or p in only]
    out = []
    for g in range(count):
        for a, b in pairs:
            out.append((g, a, b) if g % 2 == 0 else (g, b, a))
    return out


def play(args) -> None:
    spec = games.get(args.game)
    out = Path(args.out)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["g"], *row["levels"]))
    for g, a, b in pairings(LEVELS, args.games, args.pairs):
        if (g, a, b) in done:
            continue
        seed = args.seed + g // 2
        names = [spec.seats[(k + g // 2) % len(spec.seats)] for k in range(2)]
        result = play_game([a, b], names, seed, "", spec.name, None, args.think, args.iterations)
        scores = result["scores"]
        row = {
            "g": g,
            "levels": [a, b],
            "seed": seed,
            "totals": [s["total"] for s in scores["seats"]],
            "ranking": scores["ranking"],
            "ms_max": [round(max(t or [0.0]), 1) for t in result["times"]],
            "load": round(os.getloadavg()[0], 2),
        }
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(f"{g:3} {a:>6} {b:<6} {row['totals']} load {row['load']}", flush=True)


def rate(paths: list[str]) -> dict:
    """Every level's rating from the games in `paths`, in the order they were played."""
    current = {level: (ratings.MU, ratings.SIGMA) for level in LEVELS}
    played = dict.fromkeys(LEVELS, 0)
    wins = dict.fromkeys(LEVELS, 0.0)
    for path in paths:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            levels = row["levels"]
            places = ratings.places(row["ranking"], len(levels), [""] * len(levels))
            after = ratings.rate([current[lv] for lv in levels], places)
            for level, value, place in zip(levels, after, places, strict=True):
                current[level] = value
                played[level] += 1
                first = places.count(1)
                wins[level] += (1 / first) if place == 1 else 0.0
    return {
        level: {
            "mu": round(mu, 2),
            "sigma": round(sigma, 2),
            "ordinal": round(ratings.ordinal(mu, sigma), 2),
            "games": played[level],
            "win_rate": round(wins[level] / played[level], 3) if played[level] else None,
        }
        for level, (mu, sigma) in current.items()
    }


def parse_pairs(text: str) -> set[tuple[str, str]]:
    """`hard-expert,medium-expert` as pairs in the order of LEVELS."""
    pairs = set()
    for item in text.split(","):
        a, _, b = item.strip().partition("-")
        if a not in LEVELS or b not in LEVELS or a == b:
            raise argparse.ArgumentTypeError(
                f"{item!r} is not a pair of two levels (LEVEL-LEVEL, from {', '.join(LEVELS)})"
            )
        pairs.add((a, b) if LEVELS.index(a) < LEVELS.index(b) else (b, a))
    return pairs


def head_to_head(paths: list[str]) -> dict[tuple[str, str], tuple[int, float]]:
    """For every pair of levels that met (in the order of LEVELS): the games, and the higher
    level's wins (a tie for first counts half)."""
    out: dict[tuple[str, str], tuple[int, float]] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            levels = row["levels"]
            places = ratings.places(row["ranking"], len(levels), [""] * len(levels))
            high = max(range(len(levels)), key=lambda k: LEVELS.index(levels[k]))
            pair = tuple(sorted(levels, key=LEVELS.index))
            games_, wins = out.get(pair, (0, 0.0))
            won = 1 / places.count(1) if places[high] == 1 else 0.0
            out[pair] = (games_ + 1, wins + won)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=games.DEFAULT, choices=games.names())
    parser.add_argument("--games", type=int, default=10, help="games per pair of levels")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--out", help="the file of games played (JSON lines), appended to")
    parser.add_argument("--think", type=int, help="the expert's time per decision in ms")
    parser.add_argument("--iterations", type=int, help="the expert's iterations per decision")
    parser.add_argument(
        "--pairs", type=parse_pairs, help="only these pairs of levels: LEVEL-LEVEL,..."
    )
    parser.add_argument("--rate", nargs="+", metavar="FILE", help="only rate these files")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--toml", action="store_true", help="the game's section of bot_ratings")
    args = parser.parse_args()
    if not args.rate:
        if not args.out:
            parser.error("--out FILE is needed to play (or --rate FILE... to rate)")
        play(args)
    table = rate(args.rate or [args.out])
    if args.json:
        print(json.dumps(table))
        return 0
    if args.toml:
        print(f"[{args.game}]")
        for level in LEVELS:
            print(f"{level} = {{ mu = {table[level]['mu']}, sigma = {table[level]['sigma']} }}")
        return 0
    print(f"{'level':8} {'games':>6} {'win%':>6} {'mu':>7} {'sigma':>6} {'ordinal':>8}")
    for level, r in sorted(table.items(), key=lambda kv: -kv[1]["mu"]):
        win = "" if r["win_rate"] is None else f"{100 * r['win_rate']:.1f}"
        print(
            f"{level:8} {r['games']:>6} {win:>6} {r['mu']:>7.2f} {r['sigma']:>6.2f} "
            f"{r['ordinal']:>8.2f}"
        )
    print("\nthe higher level's wins by pair")
    for (low, high), (played, won) in sorted(
        head_to_head(args.rate or [args.out]).items(),
        key=lambda kv: (-LEVELS.index(kv[0][1]), -LEVELS.index(kv[0][0])),
    ):
        print(f"{high:>6} against {low:<6} {won:g} of {played} ({100 * won / played:.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
