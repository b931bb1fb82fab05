"""Wishland as the registry sees it: colours as seats, two yes/no options, one solo level, and the
adapters to its rules."""

from __future__ import annotations

from functools import cache
from types import ModuleType

from wish_tui.core.game_spec import Game, Option, Parts
from wish_tui.core.ranking import seat_totals

SOLO_LEVEL = "standard"
"""Wishland's solo game has one level: the rulebook's Solo Mode."""
SOLO_TARGET = 30
"""A solo game has no winner; the tournament counts one that scores at least this many Victory
Points as won (about what a medium bot reaches in half its games)."""


def _new_state(seats, seed: int, solo: str = "", options: dict | None = None):
    from wish_tui.wishland import rules

    options = options or {}
    return rules.new_game(
        list(seats),
        seed=seed,
        entrepreneurs=bool(options.get("entrepreneurs", False)),
        achievement_tiles=bool(options.get("achievement_tiles", False)),
        solo=bool(solo),
    )


def _identity(state) -> tuple[list[str], str, int, dict]:
    options = {"entrepreneurs": state.ent_opt, "achievement_tiles": state.tiles_opt}
    return list(state.seats), SOLO_LEVEL if state.solo else "", state.seed, options


def _summary(state) -> tuple[str, tuple[int, ...]]:
    if state.is_over:
        return "over", seat_totals(state.final_scores())
    scores = tuple(p.vp for p in state.players)
    return ("setup" if state.round == 0 else f"round {state.round}"), scores


def _solo_won(scores: dict) -> bool:
    return scores["seats"][0]["total"] >= SOLO_TARGET


def _solo_score(scores: dict) -> tuple[str, int]:
    return scores["setup"], scores["seats"][0]["total"]


def _solo_setup(view: dict) -> str:
    """The setup key of a solo game's view, as its final scoring names it."""
    options = view.get("options") or {}
    parts = ["solo"] + [key for key in ("entrepreneurs", "achievement_tiles") if options.get(key)]
    return "+".join(parts)


@cache
def _parts() -> Parts:
    """This game's pure modules, imported when first asked for."""
    from wish_tui.wishland import bots, rules
    from wish_tui.wishland.words import choices, log, text

    return Parts(rules=rules, bots=bots, log=log, choices=choices, text=text)


def _screens() -> ModuleType:
    """This game's screens (Textual), imported when first asked for."""
    from wish_tui.wishland import ui

    return ui


GAME = Game(
    name="wishland",
    title="Wishland",
    blurb="Place Workers to buy cards and build the best amusement park.",
    package="wish_tui.wishland",
    parts=_parts,
    screens=_screens,
    seats=("red", "blue", "green", "yellow"),
    seat_word="colour",
    seat_key="colour",
    new_state=_new_state,
    identity=_identity,
    summary=_summary,
    solo_won=_solo_won,
    solo_score=_solo_score,
    solo_setup=_solo_setup,
    solo_levels=(SOLO_LEVEL,),
    options=(
        Option(
            key="entrepreneurs",
            title="Entrepreneurs",
            flag="--entrepreneurs",
            help="deal two Entrepreneur Cards to each seat, who keeps one",
        ),
        Option(
            key="achievement_tiles",
            title="Achievement tiles",
            flag="--achievement-tiles",
            help="draw 9 Achievement Tiles onto the board's Achievement spaces",
        ),
    ),
)
