"""Wishland as the registry sees it: its description (`data/game.toml`: colours as seats, two
yes/no options, one solo level) and the adapters to its rules."""

from __future__ import annotations

from types import ModuleType

from wish_tui.core.excerpt import excerpt
from wish_tui.core.game_spec import SETUP_PROGRESS, Game, Parts
from wish_tui.core.ranking import seat_totals

SOLO_TARGET = 30
"""A solo game has no winner; the tournament counts one that scores at least this many Victory
Points as won (about what a medium bot reaches in half its games)."""


class Wishland(Game):
    """Wishland's adapters: its rules' `new_game` with the two options, the best solo scores."""

    def new_state(self, seats, seed: int, solo: str = "", options: dict | None = None):
        from wish_tui.wishland import rules

        if solo and solo not in self.solo_levels:
            raise ValueError(
                f"{excerpt(solo)} is not a solo level of {self.title}; "
                f"its one level is {self.solo_levels[0]}."
            )
        options = options or {}
        return rules.new_game(
            list(seats),
            seed=seed,
            entrepreneurs=bool(options.get("entrepreneurs", False)),
            achievement_tiles=bool(options.get("achievement_tiles", False)),
            solo=bool(solo),
        )

    def identity(self, state) -> tuple[list[str], str, int, dict]:
        options = {"entrepreneurs": state.ent_opt, "achievement_tiles": state.tiles_opt}
        return list(state.seats), self.solo_levels[0] if state.solo else "", state.seed, options

    def summary(self, state) -> tuple[str, tuple[int, ...]]:
        if state.is_over:
            return "over", seat_totals(state.final_scores())
        scores = tuple(p.vp for p in state.players)
        return (SETUP_PROGRESS if state.round == 0 else f"round {state.round}"), scores

    def progress(self, state) -> str:
        if state.is_over:
            return "over"
        return SETUP_PROGRESS if state.round == 0 else f"round {state.round}"

    def solo_won(self, scores: dict) -> bool:
        return scores["seats"][0]["total"] >= SOLO_TARGET

    def solo_score(self, scores: dict) -> tuple[str, int]:
        return scores["setup"], scores["seats"][0]["total"]

    def solo_setup(self, view: dict) -> str:
        """The setup key of a solo game's view, as its final scoring names it."""
        options = view.get("options") or {}
        parts = ["solo"] + [
            key for key in ("entrepreneurs", "achievement_tiles") if options.get(key)
        ]
        return "+".join(parts)

    def load_parts(self) -> Parts:
        from wish_tui.wishland import bots, rules
        from wish_tui.wishland.words import choices, log, text

        return Parts(rules=rules, bots=bots, log=log, choices=choices, text=text)

    def screens(self) -> ModuleType:
        from wish_tui.wishland import ui

        return ui


GAME = Wishland.described("wish_tui.wishland")
