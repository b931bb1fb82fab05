"""The Wishes and Hexes module's decisions: keeping a card at setup, a Favor token as a reward.

Setup: each seat, in turn order from the first player, keeps one of its two Wish cards and then
one of its two Hex cards; the other goes to the discards face down. The kept cards are revealed
together once every seat has kept (our reading of "chooses one, reveals it": the choice is
simultaneous, so no seat chooses knowing another's card).

End: when the last tile is taken, every Wish is checked at once on the counts of that moment;
then the spirit rewards are added, and the seats whose Wish pays a Favor token choose it from
those set aside at setup, in turn order from the first player.
"""

from __future__ import annotations

from .actions import Action
from .counts import all_figures, wish_met

KEEP_KINDS = ("wish", "hex")


def keep_actions(st, kind: str, seat: int) -> list:
    """The cards `seat` may keep: one of the two dealt."""
    options = st.wish_options[seat] if kind == "wish" else st.hex_options[seat]
    which = KEEP_KINDS.index(kind)
    return [Action("keep", a=which, name=name) for name in options]


def resolve_keep(st, seat: int, action) -> None:
    """`seat` keeps the named card; the other dealt card goes face down to the discards."""
    if action.a == 0:
        options, st.wish_options[seat] = st.wish_options[seat], ()
        st.wish[seat] = action.name
    else:
        options, st.hex_options[seat] = st.hex_options[seat], ()
        st.hex[seat] = action.name
    st.discards = (*st.discards, *(c for c in options if c != action.name))


def favor_actions(st) -> list:
    """One action per kind of Favor token still set aside (two '+' tokens are one choice)."""
    kinds = st.catalog.tokens
    seen: list[str] = []
    for t in sorted(st.aside):
        if kinds[t] not in seen:
            seen.append(kinds[t])
    order = {k: i for i, k in enumerate(st.catalog.tokens)}
    return [Action("favor", name=k) for k in sorted(seen, key=order.__getitem__)]


def resolve_favor(st, seat: int, action) -> None:
    """`seat` takes a set-aside Favor token of the chosen kind (the lowest numbered)."""
    kinds = st.catalog.tokens
    token = min(t for t in st.aside if kinds[t] == action.name)
    st.aside = tuple(t for t in st.aside if t != token)
    st.held[seat] = (*st.held[seat], token)
    st.reward_token[seat] = token


def finish(st) -> None:
    """The last tile is taken: check the Wishes, pay their rewards, and end (or ask for tokens)."""
    st.step, st.took, st.spirit = "take", 0, -1
    if "wishes" not in st.modules:
        st.phase = "over"
        return
    wishes = st.catalog.wishes
    table = all_figures(st, rewards=False)
    st.met = [bool(name) and wish_met(wishes[name], s, table) for s, name in enumerate(st.wish)]
    n = len(st.seats)
    for k in range(n):
        seat = (st.first + k) % n
        if not st.met[seat]:
            continue
        card = wishes[st.wish[seat]]
        if card.reward == "spirit":
            bonus = [0] * 12
            bonus[card.reward_spirit] = card.count
            st.bonus[seat] = tuple(bonus)
        else:
            st.pending.append(("favor", seat))
    st.phase = "reward" if st.pending else "over"
