"""`wish-tui review [NAME]`: the coach over one seat of a saved or finished game (without a
name, the newest finished game, as `wish-tui replay` opens it), in a terminal.

It judges the seat's decisions one at a time with a progress line on standard error (Ctrl-C
stops it and keeps what was judged), prints the review in words and stores it in the save, so
that the replay marks the decisions and a second review is read back, not made again.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap

from wish_tui import games, saves
from wish_tui.records import SaveError
from wish_tui.save_lookup import newest_finished, no_such_save
from wish_tui.tables.coach import Coach, seat_of
from wish_tui.tournament import add_think


def add_parser(commands) -> argparse.ArgumentParser:
    """The `review` command's arguments."""
    review = commands.add_parser(
        "review", help="the expert reviews a seat's decisions of a saved or finished game"
    )
    review.add_argument(
        "save", metavar="NAME|PATH", nargs="?", help="without it: the newest finished game"
    )
    review.add_argument("--seat", metavar="NAME", help="the seat to review (yours by default)")
    add_think(review)
    return review


def run_from_args(args) -> int:
    """Run `wish-tui review` from parsed arguments; return the exit status."""
    if args.think is not None and not 50 <= args.think <= 60_000:
        return _fail("--think must be 50 to 60000 milliseconds")
    target = args.save if args.save is not None else newest_finished(games.GAMES)
    if target is None:
        return _fail(
            "there is no finished game to review yet; 'wish-tui review NAME' reviews a save, "
            "and a game played to its end is kept for review"
        )
    missing = no_such_save(target)
    if missing:
        return _fail(missing)
    try:
        path = saves.save_path(target)
        record, states = saves.load_for_replay(target, games=games.GAMES)
        coach = Coach(record, states, seat_of(record, args.seat), args.think)
    except (SaveError, ValueError) as exc:
        return _fail(str(exc).rstrip("."))
    if coach.warning:
        sys.stderr.write(f"wish-tui review: {coach.warning}\n")
    review = coach.review
    stopped = False
    try:
        for _ in coach.steps():
            _progress(len(review.judged), review.total, coach.seat_title)
    except KeyboardInterrupt:
        stopped = True
    sys.stderr.write("\n" if review.total else "")
    for line in review.summary(coach.seat_title):
        _say(line)
    if stopped:
        _say("Stopped: run the same command again to go on from here.")
    try:
        saves.write_record(coach.keep(), path, games=games.GAMES)
    except SaveError as exc:
        sys.stderr.write(f"wish-tui review: the review is not kept: {exc}\n")
        return 1
    return 130 if stopped else 0


def _say(line: str) -> None:
    """Print `line`; at a terminal, wrapped between words to its width (continuations
    indented), where the terminal itself cut words in two."""
    if not sys.stdout.isatty():
        print(line)
        return
    width = max(20, shutil.get_terminal_size().columns)
    for part in textwrap.wrap(line, width, subsequent_indent="  ", break_on_hyphens=False):
        print(part)


def _progress(done: int, total: int, seat: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    bar = "#" * filled + "-" * (width - filled)
    sys.stderr.write(f"\rReviewing {seat}'s decisions [{bar}] {done}/{total} (Ctrl-C stops)")
    sys.stderr.flush()


def _fail(message: str) -> int:
    sys.stderr.write(f"wish-tui review: {message}.\n")
    return 1
