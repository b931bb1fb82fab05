"""The game record: what a save holds, its format and versions, and replaying it (no file I/O).

A save is one JSON object (DESIGN.md §5)::

    {"format": "wish_tui.save", "version": 2, "game": "wish", "seed": 7,
     "seats": [{"djinn": "air", "who": "human"}, ...], "solo": "",
     "actions": ["keep Arcanist", "discard Kingdom", ...], "state": {...State.to_dict()...},
     "id": "20250101-120000-7", "name": "evening", "saved_at": "2025-01-01T12:00:00+00:00"}

The action list, in notation, replays from the seed to the state (a PGN-like record); the state
makes the file readable on its own and lets the replay be checked. When the actions do not
reproduce the state, `settle` chooses what to load and a warning says so; a saved state must be
a consistent game of the record's own seats and seed, or the replay is the fallback.

Older versions are lifted to the current one by the chain of MIGRATIONS; a newer version is
refused. Every problem is a `SaveError` whose message is one sentence naming where the data came
from. Reading, writing and listing the files is `wish_tui.saves`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from wish_tui.core.excerpt import excerpt
from wish_tui.wish import rules
from wish_tui.wish.rules import Action, IllegalAction, State
from wish_tui.wish.rules.actions import MAX_NOTATION

FORMAT = "wish_tui.save"
VERSION = 2
"""The save version this code writes; it reads this and every older one."""
GAME = "wish"
WHO = ("human", "random", "easy", "medium", "hard")


class SaveError(Exception):
    """A save that cannot be read or written; the message is one sentence naming the file."""


# -- the record ------------------------------------------------------------------------------------
def new_id() -> str:
    """A fresh game id: the start time and a random tag (never the seed, which is a secret)."""
    return f"{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def _seat_dict(seat) -> dict:
    if isinstance(seat, str):
        return {"djinn": seat, "who": "human"}
    if isinstance(seat, dict):
        return {"djinn": seat.get("djinn"), "who": seat.get("who", "human")}
    return {"djinn": seat.djinn, "who": getattr(seat, "who", "human")}


@dataclass
class GameRecord:
    """A game as data: the seats, the seed, every action in notation and the current state."""

    seed: int
    seats: list[dict]
    """Per seat, in seat order: {"djinn": "air", "who": "human" | "random" | "easy" | ...}."""
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

    @property
    def djinns(self) -> list[str]:
        """The Djinn of each seat."""
        return [s["djinn"] for s in self.seats]

    @classmethod
    def new(cls, seats: Iterable, seed: int, solo: str | None = None) -> tuple[GameRecord, State]:
        """Start a game: seats are Djinn names, {"djinn", "who"} dicts or objects with those fields.

        Raises:
            ValueError: the seats or the solo level are not a game of Wish.
        """
        seat_dicts = [_seat_dict(s) for s in seats]
        state = rules.new_game([s["djinn"] for s in seat_dicts], seed=seed, solo=solo or None)
        record = cls(
            seed=seed,
            seats=seat_dicts,
            solo=solo or "",
            state=state.to_dict(),
            id=new_id(),
        )
        return record, state

    def play(self, state: State, action: Action | str) -> tuple[GameRecord, State]:
        """Apply an action (or its notation) to `state`; return the new record and state.

        Raises:
            IllegalAction: the action is not legal now; record and state are unchanged.
        """
        if isinstance(action, str):
            action = rules.parse_action(state, action)
        new_state = state.apply(action)
        record = GameRecord(**{**self.__dict__, "actions": [*self.actions, str(action)]})
        record.state = new_state.to_dict()
        return record, new_state

    def truncated(self, n_actions: int, state: State) -> GameRecord:
        """Return the record of the first `n_actions` actions, `state` being where they lead."""
        return GameRecord(
            **{**self.__dict__, "actions": self.actions[:n_actions], "state": state.to_dict()}
        )

    def to_json(self) -> dict:
        """Return the save file's content as JSON-safe data."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "seats": [dict(s) for s in self.seats],
            "solo": self.solo,
            "actions": list(self.actions),
            "state": self.state,
            "id": self.id,
            "name": self.name,
            "saved_at": self.saved_at,
            "description": self.description,
        }

    @classmethod
    def from_json(cls, data, where: str = "the save") -> GameRecord:
        """Read a save's content (any known version) without replaying it.

        Raises:
            SaveError: the data is not a save this version can read; `where` names it.
        """
        data = migrate(data, where)
        _check_shape(data, where)
        return cls(
            seed=data["seed"],
            seats=[{"djinn": s["djinn"], "who": s.get("who", "human")} for s in data["seats"]],
            solo=data.get("solo", ""),
            actions=list(data["actions"]),
            state=data["state"] if isinstance(data.get("state"), dict) else {},
            game=data["game"],
            id=str(data.get("id", "")),
            name=str(data.get("name", "")),
            saved_at=str(data.get("saved_at", "")),
            description=str(data.get("description", "")),
        )


# -- versions --------------------------------------------------------------------------------------
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


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _v1_to_v2}
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


def is_plain_text(text: str) -> bool:
    """True for text without control characters or lone surrogates (safe to show and write)."""
    return all(ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF for ch in text)


def _text_problem(key: str, value) -> str:
    if not isinstance(value, str):
        return f"'{key}' is not text"
    if len(value) > MAX_TEXT.get(key, 120):
        return f"'{key}' is too long"
    if not is_plain_text(value):
        return f"'{key}' holds characters that are not printable text"
    return ""


def _check_shape(data: dict, where: str) -> None:
    game = data.get("game")
    if game != GAME:
        raise SaveError(
            f"{where} is a save of an unknown game ({excerpt(game)}); this app plays 'wish'."
        )
    problems = []
    seed = data.get("seed")
    if not (_is_int(seed) and SEED_RANGE[0] <= seed < SEED_RANGE[1]):
        problems.append("'seed' is not a whole number of at most 64 bits")
    seats = data.get("seats")
    if not (
        isinstance(seats, list)
        and 1 <= len(seats) <= 4
        and all(isinstance(s, dict) and isinstance(s.get("djinn"), str) for s in seats)
    ):
        problems.append("'seats' is not a list of 1 to 4 seats with a Djinn each")
    elif not all(
        isinstance(s.get("who", "human"), str) and s.get("who", "human") in WHO for s in seats
    ):
        problems.append(f"a seat's 'who' is not one of {', '.join(WHO)}")
    elif not all(len(s["djinn"]) <= 20 and is_plain_text(s["djinn"]) for s in seats):
        problems.append("a seat's Djinn is not a short name")
    actions = data.get("actions")
    if not (isinstance(actions, list) and all(isinstance(a, str) for a in actions)):
        problems.append("'actions' is not a list of actions in notation")
    elif len(actions) > MAX_ACTIONS:
        problems.append(f"'actions' holds more than {MAX_ACTIONS} actions")
    elif not all(len(a) <= MAX_NOTATION and is_plain_text(a) for a in actions):
        problems.append("an action is not short printable notation")
    if not (data.get("state") is None or isinstance(data.get("state"), dict)):
        problems.append("'state' is not an object")
    for key in ("solo", "id", "name", "saved_at", "description"):
        problem = _text_problem(key, data.get(key, ""))
        if problem:
            problems.append(problem)
    if problems:
        raise SaveError(f"{where} has the wrong shape: {problems[0]}.")


# -- replaying ------------------------------------------------------------------------------------
def replay(record: GameRecord, where: str = "the record") -> list[State]:
    """Replay a record from its seed: the state before the first action, then after each one.

    Raises:
        SaveError: the seats are not a game, or an action is illegal where it stands.
    """
    try:
        state = rules.new_game(record.djinns, seed=record.seed, solo=record.solo or None)
    except ValueError as exc:
        raise SaveError(f"{where} does not describe a game of Wish: {_clause(exc)}.") from None
    states = [state]
    for i, text in enumerate(record.actions, 1):
        try:
            state = state.apply(rules.parse_action(state, text))
        except IllegalAction as exc:
            raise SaveError(
                f"{where} holds an illegal action record: action {i} {excerpt(text)} is refused "
                f"({_clause(exc)})."
            ) from None
        states.append(state)
    return states


def _clause(exc: Exception) -> str:
    """An exception's message as a clause to put inside a sentence."""
    text = str(exc).strip().rstrip(".")
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def saved_state(record: GameRecord) -> State:
    """The position a record carries, checked to be a game of this record's seats and seed.

    Raises:
        ValueError: the saved position is not a consistent game, or not this record's game.
    """
    state = State.from_dict(record.state)
    if list(state.djinns) != record.djinns or state.solo != record.solo:
        raise ValueError("its seats are not the seats of the record")
    if state.seed != record.seed:
        raise ValueError("it was dealt from another seed than the record's")
    return state


def settle(record: GameRecord, where: str) -> tuple[list[State], str | None]:
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
    lead = f"{where[0].lower()}{where[1:]}"
    if states is None:
        return [state], (
            f"The actions in {lead} do not replay ({_clause(replay_error)}); the saved position "
            "was loaded, without its history."
        )
    return [
        state
    ], f"The actions in {lead} do not replay to its saved position; the saved position was loaded."
