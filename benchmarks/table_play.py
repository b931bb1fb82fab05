"""The rules' share of an action at a server's table: what the table server makes per action.

Run: nice -n 10 python benchmarks/table_play.py [--game wish] [--games 5] [--repeat 3]
     PYTHONPATH=OTHER_TREE python benchmarks/table_play.py ...   (another checkout, to compare)

Plays N seeded random games of two seats through `GameTable` (the master a table of
`wish-tui serve` holds): each action played (`GameTable.play`: the rules, the log's words and
the views they read), then both seats' view and choices made as their table messages are
(`GameTable.view`, `GameTable.choices`). Prints the processor time per action, the lowest of
`--repeat` passes, and how many rules' views and Wish hands (`hand_status`) an action made.
"""

from __future__ import annotations

import argparse
import random
import sys
import time


def one_pass(game: str, games: int) -> tuple[float, int]:
    """Processor time per action over `games` games, and the actions played."""
    from wish_tui.games import GAMES
    from wish_tui.records import GameRecord
    from wish_tui.tables.master import GameTable

    spec = GAMES[game]
    actions, spent = 0, 0.0
    for k in range(games):
        record, state = GameRecord.new(list(spec.seats[:2]), k + 1, None, game, games=GAMES)
        table = GameTable(record, [state])
        rng = random.Random(k)
        started = time.process_time()
        while not table.is_over:
            seat = table.deciding
            table.play(seat, rng.choice(table.choices(seat).actions).notation)
            for shown in range(2):
                table.view(shown)
                table.choices(shown).to_json()
            actions += 1
        spent += time.process_time() - started
    return spent / actions, actions


def counted_pass(game: str, games: int) -> dict:
    """One more pass, counting the rules' views and (Wish) hands made."""
    from wish_tui.games import GAMES

    counts = {"views": 0, "hands": 0}
    state_type = type(GAMES[game].new_state(list(GAMES[game].seats[:2]), 1))
    undo = [_count(state_type.PARTS.views, "view", counts, "views")]
    if game == "wish":
        from wish_tui.wish.rules import explain

        why = sys.modules["wish_tui.wish.rules.why_not_now"]
        undo.append(_count(explain, "hand_status", counts, "hands"))
        undo.append(_count(why, "hand_status", counts, "hands", explain.hand_status))
    _, actions = one_pass(game, games)
    for module, name, made in undo:
        setattr(module, name, made)
    return {key: n / actions for key, n in counts.items()}


def _count(module, name: str, counts: dict, key: str, made=None):
    """Count the calls of `module.name`; what undoes it."""
    original = getattr(module, name)
    made = made or original

    def counted(*args):
        counts[key] += 1
        return made(*args)

    setattr(module, name, counted)
    return module, name, original


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="wish")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best, actions = min(one_pass(args.game, args.games) for _ in range(args.repeat))
    counts = counted_pass(args.game, args.games)
    hands = f", {counts['hands']:.2f} hands (hand_status)" if args.game == "wish" else ""
    print(
        f"{args.game}: {actions} actions, {best * 1e6:.0f} us an action (lowest of "
        f"{args.repeat}); per action {counts['views']:.2f} rules' views{hands}"
    )


if __name__ == "__main__":
    main()
