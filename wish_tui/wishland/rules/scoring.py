"""Final Scoring (rulebook, "Final Scoring" and "Determining the Winner").

The steps, in the rulebook's order: the Victory Points scored during play, Entrepreneur Cards,
Hotel Cards (Hotel #8's bonus purchase is a decision taken before, in the ``final`` phase),
Mascot Cards, Entertainment Symbols, Happiness, Visitors, Restaurant Card penalties.
"""

from __future__ import annotations

from wish_tui.core.ranking import tied_ranking

from . import economy
from .catalog import ACTOR, MASCOT, TICKET
from .tables import CAT, CATEGORY, ENTERTAINMENT, KIND, PENALTY, ent_factor, ent_param, hotel_param

STEPS = (
    "victory_track",
    "entrepreneur",
    "hotels",
    "mascots",
    "entertainment",
    "happiness",
    "visitors",
    "restaurants",
)
"""The scoring steps, in the rulebook's order."""
_BONUS = CAT.entertainment_bonus
_H5_TABLE = hotel_param(5, "table")
_H11_TABLE = hotel_param(11, "table")
_E10_VP = ent_param(10, "vp")
_TOP = CAT.track_top


def from_table(table, value: int) -> int:
    """The VP of the last row of a [[at least, VP], ...] table that `value` reaches."""
    vp = 0
    for at_least, points in table:
        if value >= at_least:
            vp = points
    return vp


def _symbols(p, with_mascots: bool) -> list[int]:
    counts = [0] * 12
    for card in p.park:
        if with_mascots or KIND[card] != MASCOT:
            counts[CATEGORY[card]] += 1
    return counts


def entrepreneur_vp(p) -> int:
    """Entrepreneurs #10 (all 12 Category Symbols) and #11 (the most common symbol)."""
    if p.ent == 10:
        return _E10_VP if all(_symbols(p, p.has_hotel(10))) else 0
    if p.ent == 11:
        return max(_symbols(p, p.has_hotel(10)))
    return 0


def hotel_vp(p) -> dict[int, int]:
    """VP of each Hotel with a Final Scoring Reward the seat has, by Hotel number."""
    vp: dict[int, int] = {}
    if p.has_hotel(5):
        vp[5] = from_table(_H5_TABLE, p.counts[TICKET])
    if p.has_hotel(6):
        vp[6] = (p.happiness >= _TOP) + (p.visitors >= _TOP) + (p.reserve == 0)
    if p.has_hotel(7):
        vp[7] = sum(
            1 for kind in range(5) if len({CATEGORY[c] for c in p.park if KIND[c] == kind}) >= 3
        )
    if p.has_hotel(11):
        vp[11] = from_table(_H11_TABLE, len(p.park))
    if p.has_hotel(17):
        vp[17] = min(p.counts[:5])
    return vp


def mascot_matches(p) -> int:
    """Category Symbols matched to Mascot Cards (each counted once per Mascot that has it)."""
    on_mascots = [0] * 12
    for card in p.park:
        if KIND[card] == MASCOT:
            on_mascots[CATEGORY[card]] += 1
    others = _symbols(p, False)
    total = 0
    with_self = p.has_hotel(10)
    for symbol in range(12):
        m = on_mascots[symbol]
        if m:
            total += m * (others[symbol] + (m if with_self else 0))
    return total


def entertainment(p) -> tuple[int, int, int]:
    """Return (unique Entertainment Symbols, their bonus VP, Hotel #12's VP for duplicates)."""
    on_actors = [ENTERTAINMENT[c] for c in p.park if KIND[c] == ACTOR]
    distinct = len(set(on_actors))
    unique = distinct + p.has_hotel(9)
    if p.counts[MASCOT] >= 5:
        unique += ent_factor(p, 8)
    unique = min(unique, len(_BONUS) - 1)
    duplicates = len(on_actors) - distinct if p.has_hotel(12) else 0
    return unique, _BONUS[unique], duplicates


def happiness_vp(p) -> int:
    """Happiness 10: 1 VP for each colour of which the seat has 5 or more cards."""
    if p.happiness < _TOP:
        return 0
    sets = sum(1 for n in p.counts if n >= CAT.happiness_final_set)
    return sets * ent_factor(p, 4)


def visitors_vp(p) -> int:
    """Visitors 10: 1 VP for every 5 Credits of Income."""
    if p.visitors < _TOP:
        return 0
    return economy.income(p) // CAT.visitors_final_per * ent_factor(p, 5)


def restaurant_penalty(p) -> int:
    """VP lost to Restaurant penalties (none with Hotel #14), as a negative number."""
    if p.has_hotel(14):
        return 0
    return -sum(PENALTY[c] for c in p.park)


def score_steps(p) -> dict[str, int]:
    """Every scoring step of one seat, in the rulebook's order."""
    unique, ent_vp, duplicates = entertainment(p)
    return {
        "victory_track": p.vp,
        "entrepreneur": entrepreneur_vp(p),
        "hotels": sum(hotel_vp(p).values()),
        "mascots": mascot_matches(p) // 2,
        "entertainment": ent_vp + duplicates,
        "happiness": happiness_vp(p),
        "visitors": visitors_vp(p),
        "restaurants": restaurant_penalty(p),
    }


def setup_key(st) -> str:
    """The setup a score belongs to, e.g. 'solo', 'solo+entrepreneurs+achievement_tiles'."""
    parts = ["solo" if st.solo else f"{len(st.seats)}p"]
    if st.ent_opt:
        parts.append("entrepreneurs")
    if st.tiles_opt:
        parts.append("achievement_tiles")
    return "+".join(parts)


UNKNOWN = {
    "entrepreneur": "its Entrepreneur card: secret until the reveal, or not kept yet",
    "hotel_8_bonus": "the card Hotel #8 lets it buy and play in Final Scoring, not chosen yet",
}
"""What a seat entry's ``unknown`` may name: something the sheet leaves out."""


def _bonus_to_come(st, seat: int) -> bool:
    """True while Hotel #8's Final Scoring purchase of `seat` is still to be decided."""
    if st.phase == "final":
        return ("bonus", seat) in st.pending
    return st.phase != "over"


def final_scores(st) -> dict:
    """Score every seat and rank them (also usable before the end, as a provisional count).

    It is `score_sheet` with every secret counted, without the ``unknown`` markers.

    Returns:
        ``{"seats": [...], "ranking": [[seat, ...], ...], "winners": [...], "final": bool,
        "setup": key}``, plus ``"solo": {"score": n, "setup": key}`` in a solo game.
        Each seat entry has ``seat``, ``colour``, ``steps`` (STEPS, in order), ``total``,
        ``turn_order_space`` (its space on the Turn Order Track, 0 if none: the tie-break, the
        rightmost space winning), and the details behind the steps: ``hotel_vp`` (VP per Hotel
        with a Final Scoring Reward, by id), ``mascot_matches`` (the count halved for
        ``mascots``), ``unique_entertainment``, ``duplicate_entertainment`` (Hotel #12's VP),
        ``income`` (what Visitors score on), ``credits`` and ``entrepreneur`` (id or '').
    """
    sheet = score_sheet(st, None)
    for entry in sheet["seats"]:
        del entry["unknown"]
    return sheet


def score_sheet(st, knows) -> dict:
    """Final Scoring as it would read if the game ended now, counting only the secrets in
    `knows`.

    Args:
        knows: the seats whose Entrepreneur counts before the reveal, or None for every seat's
            (the real scoring).

    Returns:
        `final_scores`' sheet, each seat entry with ``unknown``: the UNKNOWN keys of what was
        left out for that seat (Hotel #8's bonus card is a choice still to come; its VP are not
        counted until it is bought and played).
    """
    seats = []
    for seat, p in enumerate(st.players):
        unknown = []
        if st.ent_opt and not (p.ent and (knows is None or seat in knows or st.phase != "setup")):
            # Nothing derived from a hidden (or not yet chosen) Entrepreneur may count.
            unknown.append("entrepreneur")
            if p.ent:
                p = p.copy()
                p.ent = 0
        if p.has_hotel(8) and _bonus_to_come(st, seat):
            unknown.append("hotel_8_bonus")
        steps = score_steps(p)
        unique, _, duplicates = entertainment(p)
        space = st.track.index(seat) + 1 if seat in st.track else 0
        seats.append(
            {
                "seat": seat,
                "colour": st.seats[seat],
                "steps": steps,
                "total": sum(steps.values()),
                "turn_order_space": space,
                "hotel_vp": {f"G{n}": vp for n, vp in hotel_vp(p).items()},
                "mascot_matches": mascot_matches(p),
                "unique_entertainment": unique,
                "duplicate_entertainment": duplicates,
                "income": economy.income(p),
                "credits": p.credits,
                "entrepreneur": f"E{p.ent}" if p.ent and st.phase != "setup" else "",
                "unknown": unknown,
            }
        )

    def key(entry):
        return (entry["total"], entry["turn_order_space"])

    ranking = tied_ranking(seats, key)
    result = {
        "seats": seats,
        "ranking": ranking,
        "winners": ranking[0],
        "final": st.phase == "over",
        "setup": setup_key(st),
    }
    if st.solo:
        result["solo"] = {"score": seats[0]["total"], "setup": setup_key(st)}
    return result
