"""The game record: what a save holds, its format and versions, and replaying it (no file I/O).

A save is one JSON object (DESIGN.md §5), for any game of the registry (`wish_tui.games`)::

    {"format": "wish_tui.save", "version": 3, "game": "wish", "seed": 7,
     "seats": [{"djinn": "air", "who": "human"}, ...], "solo": "", "options": {},
     "actions": ["keep Arcanist", "discard Kingdom", ...], "state": {...State.to_dict()...},
     "id": "20250101-120000-a1b2c3", "name": "evening", "saved_at": "2025-01-01T12:00:00+00:00"}

A seat names its place with the game's seat key (``djinn`` for Wish and Spirits of the Forest,
``colour`` for Wishland) and who plays it. ``options`` holds the game's setup options, e.g.
``{"modules": ["wishes", "hexes"]}``.

The action list, in notation, replays from the seed to the state (a PGN-like record); the state
makes the file readable on its own and lets the replay be checked. When the actions do not
reproduce the state, `settle` chooses what to load and a warning says so; a saved state must be
a consistent game of the record's own seats, seed and options, or the replay is the fallback.

Older versions are lifted to the current one by the chain of MIGRATIONS; a newer version is
refused. Every problem is a `SaveError` whose message is one sentence naming where the data came
from. Reading, writing and listing the files is `wish_tui.saves`.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from wish_tui.core.bots import LEVELS
from wish_tui.core.excerpt import excerpt
from wish_tui.core.game_spec import Game
from wish_tui.core.text import is_plain_text

FORMAT = "wish_tui.save"
VERSION = 3
"""The save version this code writes; it reads this and every older one."""
GAME = "wish"
"""The game a save means when it names none: saves of version 1 and 2 hold games of Wish only
(a fact of the save format, not a choice of the app)."""
Registry = Mapping[str, Game]
"""The games a record may be of, by name (the caller's registry: `wish_tui.games.GAMES`)."""
WHO = ("human", *LEVELS)
MAX_NOTATION = 120
"""No action's notation is longer in any game; longer text is refused unread."""


class SaveError(Exception):
    """A save that cannot be read or written; the message is one sentence naming the file."""


class IllegalInRecord(SaveError):
    """A record whose action `number` (1 for the first), `text` in notation, is not legal where
    it stands."""

    def __init__(self, message: str, number: int, text: str, reason: str = "") -> None:
        super().__init__(message)
        self.number, self.text, self.reason = number, text, reason

    def refusal(self) -> str:
        """The refused action and the rules' reason, as a clause without the file's name."""
        return f"action {self.number} {excerpt(self.text)} is refused: {self.reason}"


# -- the record ------------------------------------------------------------------------------------
def new_id() -> str:
    """A fresh game id: the start time and a random tag (never the seed, which is a secret)."""
    return f"{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def _seat_dict(seat, key: str) -> dict:
    """A seat in the record's form {key: name, "who": who}, from a name, a dict or an object."""
    if isinstance(seat, str):
        return {key: seat, "who": "human"}
    if isinstance(seat, dict):
        name = next((seat[k] for k in (key, "name", "djinn", "seat") if k in seat), None)
        return {key: name, "who": seat.get("who", "human")}
    name = getattr(seat, "name", None) or getattr(seat, "djinn", None)
    return {key: name, "who": getattr(seat, "who", "human")}


@dataclass
class GameRecord:
    """A game as data: the seats, the seed, every action in notation and the current state."""

    seed: int
    seats: list[dict]
    """Per seat, in seat order: {seat key: name, "who": "human" | "random" | "easy" | ...}."""
    solo: str = ""
    """'' for a game between seats, else the solo difficulty."""
    actions: list[str] = field(default_factory=list)
    """Every decision so far, in notation, in the order taken."""
    state: dict = field(default_factory=dict)
    """`State.to_dict()` of the position after the last action."""
    game: str = GAME
    id: str = ""
    """Identifies the game across its autosaves (start time and a random tag)."""
    name: str = ""
    """The name the game was last saved under ('' when never named)."""
    saved_at: str = ""
    """When the record was last written, ISO 8601 in UTC ('' when never)."""
    description: str = ""
    """A sentence about the game shown when listing (the scenarios in saves/ have one)."""
    options: dict = field(default_factory=dict)
    """The game's setup options in their normal form (`Game.parse_options`)."""
    reviews: dict = field(default_factory=dict)
    """The coach's reviews of the game, by seat name (`core.review.Review.to_json`), so that a
    review is made once; a save holds the key only when there is one."""
    spec: Game | None = field(default=None, repr=False, compare=False)
    """The game this record is a game of (given by whoever makes the record: `new` and
    `from_json` take it from the caller's registry)."""

    def __post_init__(self) -> None:
        if self.spec is None:
            raise ValueError("A game record needs its game (spec).")
        self.game = self.spec.name

    @property
    def seat_names(self) -> list[str]:
        """The name of each seat (a Djinn, an element or a colour)."""
        key = self.spec.seat_key
        return [s[key] for s in self.seats]

    @property
    def djinns(self) -> list[str]:
        """The name of each seat (kept for Wish, whose seats are Djinns)."""
        return self.seat_names

    @classmethod
    def new(
        cls,
        seats: Iterable,
        seed: int,
        solo: str | None = None,
        game: str | None = GAME,
        options: dict | None = None,
        *,
        games: Registry,
    ):
        """Start a game: seats are names, {seat key, "who"} dicts or objects with those fields.

        Args:
            game: the game's name in `games`, the caller's registry.

        Returns:
            (record, state).

        Raises:
            ValueError: the seats, the solo level or the options are not a game of `game`.
        """
        spec = games.get(GAME if game is None else game)
        if spec is None:
            shown = game if isinstance(game, str) and len(game) <= 30 else "that"
            raise ValueError(f"'{shown}' is not a game here; choose from {', '.join(games)}.")
        seat_dicts = [_seat_dict(s, spec.seat_key) for s in seats]
        parsed = spec.parse_options(options)
        names = [s[spec.seat_key] for s in seat_dicts]
        state = spec.new_state(names, seed, solo or "", parsed)
        record = cls(
            seed=seed,
            seats=seat_dicts,
            solo=solo or "",
            state=state.to_dict(),
            id=new_id(),
            options=parsed,
            spec=spec,
        )
        return record, state

    def play(self, state, action, notation: str | None = None):
        """Apply an action (or its notation) to `state`; return the new record and state.

        `notation`, when given, is the action's own notation (what the record keeps).

        Raises:
            ValueError: the rules' IllegalAction; record and state are unchanged.
        """
        if isinstance(action, str):
            action = self.spec.rules.parse_action(state, action)
        new_state = state.apply(action)
        notation = str(action) if notation is None else notation
        return self._led_to(new_state, [*self.actions, notation]), new_state

    def truncated(self, n_actions: int, state) -> GameRecord:
        """Return the record of the first `n_actions` actions, `state` being where they lead."""
        return self._led_to(state, self.actions[:n_actions])

    def _led_to(self, state, actions: list[str]) -> GameRecord:
        """This record with `actions`, which lead to `state`: its `state` is `state.to_dict()`,
        written when first read (a table plays on at every action; only a save reads it)."""
        record = copy.copy(self)
        record.actions = actions
        record.__dict__.pop("_state", None)
        record.__dict__["_position"] = state
        return record

    def to_json(self) -> dict:
        """Return the save file's content as JSON-safe data."""
        spec = self.spec
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "seats": [dict(s) for s in self.seats],
            "solo": self.solo,
            "options": spec.options_to_json(self.options),
            "actions": list(self.actions),
            "state": self.state,
            "id": self.id,
            "name": self.name,
            "saved_at": self.saved_at,
            "description": self.description,
        } | ({"reviews": dict(self.reviews)} if self.reviews else {})

    @classmethod
    def from_json(cls, data, where: str = "the save", *, games: Registry) -> GameRecord:
        """Read a save's content (any known version) without replaying it.

        Args:
            games: the games a save may be of (the caller's registry).

        Raises:
            SaveError: the data is not a save this version can read; `where` names it.
        """
        data = migrate(data, where)
        spec = _check_shape(data, where, games)
        key = spec.seat_key
        return cls(
            seed=data["seed"],
            seats=[{key: s[key], "who": s.get("who", "human")} for s in data["seats"]],
            solo=data.get("solo", ""),
            actions=list(data["actions"]),
            state=data["state"] if isinstance(data.get("state"), dict) else {},
            spec=spec,
            id=str(data.get("id", "")),
            name=str(data.get("name", "")),
            saved_at=str(data.get("saved_at", "")),
            description=str(data.get("description", "")),
            reviews=_reviews(data.get("reviews"), spec.seat_key, data["seats"]),
            options=spec.parse_options(data.get("options")),
        )


def _record_state(record: GameRecord) -> dict:
    kept = record.__dict__
    position = kept.pop("_position", None)
    if position is not None:
        kept["_state"] = position.to_dict()
    return kept["_state"]


def _keep_record_state(record: GameRecord, state: dict) -> None:
    record.__dict__.pop("_position", None)
    record.__dict__["_state"] = state


GameRecord.state = property(  # (the dataclass's field, kept in `_state` or made when read)
    _record_state,
    _keep_record_state,
    doc="`State.to_dict()` of the position after the last action.",
)


# -- versions --------------------------------------------------------------------------------------
def _reviews(data, key: str, seats: list) -> dict:
    """The stored reviews of a save's seats; anything else under the key is left out (a review
    can be made again, and is read with care where it is used)."""
    if not isinstance(data, dict):
        return {}
    names = {s.get(key) for s in seats if isinstance(s, dict)}
    return {
        name: review for name, review in data.items() if name in names and isinstance(review, dict)
    }


def _v1_to_v2(data: dict) -> dict:
    """Version 1 named the seats by Djinn only ("djinns") and could leave out the state."""
    data = dict(data)
    djinns = data.pop("djinns", [])
    data["seats"] = (
        [{"djinn": d, "who": "human"} for d in djinns] if isinstance(djinns, list) else 0
    )
    data.setdefault("state", None)
    data.setdefault("solo", "")
    data["version"] = 2
    return data


def _v2_to_v3(data: dict) -> dict:
    """Version 3 serves every game of the registry: it adds the game's setup options."""
    data = dict(data)
    data.setdefault("options", {})
    data["version"] = 3
    return data


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _v1_to_v2, 2: _v2_to_v3}
"""For each old version, the small function that lifts a save's data one version up."""


def migrate(data, where: str = "the save", to: int | None = None) -> dict:
    """Lift save data of any known version to version `to` (VERSION by default) by MIGRATIONS.

    Raises:
        SaveError: not a save, or a version this code does not know (a newer one is refused).
    """
    target = VERSION if to is None else to
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where} is not a wish_tui save (its 'format' is not '{FORMAT}').")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"{where} has no valid save version.")
    if version > target:
        raise SaveError(
            f"{where} was written by a newer wish_tui (save version {excerpt(version)}; this one reads up "
            f"to {target}), so it was left untouched."
        )
    while version < target:
        data = MIGRATIONS[version](data)
        version = data["version"]
    return data


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


MAX_ACTIONS = 20_000
"""More actions than any game of Wish takes (a long four-seat game takes about 1,500)."""
MAX_TEXT = {"id": 80, "name": 80, "saved_at": 40, "description": 400, "solo": 20}
"""The longest text each field may hold."""
SEED_RANGE = (-(1 << 63), 1 << 64)
"""Seeds are whole numbers of at most 64 bits."""


def _text_problem(key: str, value) -> str:
    if not isinstance(value, str):
        return f"'{key}' is not text"
    if len(value) > MAX_TEXT.get(key, 120):
        return f"'{key}' is too long"
    if not is_plain_text(value):
        return f"'{key}' holds characters that are not printable text"
    return ""


def check_readable(data: dict, where: str, games: Registry) -> None:
    """Raise SaveError unless `from_json` would read `data`: the bounds a save is read with, so
    that writing applies them too and every save written can be read back."""
    _check_shape(migrate(data, where), where, games)


def _check_shape(data: dict, where: str, games: Registry) -> Game:
    """Check every field of migrated save data; return the game it is a save of."""
    name = data.get("game", GAME)
    spec = games.get(name) if isinstance(name, str) else None
    if spec is None:
        raise SaveError(
            f"{where} is a save of an unknown game ({excerpt(name)}); this app plays "
            f"{', '.join(repr(n) for n in games)}."
        )
    problems = [
        *_seating_problems(data, spec),
        *_action_problems(data.get("actions")),
        *_field_problems(data, spec),
    ]
    if problems:
        raise SaveError(f"{where} has the wrong shape: {problems[0]}.")
    return spec


def _seating_problems(data: dict, spec: Game) -> list[str]:
    """What is wrong with a save's seed and seats."""
    key = spec.seat_key
    problems = []
    seed = data.get("seed")
    if not (_is_int(seed) and SEED_RANGE[0] <= seed < SEED_RANGE[1]):
        problems.append("'seed' is not a whole number of at most 64 bits")
    seats = data.get("seats")
    if not (
        isinstance(seats, list)
        and 1 <= len(seats) <= spec.max_seats
        and all(isinstance(s, dict) and isinstance(s.get(key), str) for s in seats)
    ):
        problems.append(
            f"'seats' is not a list of 1 to {spec.max_seats} seats with a {spec.seat_word} each"
        )
    elif not all(
        isinstance(s.get("who", "human"), str) and s.get("who", "human") in WHO for s in seats
    ):
        problems.append(f"a seat's 'who' is not one of {', '.join(WHO)}")
    elif not all(len(s[key]) <= 20 and is_plain_text(s[key]) for s in seats):
        problems.append(f"a seat's {spec.seat_word} is not a short name")
    return problems


def _action_problems(actions) -> list[str]:
    """What is wrong with a save's actions (at most one sentence)."""
    if not (isinstance(actions, list) and all(isinstance(a, str) for a in actions)):
        return ["'actions' is not a list of actions in notation"]
    if len(actions) > MAX_ACTIONS:
        return [f"'actions' holds more than {MAX_ACTIONS} actions"]
    if not all(len(a) <= MAX_NOTATION and is_plain_text(a) for a in actions):
        return ["an action is not short printable notation"]
    return []


def _field_problems(data: dict, spec: Game) -> list[str]:
    """What is wrong with a save's state, its texts and its options."""
    problems = []
    if not (data.get("state") is None or isinstance(data.get("state"), dict)):
        problems.append("'state' is not an object")
    for text_key in ("solo", "id", "name", "saved_at", "description"):
        problem = _text_problem(text_key, data.get(text_key, ""))
        if problem:
            problems.append(problem)
    options = data.get("options", {})
    if not isinstance(options, dict):
        problems.append("'options' is not an object")
    else:
        try:
            spec.parse_options(options)
        except ValueError as exc:
            problems.append(_clause(exc))
    return problems


# -- replaying ------------------------------------------------------------------------------------
def replay(record: GameRecord, where: str = "the record") -> list:
    """Replay a record from its seed: the state before the first action, then after each one.

    Raises:
        SaveError: the seats are not a game; IllegalInRecord: an action is illegal where it
            stands.
    """
    spec = record.spec
    try:
        state = spec.new_state(record.seat_names, record.seed, record.solo, record.options)
    except ValueError as exc:
        raise SaveError(
            f"{where} does not describe a game of {spec.title}: {_clause(exc)}."
        ) from None
    states = [state]
    parse = spec.rules.parse_action
    for i, text in enumerate(record.actions, 1):
        try:
            state = state.apply(parse(state, text))
        except ValueError as exc:
            raise IllegalInRecord(
                f"{where} holds an illegal action record: action {i} {excerpt(text)} is refused "
                f"({_clause(exc)}).",
                i,
                text,
                _clause(exc),
            ) from None
        states.append(state)
    return states


def _clause(exc: Exception) -> str:
    """An exception's message as a clause to put inside a sentence."""
    text = str(exc).strip().rstrip(".")
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def saved_state(record: GameRecord):
    """The position a record carries, checked to be a game of this record's seats and seed.

    Raises:
        ValueError: the saved position is not a consistent game, or not this record's game.
    """
    spec = record.spec
    state = spec.rules.State.from_dict(record.state)
    seats, solo, seed, options = spec.identity(state)
    if list(seats) != record.seat_names or solo != record.solo:
        raise ValueError("its seats are not the seats of the record")
    if seed != record.seed:
        raise ValueError("it was dealt from another seed than the record's")
    if spec.parse_options(options) != record.options:
        raise ValueError("it was set up with other options than the record's")
    return state


def settle(record: GameRecord, where: str) -> tuple[list, str | None]:
    """Choose what to load from a record: its replay, its saved position, or both agreeing.

    Returns:
        (history, warning): the states to load, the last being the position (the whole replay
        when the actions reach the saved position, else the one position kept), and one sentence
        when the actions and the saved position disagree or one of them is damaged.

    Raises:
        SaveError: neither the actions nor the saved position describe a game of this record.
    """
    try:
        states, replay_error = replay(record, where), None
    except SaveError as exc:
        states, replay_error = None, exc
    if not record.state:
        if states is None:
            raise replay_error
        record.state = states[-1].to_dict()
        return states, None
    if states is not None and states[-1].to_dict() == record.state:
        return states, None
    try:
        state = saved_state(record)
    except ValueError as exc:
        if states is None:
            raise SaveError(
                f"{str(replay_error).rstrip('.')}; its saved position cannot stand in either "
                f"({_clause(exc)})."
            ) from None
        record.state = states[-1].to_dict()
        return states, (
            f"{where} has a damaged saved position ({_clause(exc)}), so the position its "
            "actions replay to was loaded."
        )
    record.state = state.to_dict()
    if states is not None and states[-1].to_dict() == record.state:
        return states, None  # the same position, saved in an older format of the game's state
    lead = f"{where[0].lower()}{where[1:]}"
    if states is None:
        why = (
            replay_error.refusal()
            if isinstance(replay_error, IllegalInRecord)
            else _clause(replay_error)
        )
        return [state], (
            f"The actions in {lead} do not replay ({why}); the saved position "
            "was loaded, without its history."
        )
    return [
        state
    ], f"The actions in {lead} do not replay to its saved position; the saved position was loaded."
