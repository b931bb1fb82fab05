"""The new-game screen: which game, 1-4 seats (a person or a bot level), seats chosen or random,
solo, the game's options, seed."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select

from wish_tui import games
from wish_tui.core.bots import LEVELS
from wish_tui.core.game_spec import Game
from wish_tui.records import SEED_RANGE
from wish_tui.seeds import fresh_seed
from wish_tui.ui.screens.app_screen import WIDTHS, AppScreen
from wish_tui.widgets.key_footer import KeyFooter

from . import preferences

BOT_OPTIONS = [(f"Bot: {level}", level) for level in LEVELS]
"""A bot of each level, weakest first."""
WHO_OPTIONS = [("Nobody", "none"), ("Person", "human"), *BOT_OPTIONS]
DEFAULT_WHO = ("human", "easy", "none", "none")
WHO_ONLINE = [
    ("Nobody", "none"),
    ("Me", "me"),
    ("Open seat (a friend joins)", "open"),
    *BOT_OPTIONS,
]
"""Who sits where at a new table of `wish-tui serve`."""
DEFAULT_ONLINE = ("me", "open", "none", "none")
CLOCKS = [
    ("Live, no clock", "live"),
    ("Live: 5 min + 3 s a move", "live:5:3"),
    ("Live: 10 min + 5 s a move", "live:10:5"),
    ("Live: 20 min + 10 s a move", "live:20:10"),
    ("Turn-based (over days), no clock", "turn"),
    ("Turn-based: 24 h a move, 14 days", "turn:24:14"),
    ("Turn-based: 72 h a move, 30 days", "turn:72:30"),
]
"""How a new table at the server is played: live, or turn-based (a move at a time, over days),
and its clock."""
SLIM_BELOW = WIDTHS[1][0]
"""Below this many columns (a phone upright) the form is narrow."""
SEED_HINTS = ("empty: a random seed (kept secret until the end)", "empty: a random seed, secret")
"""The seed field's hint, and the one a phone's narrow form has room for."""


def table_clock(choice: str) -> tuple[str, dict]:
    """The kind of table and its clock for a `CLOCKS` choice: ('live', {'type': 'live', …})."""
    kind, *numbers = choice.split(":")
    if not numbers:
        return kind, {"type": "none"}
    first, second = (int(n) for n in numbers)
    if kind == "live":
        return kind, {"type": "live", "minutes": first, "increment": second}
    return kind, {"type": "turn", "hours": first, "total_days": second}


def seat_options(game: Game) -> list[tuple[str, str]]:
    """The seat names a form row offers: a random one, then each of the game's."""
    return [(f"Random {game.seat_word}", "random")] + [(game.seat_title(n), n) for n in game.seats]


def solo_options(game: Game) -> list[tuple[str, str]]:
    """The solo choices of a game: none, then each level."""
    return [("No — play against seats", "")] + [(f"Solo: {lv}", lv) for lv in game.solo_levels]


def resolve_seats(
    rows: list[tuple[str, str]], solo: str, seed: int, game: Game | None = None
) -> tuple[list[dict], str]:
    """Turn the form's rows into seats, drawing random seat names from the seed.

    Returns:
        (seats, error): seats as {seat key: name, "who": who}; error is '' or one sentence.
    """
    game = game or games.get(None)
    rows = [(d, w) for d, w in rows if w != "none"]
    me = "me" if any(w in ("me", "open") for _, w in rows) else "human"
    if solo:
        rows = rows[:1] or [("random", me)]
        rows = [(rows[0][0], me)]
    if not rows:
        return [], "Choose at least one seat."
    if len(rows) == 1 and not solo:
        return [], "One seat is a solo game: choose a solo difficulty, or add a seat."
    chosen = [d for d, _ in rows if d != "random"]
    if len(set(chosen)) != len(chosen):
        return [], f"Each {game.seat_word} can sit at only one seat."
    pool = [d for d in game.seats if d not in chosen]
    random.Random(seed).shuffle(pool)
    seats = []
    for name, who in rows:
        seats.append({game.seat_key: name if name != "random" else pool.pop(), "who": who})
    return seats, ""


def in_range(seed: int) -> bool:
    """True for a seed of at most 64 bits."""
    return SEED_RANGE[0] <= seed < SEED_RANGE[1]


class OptionBox(Checkbox):
    """A checkbox that shows its X only when ticked, so that it reads without colour (NO_COLOR)."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()


class NewGameScreen(AppScreen):
    """Choose the game and the seats, and start."""

    DEFAULT_CSS = """
    NewGameScreen { align: center middle; }
    NewGameScreen > Vertical { width: 76; height: auto; border: round $accent; padding: 0 1; }

    NewGameScreen Select { width: 1fr; }
    NewGameScreen Select:focus > SelectCurrent { text-style: reverse; }
    NewGameScreen .seat-label { width: 8; }
    NewGameScreen Horizontal { height: 1; margin-bottom: 1; }
    NewGameScreen #options { height: auto; }
    NewGameScreen #options Checkbox { width: auto; height: 1; border: none; padding: 0 1 0 0; }
    NewGameScreen #error { color: $error; }
    NewGameScreen .-hidden { display: none; }
    NewGameScreen.-slim > Vertical { width: 100%; }
    NewGameScreen.-slim > Vertical, NewGameScreen.-short > Vertical {
        max-height: 100%; overflow-y: auto;
    }
    NewGameScreen.-slim Label { width: 1fr; }
    NewGameScreen.-slim .seat-label { width: 7; }
    NewGameScreen.-slim Input { width: 1fr; }
    NewGameScreen.-slim #options { layout: vertical; }
    NewGameScreen.-slim #clock-row { layout: vertical; height: 2; }
    NewGameScreen.-slim #clock { width: 100%; }
    """
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+n", "start", "Start"),
        *(
            Binding(str(n), f"choose_game({n - 1})", f"Game {n}", show=False)
            for n in range(1, len(games.GAMES) + 1)
        ),
    ]
    """Besides Esc and ctrl+n, each game's number chooses it (the list starts on the last
    game played: its arrows would walk from there); in the open list of games it highlights
    it."""
    _game_taken_note = ""
    """Said once the game highlighted when ctrl+n was pressed is shown (`_took_highlighted_game`)."""

    def __init__(
        self,
        seed: int | None = None,
        game: str | None = None,
        online: bool = False,
        goes_back: bool = False,
    ) -> None:
        super().__init__()
        self.seed = seed
        self.online = online
        """A new table at the server: seats are you, open for a friend, or bots; no seed."""
        self.goes_back = goes_back
        """Esc goes back to the screen beneath (the final scoring it was opened from)."""
        self.memory = {} if online else preferences.recall_form()
        """The form as it last started a game (a local one), to start from."""
        if game not in games.GAMES:
            game = self.memory.get("game")
        self.game = games.get(game if game in games.GAMES else None)

    def _remembered(self, game: Game) -> tuple[list[tuple[str, str]], str, dict]:
        """The rows, solo level and options to show for `game`: the last form's when it was a
        form of this game, else the defaults."""
        who_values = {v for _, v in (WHO_ONLINE if self.online else WHO_OPTIONS)}
        default = DEFAULT_ONLINE if self.online else DEFAULT_WHO
        rows = [("random", w) for w in default]
        memory = self.memory if self.memory.get("game") == game.name else {}
        if memory.get("rows"):
            seat_values = {v for _, v in seat_options(game)}
            kept = [(d, w) for d, w in memory["rows"] if d in seat_values and w in who_values]
            if len(kept) == 4:
                rows = kept
        solo = memory.get("solo", "")
        solo = solo if solo in game.solo_levels else ""
        return rows, solo, memory.get("options") or {}

    def compose(self) -> ComposeResult:
        game = self.game
        rows, solo, options = self._remembered(game)
        with Vertical():
            what = "New table" if self.online else "New game"
            yield Label(f"{what} — Tab moves between fields, 1 2 3 pick the game, ctrl+n starts")
            yield Label(game.blurb, id="blurb")
            with Horizontal():
                yield Label("Game", classes="seat-label")
                yield Select(
                    [(f"{n} {g.title}", g.name) for n, g in enumerate(games.GAMES.values(), 1)],
                    value=game.name,
                    allow_blank=False,
                    id="game",
                    compact=True,
                    # Its open list leaves digits to the game's number (`choose_game`): as a
                    # search, a second digit within 0.7 s sought '12' and moved nothing.
                    type_to_search=False,
                )
            for i in range(4):
                with Horizontal(id=f"row{i}", classes="-hidden" if solo and i else ""):
                    yield Label("You" if solo and not i else f"Seat {i + 1}", classes="seat-label")
                    yield Select(
                        seat_options(game),
                        value=rows[i][0],
                        allow_blank=False,
                        id=f"djinn{i}",
                        compact=True,
                    )
                    yield Select(
                        WHO_ONLINE if self.online else WHO_OPTIONS,
                        value=rows[i][1],
                        allow_blank=False,
                        id=f"who{i}",
                        compact=True,
                        classes="-hidden" if solo and not i else "",
                    )
            with Horizontal():
                yield Label("Solo", classes="seat-label")
                yield Select(
                    solo_options(game), value=solo, allow_blank=False, id="solo", compact=True
                )
            with Horizontal(id="options"):
                yield from self._option_boxes(game, options)
            with Horizontal(id="clock-row", classes="" if self.online else "-hidden"):
                yield Label("Play", classes="seat-label")
                yield Select(CLOCKS, value="live", allow_blank=False, id="clock", compact=True)
            with Horizontal(classes="-hidden" if self.online else ""):
                yield Label("Seed", classes="seat-label")
                yield Input(
                    value="" if self.seed is None else str(self.seed),
                    placeholder=SEED_HINTS[0],
                    id="seed",
                    compact=True,
                    disabled=self.online,
                )
            yield Label("", id="error")
            yield Button("Start (ctrl+n)", variant="primary", id="start", compact=True)
        yield KeyFooter()

    @staticmethod
    def _option_boxes(game: Game, values: dict | None = None) -> list:
        values = values or {}
        single = len(game.options) == 1 and game.options[0].is_set
        title = game.options[0].title if single else "Options" if game.options else ""
        boxes: list = [Label(title, classes="seat-label")]
        for option in game.options:
            if option.is_set:
                singular = option.title[:-1] if option.title.endswith("s") else option.title
                boxes += [
                    OptionBox(
                        choice.capitalize() if single else f"{singular}: {choice}",
                        choice in (values.get(option.key) or ()),
                        id=f"opt-{option.key}-{choice}",
                        classes="solo-off" if not option.in_solo else "",
                        compact=True,
                    )
                    for choice in option.choices
                ]
            else:
                boxes.append(
                    OptionBox(
                        option.title,
                        values.get(option.key) is True,
                        id=f"opt-{option.key}",
                        classes="solo-off" if not option.in_solo else "",
                        compact=True,
                    )
                )
        off = [o.title.lower() for o in game.options if not o.in_solo]
        if off:  # where the boxes a solo game leaves out were (the rules play solo without them)
            note = Label(
                f"off in solo: a solo game plays without {' or '.join(off)}", id="solo-note"
            )
            note.display = False  # until a solo level is chosen
            boxes.append(note)
        return boxes

    def _show_solo(self, solo: str) -> None:
        """With a solo level chosen: one seat, yours, and in place of the options a solo game
        does not use, a word that they are off in solo."""
        for box in self.query(".solo-off").results(Checkbox):
            box.disabled = bool(solo)
            box.display = not solo
        for note in self.query("#solo-note"):
            note.display = bool(solo)
        for i in range(1, 4):
            self.query_one(f"#row{i}", Horizontal).set_class(bool(solo), "-hidden")
        self.query_one("#who0", Select).set_class(bool(solo), "-hidden")
        self.query_one("#row0 Label", Label).update("You" if solo else "Seat 1")

    def on_mount(self) -> None:
        self._show_solo(str(self.query_one("#solo", Select).value or ""))
        self._fit_seed_hint()
        self.query_one("#game", Select).focus()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # The seed's field takes digits as the seed.
        return not (action == "choose_game" and isinstance(self.focused, Input))

    def action_choose_game(self, index: int) -> None:
        """Choose the game of this number (1 Wish, 2 Spirits of the Forest, 3 Wishland); in
        the open list of games, highlight it (Enter chooses it)."""
        select = self.query_one("#game", Select)
        if select.expanded:
            select.query_one(OptionList).highlighted = index
            return
        select.value = list(games.GAMES)[index]

    def on_resize(self) -> None:
        self._fit_seed_hint()

    def _fit_seed_hint(self) -> None:
        """The seed field's hint, shorter where the form is narrow."""
        slim = self.app.size.width < SLIM_BELOW
        self.query_one("#seed", Input).placeholder = SEED_HINTS[slim]

    def on_select_changed(self, event: Select.Changed) -> None:
        note = self._game_taken_note if event.select.id == "game" else ""
        self._game_taken_note = ""
        self.query_one("#error", Label).update(note)
        if event.select.id == "solo":
            self._show_solo(str(event.value or ""))
            return
        if event.select.id != "game" or event.value == self.game.name:
            return
        self.game = games.get(str(event.value))
        game = self.game
        self.query_one("#blurb", Label).update(game.blurb)
        for i in range(4):
            _reset(self.query_one(f"#djinn{i}", Select), seat_options(game), "random")
        _reset(self.query_one("#solo", Select), solo_options(game), "")
        self._show_solo("")
        box = self.query_one("#options", Horizontal)
        box.remove_children()
        box.mount_all(self._option_boxes(game))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#error", Label).update("")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.query_one("#error", Label).update("")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def _options(self) -> dict:
        values = {}
        solo = bool(self.query_one("#solo", Select).value)
        for option in self.game.options:
            if solo and not option.in_solo:
                values[option.key] = option.default
            elif option.is_set:
                values[option.key] = [
                    choice
                    for choice in option.choices
                    if self.query_one(f"#opt-{option.key}-{choice}", Checkbox).value
                ]
            else:
                values[option.key] = self.query_one(f"#opt-{option.key}", Checkbox).value
        return values

    def action_start(self) -> None:
        """Start the game described by the form."""
        if self._took_highlighted_game():
            return
        error = self.query_one("#error", Label)
        text = self.query_one("#seed", Input).value.strip()
        if text and not (text.lstrip("-").isdigit() and len(text) <= 21 and in_range(int(text))):
            error.update(
                "The seed must be a whole number of at most 64 bits (or empty for a random one)."
            )
            return
        seed = int(text) if text else fresh_seed()
        rows = [
            (self.query_one(f"#djinn{i}", Select).value, self.query_one(f"#who{i}", Select).value)
            for i in range(4)
        ]
        solo = self.query_one("#solo", Select).value
        seats, problem = resolve_seats(rows, solo, seed, self.game)
        if problem:
            error.update(problem)
            return
        if self.online:
            if sum(1 for s in seats if s["who"] == "me") != 1:
                error.update("Sit at exactly one seat yourself (Me); leave others open or to bots.")
                return
            named = [{"name": s[self.game.seat_key], "who": s["who"]} for s in seats]
            kind, clock = table_clock(str(self.query_one("#clock", Select).value))
            self.app.new_table(self.game.name, named, solo, self._options(), kind, clock)
            return
        preferences.remember_form(self.game.name, rows, solo, self._options())
        self.app.start_game(seats, seed, solo, self.game.name, self._options())

    def _took_highlighted_game(self) -> bool:
        """ctrl+n with the list of games open takes the highlighted game as Enter would; when
        that is another game, nothing starts before the form shows its seats (True)."""
        game_list = self.query_one("#game", Select)
        if not game_list.expanded:
            return False
        game_list.expanded = False
        index = game_list.query_one(OptionList).highlighted
        chosen = game_list.value if index is None else list(games.GAMES)[index]
        if chosen == game_list.value:
            return False
        self._game_taken_note = f"{games.get(chosen).title} chosen: ctrl+n again starts it."
        game_list.value = chosen
        return True

    def action_back(self) -> None:
        """Back to the screen it was opened from, or else to the title screen (the tables, for
        a new table at the server)."""
        if self.goes_back:
            self.dismiss()
        elif self.online:
            self.app.show_lobby()
        else:
            self.app.show_title()


def _reset(select: Select, options: list[tuple[str, str]], value: str) -> None:
    """Give a list new options and choose `value`, showing its new label even when the value
    itself is unchanged (Select redraws its label only when the value changes)."""
    with select.prevent(Select.Changed):
        select.set_options(options)
        select.value = options[-1][1] if value == options[0][1] else options[0][1]
        select.value = value
