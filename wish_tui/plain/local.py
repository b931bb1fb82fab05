"""`wish-tui plain`: a game held here, played in lines on standard input and output.

A new game (as `wish-tui new` takes it: `--game`, `--seat NAME:WHO`, `--solo LEVEL`, the games'
options, `--seed`; without seats the client asks for one line that describes the game), the most
recent autosave (`continue`) or a save (`load NAME|PATH`). The table is a `LocalTable`: every
person's seat is played here (hot-seat), the bots play theirs, the game is autosaved after every
change, so `wish-tui plain continue` and `wish-tui continue` resume it alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys

from wish_tui import games, preferences, saves
from wish_tui.core.bots import LEVELS
from wish_tui.launch import Launch
from wish_tui.records import GameRecord
from wish_tui.seeds import fresh_seed
from wish_tui.tables.local import LocalTable

from . import setup
from .console import Console
from .output import Output
from .reader import LineReader, set_up_readline
from .reading import valid
from .review import PlainReview
from .sitting import PlainTable


class Opening:
    """The place before a game: one line that describes the game to start."""

    def __init__(self, console: Console, out: Output, start, seed: int | None, game: str | None):
        self.console = console
        self.out = out
        self.start = start
        self.seed = seed
        self.game = game

    def ask(self) -> None:
        named = f" of {games.get(self.game).title}" if self.game else ""
        self.out.say(
            f"Which game{named}? One line says it: the game, 'solo LEVEL' or the seats "
            f"(NAME:WHO, WHO human or a bot level: {', '.join(LEVELS)}), "
            f"and any option. For example: {'; '.join(setup.examples(False))}. quit leaves."
        )

    def handle(self, line: str) -> None:
        text = line.strip()
        if text.lower() in ("quit", "exit"):
            self.console.finish(0)
            return
        if text.lower() in ("help", "?", "h"):
            games_said = ", ".join(f"{g} ({games.get(g).title})" for g in games.names())
            self.out.say(
                f"The games: {games_said}. Say one game in a line, with 'solo LEVEL' or its "
                "seats and any option, e.g. 'wish air water:easy'; at the table 'help' lists "
                "the commands."
            )
            return
        if self.game and text and text.split()[0].lower() not in games.names():
            text = f"{self.game} {text}"
        try:
            chosen = setup.parse(text)
        except setup.SetupError as exc:
            self.out.say(str(exc))
            return
        seats = [{"name": n, "who": w} for n, w in chosen.seats]
        seed = chosen.seed if chosen.seed is not None else self.seed
        self.start(seats, seed, chosen.solo, chosen.game, chosen.options)

    def end_of_input(self) -> None:
        self.out.say("End of input: no game was started.")

    def holding(self) -> bool:
        return False

    def hurry(self) -> None:
        pass

    def completions(self) -> list[str]:
        return [*games.names(), "help", "quit"]


def _best_scores(table: LocalTable):
    """What a finished solo game's score means against the best ones kept here."""

    def told(view: dict) -> list[str]:
        spec = table.spec
        kept = spec.solo_score(view["scores"]) if view.get("solo") and view.get("scores") else None
        if kept is None:  # not a solo game, or a game that keeps no best scores
            return []
        from wish_tui import best_scores

        record = table.open_record()
        setup_key, score = kept
        best = best_scores.record_score(spec.name, setup_key, score, record["id"], record["seed"])
        lines = [best.warning] if best.warning else []
        if best.best_before is None:
            lines.append(f"Your first score for this setup: {score}.")
        elif best.is_new_best:
            lines.append(f"A new best score for this setup: {score} (it was {best.best_before}).")
        else:
            lines.append(f"Your best score for this setup is {best.best_before}.")
        return lines

    return told


class LocalGame:
    """The console's game held here: opens the table and says goodbye."""

    def __init__(self, console: Console, out: Output) -> None:
        self.console = console
        self.out = out

    def start(self, seats, seed, solo, game, options) -> None:
        try:
            record, state = GameRecord.new(
                seats,
                fresh_seed() if seed is None else seed,
                solo or None,
                game,
                options,
                games=games.GAMES,
            )
        except ValueError as exc:
            self.out.say(str(exc))
            return
        self.open(record, [state], None)

    def open(self, record, history, warning: str | None) -> None:
        # Lines from a script need no pace to follow the bots by: they play at once.
        table = LocalTable(
            record,
            history,
            pace=None if self.console.at_terminal else 0,
            games=games.GAMES,
        )
        if warning:
            self.out.say(warning)

        def leave_words() -> str:
            if table.is_over:
                return "The game is over; 'wish-tui' then Load lists it to replay."
            return "The game is autosaved: 'wish-tui plain continue' resumes it."

        humans = [i for i, s in enumerate(table.seats) if s.mine]
        review = PlainReview(table, self.out, humans[0] if humans else None, self.console)
        sitting = PlainTable(
            table,
            self.out,
            self.console,
            viewer=humans[0] if humans else 0,
            leave_words=leave_words,
            on_over=_best_scores(table),
            extra_commands={"review": review.command()},
            busy=review.under_way,
        )
        self.console.go_to(sitting)
        sitting.start()


def _loaded(launch: Launch):
    """(record, history, warning) of `continue` or `load`, or a sentence why not."""
    if launch.screen == "continue":
        info = saves.latest_save(games=games.GAMES)
        if info is None:
            return saves.nothing_to_continue(
                games=games.GAMES,
                start="start one with 'wish-tui plain'",
                load="'wish-tui plain load NAME' opens one",
            )
        target = str(info.path)
    else:
        target = launch.path
    try:
        return saves.load_with_history(target, games=games.GAMES)
    except saves.SaveError as exc:
        return str(exc).rstrip(".")


async def _run(launch: Launch, console: Console, out: Output) -> int:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, _interrupted, console, out)
    game = LocalGame(console, out)
    if launch.screen == "game":
        seats = [{"name": s.name, "who": s.who} for s in launch.seats]
        game.start(seats, launch.seed, launch.solo, launch.game, launch.options)
        if console.place is None:
            return 2
    elif launch.screen in ("continue", "load"):
        loaded = _loaded(launch)
        if isinstance(loaded, str):
            sys.stderr.write(f"wish-tui: {loaded}.\n")
            return 1
        game.open(*loaded)
    else:
        opening = Opening(console, out, game.start, launch.seed, launch.game)
        console.go_to(opening)
        opening.ask()
    return await console.run()


def _interrupted(console: Console, out: Output) -> None:
    place = console.place
    if isinstance(place, PlainTable) and not place.closed:
        out.say(f"Interrupted. {place.leave_words()}".strip())
    console.finish(130)


def standard_streams() -> tuple:
    """Standard input and output as the plain client uses them: a character they cannot carry
    is replaced, never an error."""
    for stream in (sys.stdin, sys.stdout):
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="replace")
    return sys.stdin, sys.stdout


def make_console(stdin, stdout, terminal: bool | None = None) -> tuple[Console, Output]:
    """The console over these streams (readline's editing and Tab when both are a terminal).

    Args:
        terminal: whether a person types at a terminal (None: whether standard input is one).
    """
    out = Output(stdout)
    at_terminal = stdin.isatty() if terminal is None else terminal
    interactive = at_terminal and stdin.isatty() and stdout.isatty()
    reader = LineReader(stdin, interactive=False)
    console = Console(out, reader)
    console.at_terminal = at_terminal
    if interactive and set_up_readline(console.complete):
        reader.interactive = True
    return console, out


READING_KEY = "plain_reading"
"""The plain client's reading settings among the data directory's preferences."""


def _keep_reading(changes: dict) -> None:
    kept = valid(preferences.recall_all().get(READING_KEY))
    preferences.keep(READING_KEY, {**kept, **changes})


def run(launch: Launch) -> int:
    """Play `launch` (a new game, `continue` or `load`) in plain text; return the exit status."""
    stdin, stdout = standard_streams()
    console, out = make_console(stdin, stdout)
    out.reading.adopt(preferences.recall_all().get(READING_KEY), keep=_keep_reading)
    try:
        return asyncio.run(_run(launch, console, out))
    except BrokenPipeError:
        return 0
