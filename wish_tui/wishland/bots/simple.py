"""The random and easy levels."""

from __future__ import annotations

from wish_tui.wishland.rules import Action

from .base import Bot

WORTHWHILE_COST = 4
"""The easy bot prefers cards of at least this cost (they pay more) and Rides (they raise the
Card Limit)."""


def _worthwhile(view: dict, actions: list[Action]) -> list[Action]:
    """The cards among `actions` worth their price at a glance: Rides and dearer cards."""
    cards = {}
    for row in view["marketplace"]:
        for card in row["cards"]:
            if card is not None:
                cards[card["id"]] = card
    for card in view["players"][view["seat"]].get("hand", []):
        cards[card["id"]] = card
    good = [
        a
        for a in actions
        if a.arg in cards
        and (cards[a.arg]["kind"] == "ride" or cards[a.arg]["cost"] >= WORTHWHILE_COST)
    ]
    return good or actions


class RandomBot(Bot):
    """Uniform over the legal actions."""

    level = "random"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def _reason(self, view: dict, action: Action) -> str:
        return "picked at random among the legal actions"


class EasyBot(Bot):
    """Random with sense: claims every Achievement, buys a card when it can (else advertises or
    collects), ends its turn when its action is done, and never passes up a card at the end."""

    level = "easy"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        if "claim" in kinds:
            return kinds["claim"][0]
        decision = view["decision"]["kind"]
        if decision == "gain" and "gain" in kinds and self.rng.random() < 0.7:
            # More Workers mean more cards bought between two collects.
            worker = [a for a in kinds["gain"] if a.arg == "worker"]
            if worker:
                return worker[0]
        if decision == "bonus" and "bonus" in kinds:
            return self.rng.choice(kinds["bonus"])
        if decision == "order":
            # The later spaces pay 1 VP, a resource or a Ticket Office Card.
            rewarded = [a for a in legal if a.arg in ("3", "4", "5")]
            return self.rng.choice(rewarded or legal)
        if decision == "turn":
            for kind in ("buy", "play"):
                if kind in kinds and self.rng.random() < 0.85:
                    return self.rng.choice(_worthwhile(view, kinds[kind]))
            if "draw" in kinds and view["stage"] == "start":
                return kinds["draw"][0]
            if "end" in kinds:
                return kinds["end"][0]
            if "advertise" in kinds and self.rng.random() < 0.6:
                return kinds["advertise"][0]
            if "collect" in kinds:
                me = view["players"][view["seat"]]
                if me["workers"]["on_board"] or "advertise" not in kinds:
                    return kinds["collect"][0]
                return kinds["advertise"][0]
            sensible = [a for a in legal if a.kind != "move"] or legal
            return self.rng.choice(sensible)
        return self.rng.choice(legal)

    def _reason(self, view: dict, action: Action) -> str:
        if action.kind == "claim":
            return f"claim Achievement {action.arg} for 1 VP"
        if action.kind in ("buy", "play", "bonus"):
            return "a card picked at random among the Rides and the dearer cards"
        if action.kind == "gain" and action.arg == "worker":
            return "more Workers mean more cards bought between two collects"
        return "picked at random among the sensible actions"
