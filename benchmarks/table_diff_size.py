"""The table diff alone: its bytes and the processor time of its making, encoding, reading and
patching, with lists sent whole and as a list's diff, over the messages of random games.

Run: nice -n 10 python benchmarks/table_diff_size.py [--games 3] [--actions 120]
     PYTHONPATH=OTHER_TREE python benchmarks/table_diff_size.py ...   (another checkout's diff)

Plays `--games` random games of each game (two seats, seeded), and for each seat at each action
takes what a ``table`` message carries that changes with the game (the actions' count, the seat's
view and choices), diffs it from the one of the action before (`table_diff.diff`, the hub's
side), encodes the ``table_diff`` message as the hub does (`protocol.encode`), and reads it as an
app does (`protocol.decode`, then `table_diff.patch` on its own copy of the message before,
`marshal.loads`, as `Follower` keeps it). Prints, per game and per way: the mean bytes of a
message, and the microseconds per message of each step (the best of five passes over all).
"""

from __future__ import annotations

import argparse
import inspect
import marshal
import random
import time

from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.tables import table_diff
from wish_tui.tables.master import GameTable
from wish_tui.tables.protocol import decode, encode

LISTS = "lists" in inspect.signature(table_diff.diff).parameters


def pairs_of(game: str, games: int, actions: int) -> list[tuple[dict, dict]]:
    """(the message before, the message now) of each seat at each action of random games."""
    spec, pairs = GAMES[game], []
    for seed in range(games):
        record, state = GameRecord.new(list(spec.seats[:2]), seed, None, game, games=GAMES)
        table, rng, before = GameTable(record, [state]), random.Random(seed), {}
        for _ in range(actions):
            for seat in range(table.num_seats):
                now = {"type": "table", "table": "7", "actions": table.actions}
                now["view"], now["choices"] = table.view(seat), table.choices(seat).to_json()
                if seat in before:
                    pairs.append((before[seat], now))
                before[seat] = now
            if table.is_over:
                break
            seat = table.deciding
            table.play(seat, rng.choice(table.choices(seat).actions).notation)
    return pairs


def best(run, count: int) -> float:
    """The microseconds per message of `run` (over `count` messages), the best of five."""
    times = []
    for _ in range(5):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times) / count * 1e6


def measure(pairs: list[tuple[dict, dict]], lists: bool) -> str:
    made = (lambda old, new: table_diff.diff(old, new, lists)) if lists else table_diff.diff
    diffs = [made(old, new) for old, new in pairs]
    messages = [
        {"type": "table_diff", "table": "7", "n": 2, "base": 1, "changes": d} for d in diffs
    ]
    lines = [encode(message) for message in messages]
    copies = [marshal.dumps(old) for old, _ in pairs]
    for (old, new), changes in zip(pairs, diffs, strict=True):
        assert table_diff.patch(old, changes) == new
    count = len(pairs)
    steps = {
        "diff": best(lambda: [made(old, new) for old, new in pairs], count),
        "encode": best(lambda: [encode(message) for message in messages], count),
        "decode": best(lambda: [decode(line, 1 << 20) for line in lines], count),
        "copy": best(lambda: [marshal.loads(copy) for copy in copies], count),
        "patch": best(
            lambda: [table_diff.patch(old, d) for (old, _), d in zip(pairs, diffs, strict=True)],
            count,
        ),
    }
    size = sum(map(len, lines)) / count
    return f"{size:6.0f} B; " + ", ".join(f"{step} {us:5.1f}" for step, us in steps.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--actions", type=int, default=120)
    args = parser.parse_args()
    print("per message: bytes; microseconds of the hub's diff and encoding, the app's reading,")
    print("its copy of the message before (marshal) and the patch")
    for game in sorted(GAMES):
        pairs = pairs_of(game, args.games, args.actions)
        print(f"{game} ({len(pairs)} messages)")
        print(f"  lists whole:    {measure(pairs, False)}")
        if LISTS:
            print(f"  lists' diffs:   {measure(pairs, True)}")


if __name__ == "__main__":
    main()
