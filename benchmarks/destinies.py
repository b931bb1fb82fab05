"""Measure what each Destiny pays a bot: the Destiny VP at the end of two-seat games.

Run: ``python benchmarks/destinies.py [--level medium] [--games N] [--seed S] [--jobs J]``

Both seats are played by the same bot level; Djinns rotate as in ``wish-tui tournament`` and
every game has its own seed. Printed, per Destiny kept: how often it was kept and the Destiny VP
it paid on average, then the average number of Wishes fulfilled. The hard bot's Destiny choice
(``destiny.destiny_prospect``) was calibrated on these figures (see benchmarks/bots.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.tournament import play_game  # noqa: E402
from wish_tui.wish.bots import LEVELS  # noqa: E402
from wish_tui.wish.rules import DJINNS  # noqa: E402


def play(job: tuple) -> list[tuple[str, int, int]]:
    """Play game `g`; return each seat's Destiny, the VP it paid and the Wishes fulfilled."""
    level, g, seed = job
    djinns = [DJINNS[(k + g // 2) % 4] for k in range(2)]
    scores = play_game([level, level], djinns, seed + g)["scores"]
    return [(s["destiny"], s["steps"]["destiny"], s["wishes_count"]) for s in scores["seats"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="medium", choices=LEVELS)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2, help="processes to play games in")
    args = parser.parse_args()
    started = time.perf_counter()
    jobs = [(args.level, g, args.seed) for g in range(args.games)]
    with Pool(args.jobs) as pool:
        results = pool.map(play, jobs, chunksize=4)
    paid: dict[str, list[int]] = defaultdict(list)
    fulfilled = []
    for seats in results:
        for destiny, vp, count in seats:
            paid[destiny].append(vp)
            fulfilled.append(count)
    print(f"{args.games} games of {args.level} against {args.level}, seeds from {args.seed}")
    print(f"{'Destiny':22} {'kept':>5} {'VP paid':>8}")
    for destiny, vps in sorted(paid.items()):
        print(f"{destiny:22} {len(vps):5} {sum(vps) / len(vps):8.2f}")
    print(
        f"Wishes fulfilled per seat: {sum(fulfilled) / len(fulfilled):.2f} "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
