"""The new-game screen: 1-4 seats (a person or a bot level), Djinns chosen or random, solo, seed."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select

from wish_tui.records import SEED_RANGE
from wish_tui.seeds import fresh_seed

DJINN_OPTIONS = [
    ("Random Djinn", "random"),
    ("Air", "air"),
    ("Water", "water"),
    ("Fire", "fire"),
    ("Earth", "earth"),
]
WHO_OPTIONS = [
    ("Nobody", "none"),
    ("Person", "human"),
    ("Bot: random", "random"),
    ("Bot: easy", "easy"),
    ("Bot: medium", "medium"),
    ("Bot: hard", "hard"),
]
SOLO_OPTIONS = [
    ("No — play against seats", ""),
    ("Solo: easy", "easy"),
    ("Solo: medium", "medium"),
    ("Solo: hard", "hard"),
]
DEFAULT_WHO = ("human", "easy", "none", "none")


def resolve_seats(rows: list[tuple[str, str]], solo: str, seed: int) -> tuple[list[dict], str]:
    """Turn the form's rows into seats, drawing random Djinns from the seed.

    Returns:
        (seats, error): seats as {"djinn", "who"}; error is '' or one sentence.
    """
    rows = [(d, w) for d, w in rows if w != "none"]
    if solo:
        rows = rows[:1] or [("random", "human")]
        rows = [(rows[0][0], "human")]
    if not rows:
        return [], "Choose at least one seat."
    if len(rows) == 1 and not solo:
        return [], "One seat is a solo game: choose a solo difficulty, or add a seat."
    chosen = [d for d, _ in rows if d != "random"]
    if len(set(chosen)) != len(chosen):
        return [], "Each Djinn can sit at only one seat."
    pool = [d for d in ("air", "water", "fire", "earth") if d not in chosen]
    random.Random(seed).shuffle(pool)
    seats = []
    for djinn, who in rows:
        seats.append({"djinn": djinn if djinn != "random" else pool.pop(), "who": who})
    return seats, ""


def in_range(seed: int) -> bool:
    """True for a seed of at most 64 bits."""
    return SEED_RANGE[0] <= seed < SEED_RANGE[1]


class NewGameScreen(Screen):
    """Choose the seats and start."""

    DEFAULT_CSS = """
    NewGameScreen { align: center middle; }
    NewGameScreen > Vertical { width: 76; height: auto; border: round $accent; padding: 0 1; }

    NewGameScreen Select { width: 1fr; }
    NewGameScreen .seat-label { width: 8; }
    NewGameScreen Horizontal { height: 1; margin-bottom: 1; }
    NewGameScreen #error { color: $error; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+n", "start", "Start")]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("New game — Tab moves between fields, Enter opens a list, ctrl+n starts\n")
            for i in range(4):
                with Horizontal():
                    yield Label(f"Seat {i + 1}", classes="seat-label")
                    yield Select(
                        DJINN_OPTIONS,
                        value="random",
                        allow_blank=False,
                        id=f"djinn{i}",
                        compact=True,
                    )
                    yield Select(
                        WHO_OPTIONS,
                        value=DEFAULT_WHO[i],
                        allow_blank=False,
                        id=f"who{i}",
                        compact=True,
                    )
            with Horizontal():
                yield Label("Solo", classes="seat-label")
                yield Select(SOLO_OPTIONS, value="", allow_blank=False, id="solo", compact=True)
            with Horizontal():
                yield Label("Seed", classes="seat-label")
                yield Input(
                    value="" if self.seed is None else str(self.seed),
                    placeholder="empty: a random seed",
                    id="seed",
                    compact=True,
                )
            yield Label("", id="error")
            yield Button("Start (ctrl+n)", variant="primary", id="start", compact=True)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def action_start(self) -> None:
        """Start the game described by the form."""
        text = self.query_one("#seed", Input).value.strip()
        if text and not (text.lstrip("-").isdigit() and len(text) <= 21 and in_range(int(text))):
            self.query_one("#error", Label).update(
                "The seed must be a whole number of at most 64 bits (or empty for a random one)."
            )
            return
        seed = int(text) if text else fresh_seed()
        rows = [
            (self.query_one(f"#djinn{i}", Select).value, self.query_one(f"#who{i}", Select).value)
            for i in range(4)
        ]
        solo = self.query_one("#solo", Select).value
        seats, error = resolve_seats(rows, solo, seed)
        if error:
            self.query_one("#error", Label).update(error)
            return
        self.app.start_game(seats, seed, solo)

    def action_back(self) -> None:
        """Back to the title screen."""
        self.app.show_title()
