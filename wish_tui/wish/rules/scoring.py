"""End Game Scoring (rulebook, "Game Score"): five steps per seat, then the tie-breaks."""

from __future__ import annotations

from wish_tui.core.ranking import tied_ranking

STEPS = ("wishes", "tokens", "ongoing", "badges", "destiny")
"""The five scoring steps, in the rulebook's order."""


def ongoing_vp(st, seat: int) -> int:
    """Step 3: VP from Ongoing Wishes (one per Wish of the card's type, the card included)."""
    wishes = st.catalog.wishes
    fulfilled = [wishes[n] for n in st.players[seat].fulfilled]
    return sum(
        sum(1 for w in fulfilled if w.type == card.type)
        for card in fulfilled
        if card.effect == "type_vp"
    )


def destiny_vp(st, seat: int) -> int:
    """Step 5: VP the seat's Destiny card gives."""
    p = st.players[seat]
    if not p.destiny:
        return 0
    destiny = st.catalog.destinies[p.destiny]
    wishes = [st.catalog.wishes[n] for n in p.fulfilled]
    param = dict(destiny.params)
    vp = param["vp"]
    kind = destiny.kind
    if kind == "monument":
        types = param["types"]
        built = param["monument"] in p.badges
        return vp if built and all(any(w.type == t for w in wishes) for t in types) else 0
    if kind == "per_type":
        types = param["types"]
        return vp * sum(1 for w in wishes if w.type in types)
    if kind == "per_timing":
        return vp * sum(1 for w in wishes if w.timing == param["timing"])
    if kind == "per_value":
        low, high = param["min"], param["max"]
        return vp * sum(1 for w in wishes if low <= w.vp <= high)
    raise AssertionError(f"unknown destiny kind {kind}")


def score_steps(st, seat: int) -> dict[str, int]:
    """The five scoring steps of one seat."""
    p = st.players[seat]
    cat = st.catalog
    return {
        "wishes": sum(cat.wishes[n].vp for n in p.fulfilled),
        "tokens": p.vp_tokens,
        "ongoing": ongoing_vp(st, seat),
        "badges": sum(cat.monument_by_name[b].vp for b in p.badges),
        "destiny": destiny_vp(st, seat),
    }


def visible_score(st, seat: int) -> int:
    """Everything but the secret Destiny: what the table can count."""
    steps = score_steps(st, seat)
    return steps["wishes"] + steps["tokens"] + steps["ongoing"] + steps["badges"]


UNKNOWN = {"destiny": "its Destiny card: secret until the end, or not kept yet"}
"""What a seat entry's ``unknown`` may name: a secret the sheet leaves out."""


def score_sheet(st, knows) -> dict:
    """Score every seat as the End Game Scoring would now, counting only the secrets in `knows`.

    Args:
        knows: the seats whose Destiny counts, or None for every seat's (the real scoring).

    Returns:
        `final_scores`' sheet, each seat entry with ``unknown``: the UNKNOWN keys of what was
        left out for that seat (``["destiny"]`` or empty).
    """
    seats = []
    for seat, p in enumerate(st.players):
        steps = score_steps(st, seat)
        known = (knows is None or seat in knows) and bool(p.destiny)
        if not known:
            steps["destiny"] = 0
        seats.append(
            {
                "seat": seat,
                "djinn": p.djinn,
                "steps": steps,
                "total": sum(steps.values()),
                "badges_count": len(p.badges),
                "crystals": sum(p.crystals) + sum(p.nest),
                "wishes_count": len(p.fulfilled),
                "destiny": p.destiny if known else "",
                "destiny_fulfilled": steps["destiny"] > 0,
                "unknown": [] if known else ["destiny"],
            }
        )

    def key(entry):
        return (entry["total"], entry["badges_count"], entry["crystals"], entry["wishes_count"])

    ranking = tied_ranking(seats, key)
    return {"seats": seats, "ranking": ranking, "winners": ranking[0]}


def final_scores(st) -> dict:
    """Score every seat and rank them.

    Returns:
        ``{"seats": [...], "ranking": [[seat, ...], ...], "winners": [...]}``; each seat entry has
        its five steps, ``total``, the tie-break counts (``badges_count``, ``crystals``,
        ``wishes_count``) and ``destiny`` with ``destiny_fulfilled``. Seats tied on every
        tie-break share a place in the ranking and share the victory. It is `score_sheet` with
        every Destiny counted, without the ``unknown`` markers.
    """
    sheet = score_sheet(st, None)
    for entry in sheet["seats"]:
        del entry["unknown"]
    return sheet
