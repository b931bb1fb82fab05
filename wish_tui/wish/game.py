"""Wish as the registry sees it: seats, solo levels and the adapters to its rules."""

from __future__ import annotations

from functools import cache
from types import ModuleType

from wish_tui.core.game_spec import Game, Parts
from wish_tui.core.ranking import seat_totals


def _new_state(seats, seed: int, solo: str = "", options: dict | None = None):
    from wish_tui.wish import rules

    return rules.new_game(list(seats), seed=seed, solo=solo or None)


def _identity(state) -> tuple[list[str], str, int, dict]:
    return list(state.djinns), state.solo, state.seed, {}


def _summary(state) -> tuple[str, tuple[int, ...]]:
    if state.is_over:
        return f"over after round {state.round}", seat_totals(state.final_scores())
    scores = tuple(state.visible_score(i) for i in range(state.num_seats))
    return ("setup" if state.round == 0 else f"round {state.round}"), scores


def _solo_won(scores: dict) -> bool:
    return bool(scores["seats"][0]["destiny_fulfilled"])


@cache
def _parts() -> Parts:
    """This game's pure modules, imported when first asked for."""
    from wish_tui.wish import bots, rules
    from wish_tui.wish.words import choices, log, text

    return Parts(rules=rules, bots=bots, log=log, choices=choices, text=text)


def _screens() -> ModuleType:
    """This game's screens (Textual), imported when first asked for."""
    from wish_tui.wish import ui

    return ui


GAME = Game(
    name="wish",
    title="Wish",
    blurb="Djinns fulfill wishes and race the Caravan to the Dock.",
    package="wish_tui.wish",
    parts=_parts,
    screens=_screens,
    seats=("air", "water", "fire", "earth"),
    seat_word="Djinn",
    seat_key="djinn",
    new_state=_new_state,
    identity=_identity,
    summary=_summary,
    solo_won=_solo_won,
    solo_levels=("easy", "medium", "hard"),
    solo_won_name="destiny",
)
