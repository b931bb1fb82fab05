"""The guided first games: each game's lesson, read from its `data/lesson.toml` and checked.

A lesson is data, not code (the next game's lesson is one more TOML file): a seeded new game
against one easy bot, and 4 to 8 steps that script its opening. Each step has the text shown
(what is on the screen, what to press and why), the hint a wrong key repeats (one sentence), the
keys to press in order (Textual's key names: "t", "2", "enter", "right", "question_mark"; "b,enter"
for either of two keys that do the same), and what completes it: the action the keys play
(`play`, in the rules' notation) or a window the last key opens (`window = true`). After the last
step the game goes on as free play, and `free_play` says so. `wish_tui.ui.lesson` shows a lesson on a game's table screen.

This module imports no Textual and no game: it finds a game's file by the registry's package name.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

from wish_tui.core.bots import LEVELS
from wish_tui.core.game_spec import Game

FILE = "lesson.toml"
MIN_STEPS, MAX_STEPS = 4, 8
"""How many steps a lesson has: enough to show a turn, few enough to start playing soon."""
WHO = ("human", *LEVELS)


class LessonError(Exception):
    """A lesson that cannot be read; the message is one sentence naming the file."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson."""

    text: str
    """What is on the screen, what to press and why."""
    hint: str
    """One sentence repeated when a key the step does not name is pressed."""
    keys: tuple[str, ...]
    """The keys to press, in order (Textual's key names; "b,enter": either of them)."""
    play: str = ""
    """The action the keys play, in the rules' notation; '' for a step that opens a window."""
    window: bool = False
    """True when the step is done as its last key opens a window (keys, rules, scoring)."""


@dataclass(frozen=True)
class Lesson:
    """A guided first game of one game."""

    game: str
    """The game's name in the registry."""
    title: str
    """The game's title, e.g. 'Wish'."""
    seed: int
    seats: tuple[dict, ...]
    """In seat order, {seat key: name, "who": ...}: the person's seat and one easy bot."""
    steps: tuple[Step, ...]
    free_play: str
    """The sentence said as the last step is done and free play begins."""
    options: dict = field(default_factory=dict)
    """The game's setup options (its normal form comes from `Game.parse_options`)."""


def has_lesson(game: Game) -> bool:
    """True when `game` has a lesson file."""
    try:
        return _file(game).is_file()
    except (ModuleNotFoundError, OSError):
        return False


def load(game: Game) -> Lesson:
    """Read and check the lesson of `game`.

    Raises:
        LessonError: the game has no lesson, or its file is not a lesson (one sentence).
    """
    where = f"{game.title}'s lesson ({game.package}.data/{FILE})"
    try:
        text = _file(game).read_text("utf-8")
    except (ModuleNotFoundError, OSError):
        raise LessonError(f"{game.title} has no guided first game yet.") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{where} is not valid TOML: {exc}.") from None
    return parse(game, data, where)


def parse(game: Game, data: dict, where: str = "the lesson") -> Lesson:
    """Check a lesson's data (as read from TOML) and return the Lesson.

    Raises:
        LessonError: one sentence naming what is wrong.
    """

    def wrong(what: str) -> LessonError:
        return LessonError(f"{where}: {what}.")

    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise wrong("'seed' must be a whole number")
    seats = tuple(_seat(game, s, wrong) for s in _list(data.get("seats"), "seats", wrong))
    people = [s for s in seats if s["who"] == "human"]
    if len(people) != 1 or not game.min_seats <= len(seats) <= game.max_seats:
        raise wrong(
            f"'seats' must be {game.min_seats} to {game.max_seats} seats, one of them human"
        )
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise wrong("'options' must be a table")
    try:
        options = game.parse_options(options)
    except ValueError as exc:
        raise wrong(str(exc).rstrip(".")) from None
    steps = tuple(
        _step(s, n, wrong) for n, s in enumerate(_list(data.get("steps"), "steps", wrong))
    )
    if not MIN_STEPS <= len(steps) <= MAX_STEPS:
        raise wrong(f"a lesson has {MIN_STEPS} to {MAX_STEPS} steps, not {len(steps)}")
    free_play = data.get("free_play")
    if not isinstance(free_play, str) or not free_play.strip():
        raise wrong("'free_play' must say that free play begins")
    return Lesson(game.name, game.title, seed, seats, steps, " ".join(free_play.split()), options)


def _file(game: Game):
    return resources.files(f"{game.package}.data").joinpath(FILE)


def _list(value, name: str, wrong) -> list:
    if not isinstance(value, list) or not value:
        raise wrong(f"'{name}' must be a list")
    return value


def _seat(game: Game, seat, wrong) -> dict:
    if not isinstance(seat, dict):
        raise wrong("each seat must be a table {name, who}")
    name, who = seat.get("name"), seat.get("who")
    if name not in game.seats:
        raise wrong(f"a seat's name must be one of {', '.join(game.seats)}")
    if who not in WHO:
        raise wrong(f"a seat's 'who' must be one of {', '.join(WHO)}")
    return {game.seat_key: name, "who": who}


def _step(step, index: int, wrong) -> Step:
    number = index + 1
    if not isinstance(step, dict):
        raise wrong(f"step {number} must be a table")
    text, hint, keys = step.get("text"), step.get("hint"), step.get("keys")
    if not isinstance(text, str) or not text.strip():
        raise wrong(f"step {number} needs a 'text'")
    if not isinstance(hint, str) or not hint.strip():
        raise wrong(f"step {number} needs a 'hint'")
    if not isinstance(keys, list) or not keys or not all(isinstance(k, str) and k for k in keys):
        raise wrong(f"step {number} needs its 'keys', a list of key names")
    play, window = step.get("play", ""), step.get("window", False)
    if not isinstance(play, str) or not isinstance(window, bool) or bool(play) == window:
        raise wrong(f"step {number} is done either by an action ('play') or a window ('window')")
    return Step(" ".join(text.split()), " ".join(hint.split()), tuple(keys), play, window)
