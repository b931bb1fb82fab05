"""Spirits of the Forest as the registry sees it: seats, modules, solo levels, rules adapters."""

from __future__ import annotations

from functools import cache
from types import ModuleType

from wish_tui.core.game_spec import Game, Option, Parts
from wish_tui.core.ranking import seat_totals


def _new_state(seats, seed: int, solo: str = "", options: dict | None = None):
    from wish_tui.spirits import rules

    modules = tuple((options or {}).get("modules", ()))
    return rules.new_game(list(seats), seed=seed, modules=modules, solo=solo or None)


def _identity(state) -> tuple[list[str], str, int, dict]:
    return list(state.seats), state.solo, state.seed, {"modules": tuple(state.modules)}


def _summary(state) -> tuple[str, tuple[int, ...]]:
    if state.is_over:
        return "over", seat_totals(state.final_scores())
    return f"{state.tiles_left} tiles left", ()


def _solo_won(scores: dict) -> bool:
    return bool(scores["winners"])


@cache
def _parts() -> Parts:
    """This game's pure modules, imported when first asked for."""
    from wish_tui.spirits import bots, rules
    from wish_tui.spirits.words import choices, log, text

    return Parts(rules=rules, bots=bots, log=log, choices=choices, text=text)


def _screens() -> ModuleType:
    """This game's screens (Textual), imported when first asked for."""
    from wish_tui.spirits import ui

    return ui


GAME = Game(
    name="spirits",
    title="Spirits of the Forest",
    blurb="Draft spirit tiles, win the forest's majorities.",
    package="wish_tui.spirits",
    parts=_parts,
    screens=_screens,
    seats=("air", "water", "fire", "earth"),
    seat_word="element",
    seat_key="djinn",
    new_state=_new_state,
    identity=_identity,
    summary=_summary,
    solo_won=_solo_won,
    solo_levels=("easy", "standard", "hard"),
    options=(
        Option(
            key="modules",
            title="Modules",
            flag="--modules",
            help="the Wishes and Hexes module's parts: wishes, hexes or wishes,hexes",
            choices=("wishes", "hexes"),
            in_solo=False,
        ),
    ),
)
