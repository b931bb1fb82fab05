"""Spirits of the Forest as the registry sees it: its description (`data/game.toml`: seats,
modules, solo levels) and the adapters to its rules."""

from __future__ import annotations

from types import ModuleType

from wish_tui.core.game_spec import Game, Parts
from wish_tui.core.ranking import seat_totals


class Spirits(Game):
    """Spirits' adapters: its rules' `new_game` with the modules, the tiles left, a solo win."""

    def new_state(self, seats, seed: int, solo: str = "", options: dict | None = None):
        from wish_tui.spirits import rules

        modules = tuple((options or {}).get("modules", ()))
        return rules.new_game(list(seats), seed=seed, modules=modules, solo=solo or None)

    def identity(self, state) -> tuple[list[str], str, int, dict]:
        return list(state.seats), state.solo, state.seed, {"modules": tuple(state.modules)}

    def summary(self, state) -> tuple[str, tuple[int, ...]]:
        if state.is_over:
            return "over", seat_totals(state.final_scores())
        return f"{state.tiles_left} tiles left", ()

    def progress(self, state) -> str:
        return "over" if state.is_over else f"{state.tiles_left} tiles left"

    def solo_won(self, scores: dict) -> bool:
        return bool(scores["winners"])

    def load_parts(self) -> Parts:
        from wish_tui.spirits import bots, rules
        from wish_tui.spirits.words import choices, log, text

        return Parts(rules=rules, bots=bots, log=log, choices=choices, text=text)

    def screens(self) -> ModuleType:
        from wish_tui.spirits import ui

        return ui


GAME = Spirits.described("wish_tui.spirits")
