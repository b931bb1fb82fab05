"""The guided games: each game's lessons, read from its `data/lesson.toml` (the first game)
and `data/lesson2.toml`, `lesson3.toml`, … (Learn more), and checked.

A lesson is data, not code (the next game's lesson is one more TOML file): a seeded new game
against one easy bot, the actions played before it begins (`opening`, in the rules' notation,
every seat's: a later lesson starts where what it teaches is near), its `topic` (what it teaches,
as the list of lessons names it), and 4 to 16 steps that script its moves. Each step has the text
shown (what is on the screen, what to press and why), the hint a wrong key repeats (one
sentence), the keys to press in order (Textual's key names: "t", "2", "enter", "right",
"question_mark"; "b,enter" for either of two keys that do the same), and what completes it: the
action the keys play (`play`, in the rules' notation), a window the last key opens
(`window = true`) or the keys themselves, pressed to move a cursor and look (`look = true`). A step may quote the rule it teaches (`rule`, word for word from the
rulebook's `section`). After the last step the game goes on as free play, and `free_play` says
so. `wish_tui.ui.lesson` shows a lesson on a game's table screen.

This module imports no Textual and no game: it finds a game's file by the registry's package name.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

from wish_tui.core.bots import LEVELS
from wish_tui.core.game_spec import Game
from wish_tui.records import GameRecord

FILE = "lesson.toml"
"""The first lesson's file; the next ones are lesson2.toml, lesson3.toml, …"""
MIN_STEPS, MAX_STEPS = 4, 16
"""How many steps a lesson has: enough to show a turn, few enough to start playing soon."""
FIRST_TOPIC = "A first game"
"""The first lesson's topic when its file names none."""
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
    look: bool = False
    """True when the step is done once its keys are pressed (they move a cursor to look)."""
    rule: str = ""
    """The rule the step teaches, word for word from the rulebook ('' when it quotes none)."""
    section: str = ""
    """Where in the rulebook `rule` stands (its file and section)."""


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
    number: int = 1
    """1 for the first game; 2, 3, … for the lessons of Learn more."""
    topic: str = FIRST_TOPIC
    """What the lesson teaches, in a few words (the list of lessons shows it)."""
    opening: tuple[str, ...] = ()
    """The actions played before the first step (every seat's), in the rules' notation."""

    @property
    def heading(self) -> str:
        """The lesson as the panel's rule names it ('Learn Wish', 'Learn Wish 2: Empower')."""
        if self.number == 1:
            return f"Learn {self.title}"
        return f"Learn {self.title} {self.number}: {self.topic}"


def has_lesson(game: Game) -> bool:
    """True when `game` has a lesson file."""
    return count(game) > 0


def count(game: Game) -> int:
    """How many lessons `game` has (its first game, then those of Learn more)."""
    number = 0
    try:
        while _file(game, number + 1).is_file():
            number += 1
    except (ModuleNotFoundError, OSError):
        pass
    return number


def file_name(number: int) -> str:
    """The file of lesson `number`: lesson.toml, lesson2.toml, …"""
    return FILE if number == 1 else f"lesson{number}.toml"


def load(game: Game, number: int = 1) -> Lesson:
    """Read and check lesson `number` of `game` (1: its first game).

    Raises:
        LessonError: the game has no such lesson, or its file is not a lesson (one sentence).
    """
    where = f"{game.title}'s lesson ({game.package}.data/{file_name(number)})"
    try:
        text = _file(game, number).read_text("utf-8")
    except (ModuleNotFoundError, OSError):
        lessons = count(game)
        if number == 1 or not lessons:
            raise LessonError(f"{game.title} has no guided first game yet.") from None
        which = "one lesson (1)" if lessons == 1 else f"lessons 1 to {lessons}"
        raise LessonError(f"{game.title} has {which}; there is no lesson {number}.") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{where} is not valid TOML: {exc}.") from None
    return parse(game, data, where, number)


def start(lesson: Lesson, games) -> tuple[GameRecord, list]:
    """The lesson's game as its first step finds it: the record and every state of its opening.

    Raises:
        LessonError: an action of the opening is not legal in its game (one sentence).
    """
    record, state = GameRecord.new(
        list(lesson.seats), lesson.seed, "", lesson.game, lesson.options, games=games
    )
    record.description = (
        f"The guided first game of {lesson.title} (Learn to play)."
        if lesson.number == 1
        else f"{lesson.heading} (Learn to play)."
    )
    history = [state]
    for number, notation in enumerate(lesson.opening, 1):
        try:
            record, state = record.play(state, notation)
        except ValueError as exc:
            raise LessonError(
                f"{lesson.heading}: opening action {number} ('{notation}') is not legal: {exc}"
            ) from None
        history.append(state)
    return record, history


def problem(game: Game, number: int, games) -> str:
    """One sentence when lesson `number` of `game` cannot be read or started, else ''."""
    try:
        start(load(game, number), games)
    except LessonError as exc:
        return str(exc)
    return ""


def parse(game: Game, data: dict, where: str = "the lesson", number: int = 1) -> Lesson:
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
    topic = data.get("topic", FIRST_TOPIC if number == 1 else None)
    if not isinstance(topic, str) or not topic.strip():
        raise wrong("'topic' must say in a few words what the lesson teaches")
    opening = data.get("opening", [])
    if not isinstance(opening, list) or not all(isinstance(a, str) and a for a in opening):
        raise wrong("'opening' must be a list of actions in the rules' notation")
    return Lesson(
        game.name,
        game.title,
        seed,
        seats,
        steps,
        " ".join(free_play.split()),
        options,
        number,
        " ".join(topic.split()),
        tuple(opening),
    )


def _file(game: Game, number: int = 1):
    return resources.files(f"{game.package}.data").joinpath(file_name(number))


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
    play, window, look = step.get("play", ""), step.get("window", False), step.get("look", False)
    kinds = (play, window, look)
    if not isinstance(play, str) or not all(isinstance(k, bool) for k in kinds[1:]):
        kinds = ()
    if sum(bool(k) for k in kinds) != 1:
        raise wrong(
            f"step {number} is done either by an action ('play'), a window ('window') or its "
            "keys ('look')"
        )
    rule, section = step.get("rule", ""), step.get("section", "")
    if not isinstance(rule, str) or not isinstance(section, str) or bool(rule) != bool(section):
        raise wrong(f"step {number} quotes its 'rule' with the rulebook's 'section', or neither")
    return Step(
        " ".join(text.split()),
        " ".join(hint.split()),
        tuple(keys),
        play,
        window,
        look,
        " ".join(rule.split()),
        " ".join(section.split()),
    )
