"""The random and easy levels."""

from __future__ import annotations

from wish_tui.spirits.rules import Action

from .base import Bot


class RandomBot(Bot):
    """Uniform over the legal actions."""

    level = "random"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class EasyBot(Bot):
    """Random with sense: two symbols a turn when it can, never pays a gemstone it need not pay,
    reserves a tile at a row end rather than deep in the forest, and takes back a lost gemstone
    when it has nothing better to do."""

    level = "easy"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        if view.get("solo"):
            return self._solo(view, legal)
        if kind in ("take", "more"):
            return self._take(view, legal, kind)
        if kind == "gem":
            return self._gem(view, legal)
        if kind == "favor":
            # A '+' token is worth nothing once the game is over; a symbol may win a majority.
            useful = [a for a in legal if a.name != "plus"]
            return self.rng.choice(useful or legal)
        return self.rng.choice([a for a in legal if a.kind != "plus"] or legal)

    def _take(self, view: dict, legal: list[Action], kind: str) -> Action:
        seat = view["seat"]
        takes = [a for a in legal if a.kind == "take"]
        free = [a for a in takes if _end(view, a).get("gem") in (None, seat)]
        takes = free or takes
        if not takes:
            return next((a for a in legal if a.kind in ("pass", "stop")), legal[0])
        if kind == "more":
            return self.rng.choice(takes)
        # Two symbols a turn: a two-symbol tile, or a one-symbol tile with a partner in reach.
        good = [a for a in takes if _end(view, a)["symbols"] == 2 or _has_partner(view, a)]
        return self.rng.choice(good or takes)

    def _gem(self, view: dict, legal: list[Action]) -> Action:
        if any(a.kind == "plus" for a in legal) and not any(
            a.kind in ("gem", "move") for a in legal
        ):
            return next(a for a in legal if a.kind == "plus")
        ends = {e["place"] for row in view["forest"] for e in row if e and e["end"]}
        near = [a for a in legal if a.kind == "gem" and _place(a.a) in ends]
        if near:
            return self.rng.choice(near)
        return next((a for a in legal if a.kind == "skip"), legal[0])

    def _solo(self, view: dict, legal: list[Action]) -> Action:
        # Never give the forest more symbols than it takes itself, when that can be avoided.
        scored = []
        for action in legal:
            mine = _end(view, action)
            other = _end(view, action, opposite=True)
            gain = mine["symbols"] - (other["symbols"] if other else 0)
            scored.append((gain, action))
        top = max(g for g, _ in scored)
        return self.rng.choice([a for g, a in scored if g >= min(top, 0)])


def _place(place: int) -> str:
    return f"r{place // 12 + 1}c{place % 12 + 1}"


def _row_ends(view: dict, row: int) -> list[dict]:
    return [e for e in view["forest"][row] if e is not None]


def _end(view: dict, action: Action, opposite: bool = False) -> dict | None:
    """The forest entry of the tile `action` takes (or of the row's other end)."""
    tiles = _row_ends(view, action.a)
    if opposite:
        if len(tiles) < 2:
            return None
        return tiles[0] if action.b == 1 else tiles[-1]
    return tiles[-1] if action.b == 1 else tiles[0]


def _has_partner(view: dict, action: Action) -> bool:
    """True when another one-symbol tile of the same spirit would be in reach after `action`."""
    tile = _end(view, action)
    if tile["symbols"] != 1:
        return False
    spirit = tile["spirit"]
    for row in range(4):
        tiles = _row_ends(view, row)
        if row == action.a:
            tiles = tiles[:-1] if action.b == 1 else tiles[1:]
        for end in (tiles[:1] + tiles[-1:]) if tiles else []:
            if end["symbols"] == 1 and end["spirit"] == spirit and end.get("gem") is None:
                return True
    return False
