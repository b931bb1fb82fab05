"""Wish as the registry sees it: its description (`data/game.toml`) and the adapters to its rules."""

from __future__ import annotations

from types import ModuleType

from wish_tui.core.game_spec import SETUP_PROGRESS, Game, Parts
from wish_tui.core.ranking import seat_totals


class Wish(Game):
    """Wish's adapters: its rules' `new_game`, the round for the Load list, the solo Destiny,
    the count of a decision asked again and again."""

    def new_state(self, seats, seed: int, solo: str = "", options: dict | None = None):
        from wish_tui.wish import rules

        return rules.new_game(list(seats), seed=seed, solo=solo or None)

    def identity(self, state) -> tuple[list[str], str, int, dict]:
        return list(state.djinns), state.solo, state.seed, {}

    def summary(self, state) -> tuple[str, tuple[int, ...]]:
        if state.is_over:
            return f"over after round {state.round}", seat_totals(state.final_scores())
        scores = tuple(state.visible_score(i) for i in range(state.num_seats))
        return (SETUP_PROGRESS if state.round == 0 else f"round {state.round}"), scores

    def progress(self, state) -> str:
        if state.is_over:
            return f"over after round {state.round}"
        return SETUP_PROGRESS if state.round == 0 else f"round {state.round}"

    def solo_won(self, scores: dict) -> bool:
        return bool(scores["seats"][0]["destiny_fulfilled"])

    def repeat_count(self, history) -> tuple[int, int] | None:
        from wish_tui.wish.rules.repeats import repeat_count

        return repeat_count(history)

    def load_parts(self) -> Parts:
        from wish_tui.wish import bots, rules
        from wish_tui.wish.words import choices, log, text

        return Parts(rules=rules, bots=bots, log=log, choices=choices, text=text)

    def screens(self) -> ModuleType:
        from wish_tui.wish import ui

        return ui


GAME = Wish.described("wish_tui.wish")
