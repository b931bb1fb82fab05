"""What the registry knows of a game: its seats, solo levels, options and where its parts live.

A `Game` is plain data, read from the game's `data/game.toml` by one loader (`Game.described`),
plus small adapters that the game's own subclass writes in its `game.py` (`new_state`, which
calls its rules' `new_game`, `identity`, which reads back what a state was set up with,
`load_parts` and `screens`, which import its modules), so the shell, saves, the engine and the
tournament can serve any game without knowing it. Importing a `Game` imports none of the game's
rules, bots or screens: its `load_parts` names its pure modules (rules, bots and the words of
`<game>/words/`) and its `screens` its Textual package, each imported when first asked; this
module imports no game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType

from .data_files import load_tables
from .excerpt import excerpt

SETUP_PROGRESS = "setup"
"""How far a game in its setup has got, before its first round (`Game.progress`)."""


@dataclass(frozen=True)
class Option:
    """A setup option of a game: a set of named parts (modules) or a yes/no switch."""

    key: str
    """The name in saves, the engine protocol and `new_state`'s options, e.g. 'modules'."""
    title: str
    """How the new-game form names it, e.g. 'Modules'."""
    flag: str
    """The command-line flag, e.g. '--modules' or '--entrepreneurs'."""
    help: str
    choices: tuple[str, ...] = ()
    """The parts a set option may name; empty for a yes/no option."""
    in_solo: bool = True
    """False when the option has no place in a solo game (the new-game form greys it there and
    the command line refuses it)."""

    @property
    def is_set(self) -> bool:
        """True for an option that names parts (given as 'a,b'), False for a yes/no switch."""
        return bool(self.choices)

    @property
    def default(self):
        """The value when the option is not given: no parts, or no."""
        return () if self.is_set else False

    def parse(self, value):
        """Return the option's value in its normal form (parts in the game's order, or a bool).

        Accepts what a person or a save may give: 'a,b', a list of names, or a bool.

        Raises:
            ValueError: one sentence naming what is wrong.
        """
        if not self.is_set:
            if isinstance(value, bool):
                return value
            raise ValueError(f"'{self.key}' is a yes/no option (true or false).")
        if isinstance(value, str):
            value = [v for v in (x.strip().lower() for x in value.split(",")) if v]
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"'{self.key}' must name parts among {', '.join(self.choices)}.")
        unknown = [v for v in value if v not in self.choices]
        if unknown:
            raise ValueError(
                f"'{unknown[0][:20]}' is not one of the {self.key} ({', '.join(self.choices)})."
            )
        return tuple(c for c in self.choices if c in value)


@dataclass(frozen=True)
class Parts:
    """A game's pure modules: none imports Textual, so the table server may use them all."""

    rules: ModuleType
    """The rules package (`wish_tui.core.contract.GameRules`)."""
    bots: ModuleType
    """The bots package (LEVELS, make_bot)."""
    log: ModuleType
    """The log in words: `opening_lines(record, state)` and `log_lines(record, before, action,
    after, seat, private)`."""
    choices: ModuleType
    """The words for a seat's choices: `KEY_GROUPS`, `words`, `detail`, `why_closed`, `probes`
    and `refusal` (see `wish_tui.tables.master.GameTable`)."""
    text: ModuleType
    """The view in sentences, for the plain-text client: `SECTIONS` (the parts `look` reads, in
    order), `ALIASES`, `section(view, seat, name)`, `prompt(view, seat, notations)`,
    `progress(view)`, `scoring(view, scores, seat, projected)` and `choice_path(notation)` (the
    groups a long decision asks a choice in, broadest first; see `wish_tui.plain`)."""


@dataclass(frozen=True)
class Game(ABC):
    """One game the app plays: its description, read from its `data/game.toml` by `described`,
    and its adapters, the methods its own subclass writes in the game's `game.py`."""

    name: str
    """Its id in saves, the command line and the engine protocol, e.g. 'wish'."""
    title: str
    blurb: str
    """One line for the title and new-game screens."""
    package: str
    """Its package, e.g. 'wish_tui.wish', holding rules/, bots/, words/, data/ and ui/."""
    seats: tuple[str, ...]
    """The names a seat may take, e.g. the four Djinns."""
    seat_word: str
    """What a seat is called: 'Djinn', 'element', 'colour'."""
    seat_key: str
    """The key naming a seat in a save's seats, e.g. 'djinn'."""
    solo_levels: tuple[str, ...] = ()
    """The solo difficulties ('' when the game has no solo mode)."""
    solo_won_name: str = "won"
    """What the tournament's figures call a won solo game: 'won', or the game's own word (Wish:
    'destiny', its solo game being won by fulfilling the Destiny), which also names a rate
    of its own beside the win rate (``destiny_rate``)."""
    options: tuple[Option, ...] = field(default_factory=tuple)
    min_seats: int = 2
    max_seats: int = 4

    @classmethod
    def described(cls, package: str) -> Game:
        """The game of `package`, as its `data/game.toml` describes it (a field a game does not
        have is a TypeError at import, not a thing a player can meet)."""
        table = load_tables(f"{package}.data", ("game",))["game"]
        options = tuple(Option(**_tupled(o)) for o in table.pop("options", ()))
        return cls(package=package, options=options, **_tupled(table))

    # -- the adapters each game writes --------------------------------------------------------
    @abstractmethod
    def load_parts(self) -> Parts:
        """Import the game's pure modules (`parts` asks once)."""

    @abstractmethod
    def screens(self) -> ModuleType:
        """The game's Textual package (`Board`, `GameScreen`, `KEYS`, `rules_entries`),
        imported when first asked for."""

    @abstractmethod
    def new_state(self, seats, seed: int, solo: str = "", options: dict | None = None):
        """A new State of the game's rules for `seats` (names), `seed`, `solo` and `options`."""

    @abstractmethod
    def identity(self, state) -> tuple[list[str], str, int, dict]:
        """What `state` was set up with: (seat_names, solo, seed, options)."""

    @abstractmethod
    def summary(self, state) -> tuple[str, tuple[int, ...]]:
        """(progress, scores), e.g. ('round 3', (12, 9)) for the Load list; the scores are
        what the table shows (final totals once over), never a secret."""

    def progress(self, state) -> str:
        """How far the game has got: `summary`'s first part, without the scores (the lobby
        lists every table's at each round of its news and shows no score; a game whose scores
        take work to make says it without them)."""
        return self.summary(state)[0]

    @abstractmethod
    def solo_won(self, scores: dict) -> bool:
        """True when a solo game with these final scores was won (Wish: the Destiny fulfilled)."""

    def repeat_count(self, history) -> tuple[int, int] | None:
        """(which, of how many) of the decision asked now where the game asks one decision
        several times in a row (Wish: three Crystals to gain), read from `history` (the
        table's states, oldest first); None where it is asked once."""
        return None

    def solo_score(self, scores: dict) -> tuple[str, int] | None:
        """(setup, score) of a finished solo game whose scores are kept as the best of their
        setup; None for a game that keeps no best scores."""
        return None

    def solo_setup(self, view: dict) -> str | None:
        """The setup whose best scores a solo game in progress plays against; None for a game
        that keeps no best scores."""
        return None

    def parts(self) -> Parts:
        """The game's pure modules, imported when first asked for, so importing a `Game`
        loads none."""
        return _parts_of(self)

    rules = property(lambda self: self.parts().rules, doc="The game's pure rules package.")
    bots = property(lambda self: self.parts().bots, doc="The game's bots (LEVELS, make_bot).")
    log = property(lambda self: self.parts().log, doc="The game's log in words (`Parts.log`).")
    choices = property(
        lambda self: self.parts().choices, doc="The words of a seat's choices (`Parts.choices`)."
    )
    text = property(
        lambda self: self.parts().text, doc="The view in sentences for the plain client."
    )
    ui = property(lambda self: self.screens(), doc="The game's screens (imports Textual).")

    def seat_title(self, name: str) -> str:
        """A seat's name as shown, e.g. 'Air'."""
        return name.capitalize()

    def option(self, key: str) -> Option | None:
        """The option called `key`, or None."""
        return next((o for o in self.options if o.key == key), None)

    def parse_options(self, given: dict | None) -> dict:
        """Every option of the game in its normal form, from what was given (others default).

        Raises:
            ValueError: an option the game does not have, or a bad value (one sentence).
        """
        given = dict(given or {})
        unknown = [k for k in given if self.option(k) is None]
        if unknown:
            raise ValueError(f"{self.title} has no option {excerpt(unknown[0])}.")
        return {o.key: o.parse(given[o.key]) if o.key in given else o.default for o in self.options}

    def solo_conflict(self, options: dict) -> str:
        """One sentence when `options` (in normal form) set an option a solo game does not use,
        else ''."""
        for option in self.options:
            if not option.in_solo and options.get(option.key, option.default) != option.default:
                return (
                    f"a solo game of {self.title} plays without {option.title.lower()}: "
                    f"leave {option.flag} out"
                )
        return ""

    def options_to_json(self, options: dict) -> dict:
        """Options as JSON-safe data (parts as a list)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}


@cache
def _parts_of(game: Game) -> Parts:
    return game.load_parts()


def _tupled(table: dict) -> dict:
    """A TOML table's arrays as tuples (a description is frozen)."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in table.items()}
