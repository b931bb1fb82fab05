"""The table diff alone: its bytes and the processor time of its making, encoding, reading and
patching, with lists sent whole and as a list's diff, over the messages of random games.

Run: nice -n 10 python benchmarks/table_diff_size.py [--games 3] [--actions 120]
     PYTHONPATH=OTHER_TREE python benchmarks/table_diff_size.py ...   (another checkout's diff)

Plays `--games` random games of each game (two seats, seeded), and for each seat at each action
takes what a ``table`` message carries that changes with the game (the actions' count, the seat's
view and choices), diffs it from the one of the action before (`table_diff.diff`, the hub's
side), encodes the ``table_diff`` message as the hub does (`protocol.encode`), and reads it as an
app does (`protocol.decode`, then `table_diff.patch` on its own copy of the message before,
`marshal.loads`, as `Follower` kept it before it kept the message it made). Prints, per game and
per way: the mean bytes of a message, and the microseconds per message of each step (the best of
five passes over all); "follow" is the app's whole reading of each seat's messages in turn by
`table_diff.Follower.whole` (the patch, and whatever the follower keeps of the message made).
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


def pairs_of(game: str, games: int, actions: int) -> tuple[list[tuple[dict, dict]], list[list]]:
    """(the message before, the message now) of each seat at each action of random games; and
    each seat's messages of each game in turn."""
    spec, pairs, lines = GAMES[game], [], []
    for seed in range(games):
        record, state = GameRecord.new(list(spec.seats[:2]), seed, None, game, games=GAMES)
        table, rng, before = GameTable(record, [state]), random.Random(seed), {}
        seats: dict[int, list] = {}
        for _ in range(actions):
            for seat in range(table.num_seats):
                now = {"type": "table", "table": "7", "actions": table.actions}
                now["view"], now["choices"] = table.view(seat), table.choices(seat).to_json()
                if seat in before:
                    pairs.append((before[seat], now))
                before[seat] = now
                seats.setdefault(seat, []).append(now)
            if table.is_over:
                break
            seat = table.deciding
            table.play(seat, rng.choice(table.choices(seat).actions).notation)
        lines += seats.values()
    return pairs, lines


def best(run, count: int) -> float:
    """The microseconds per message of `run` (over `count` messages), the best of five."""
    times = []
    for _ in range(5):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times) / count * 1e6


def told(lines: list[list], lists: bool) -> list[list]:
    """Each seat's messages as the hub tells them (`Teller`), read back as an app reads them."""
    kept = []
    for line in lines:
        teller = table_diff.Teller(lists) if LISTS else table_diff.Teller()
        kept.append([decode(encode(teller.message(message)), 1 << 20) for message in line])
    return kept


def followed(lines: list[list]) -> None:
    """Each seat's messages made whole in turn by a follower of its own."""
    for line in lines:
        follower = table_diff.Follower()
        for message in line:
            follower.whole(message)


def measure(pairs: list[tuple[dict, dict]], followed_lines: list[list], lists: bool) -> str:
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
        "follow": best(
            lambda: followed(followed_lines),
            sum(map(len, followed_lines)) - len(followed_lines),
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
    print("its copy of the message before (marshal), the patch, and the follower's whole reading")
    for game in sorted(GAMES):
        pairs, lines = pairs_of(game, args.games, args.actions)
        print(f"{game} ({len(pairs)} messages)")
        print(f"  lists whole:    {measure(pairs, told(lines, False), False)}")
        if LISTS:
            print(f"  lists' diffs:   {measure(pairs, told(lines, True), True)}")


if __name__ == "__main__":
    main()
