"""The best opponent's value, looked up where a position leaves every opponent as it was."""

from __future__ import annotations

from .evaluate import MEDIUM, Weights, rival_value


class RivalCache:
    """The best opponent's value at a few recent positions, reused where it cannot differ.

    During one seat's turn most actions leave every opponent's pieces, the board they are judged
    on and the clock untouched; their value is then the same, so it is looked up, not recomputed.
    The answers are exactly those of `rival_value`.
    """

    SIZE = 4

    __slots__ = ("seat", "weights", "_seen", "_djinns", "_reads")

    def __init__(self, seat: int, weights: Weights = MEDIUM) -> None:
        self.seat = seat
        self.weights = weights
        self._seen: list[tuple] = []
        self._djinns = None
        self._reads = (True, True)
        """Whether an opponent's value reads the Fiery Clones (the Fire Djinn's) and the
        Frostflakes (the Water Djinn's): only that Djinn's does."""

    def value_at(self, st) -> float:
        """The best opponent's value at `st`."""
        if st.djinns is not self._djinns:
            others = [p.djinn for s, p in enumerate(st.players) if s != self.seat]
            self._djinns, self._reads = st.djinns, ("fire" in others, "water" in others)
        clones, frost = self._reads
        for known, value in self._seen:
            if _same_for_rivals(st, known, self.seat, clones, frost):
                return value
        value = rival_value(st, self.seat, self.weights)
        self._seen.insert(0, (st, value))
        del self._seen[self.SIZE :]
        return value


def _same_for_rivals(a, b, seat: int, clones: bool = True, frost: bool = True) -> bool:
    """Whether every input of the opponents' `position_value` is equal in states `a` and `b`.

    A list or a seat's pieces that `b` shares with `a` (the same object: `apply` shares what an
    action leaves alone) is equal without being compared item by item. The Fiery Clones and the
    Frostflakes are compared only when `clones` and `frost` say an opponent's value reads them.
    """
    if (
        a.turn_idx != b.turn_idx
        or a.caravan_pos != b.caravan_pos
        or a.final_round != b.final_round
        or a.phase != b.phase
    ):
        return False
    if not _same_lists(a, b, clones, frost):
        return False
    pa, pb = a.players, b.players
    if len(pa) != len(pb):
        return False
    for other, p in enumerate(pa):
        if other != seat:
            q = pb[other]
            if p is not q and not _same_pieces(p, q):
                return False
    return True


def _same_lists(a, b, clones: bool, frost: bool) -> bool:
    """Whether the lists of `a` and `b` the opponents' value reads are equal: each by
    identity first (most are shared), then item by item."""
    x, y = a.area_meeples, b.area_meeples
    if x is not y and x != y:
        return False
    x, y = a.monuments, b.monuments
    if x is not y and x != y:
        return False
    x, y = a.caravan_deck, b.caravan_deck
    if x is not y and x != y:
        return False
    x, y = a.order, b.order
    if x is not y and x != y:
        return False
    if clones:
        x, y = a.clones, b.clones
        if x is not y and x != y:
            return False
    if frost:
        x, y = a.frost, b.frost
        if x is not y and x != y:
            return False
    return True


def _same_pieces(p, q) -> bool:
    """Whether two seats' pieces are equal in everything `position_value` reads."""
    return (
        p.area == q.area
        and p.crystals == q.crystals
        and p.hand == q.hand
        and p.meeples == q.meeples
        and p.fulfilled == q.fulfilled
        and p.potions == q.potions
        and p.trickery == q.trickery
        and p.nest == q.nest
        and p.badges == q.badges
        and p.vp_tokens == q.vp_tokens
        and p.unlocked == q.unlocked
        and p.destiny == q.destiny
    )
