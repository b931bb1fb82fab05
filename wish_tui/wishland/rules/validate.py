"""The consistency of a state read by `from_dict`: every piece accounted for, in range, in a
place the rules can reach, and the game waiting on a real decision.
"""

from __future__ import annotations

from . import achievements, decisions, economy
from .catalog import KINDS, MASCOT
from .decisions import SOURCES
from .tables import CAT, KIND, N_CARDS


def need(condition: bool, message: str) -> None:
    """Raise the refusal of `from_dict` unless `condition` holds."""
    if not condition:
        raise ValueError(f"not a Wishland state: {message}")


_WORKERS = CAT.start_workers + CAT.reserve_workers
_PENDING_KINDS = {
    "setup": {"keep", "reveal"},
    "order": {"gain"},
    "income": {"gain", "income", "turns"},
    "turns": {"gain", "extra", "boost", "play", "acted"},
    "final": {"bonus", "gain", "extra", "boost", "play", "over"},
    "over": set(),
}
"""The pending steps each phase can hold."""


def check(st) -> None:
    """Raise ValueError unless `st` is a consistent state of a game of Wishland."""
    n = len(st.seats)
    need(st.solo == (n == 1), "a game of one seat is a solo game, and only that")
    _check_cards(st)
    _check_workers(st, n)
    _check_achievements(st)
    _check_entrepreneurs(st)
    _check_phase(st, n)
    _check_pending(st, n)
    _check_players(st)
    _check_at_rest(st)


def _check_cards(st) -> None:
    seen = [c for c in st.market if c >= 0]
    for group in (st.decks, st.discards):
        for pile in group:
            seen.extend(pile)
    for p in st.players:
        seen.extend(p.park)
        seen.extend(p.hand)
    need(len(seen) == N_CARDS and len(set(seen)) == N_CARDS, "every card must be in one place")
    _check_rows(st)
    tickets = st.tickets + sum(p.tickets for p in st.players)
    need(tickets == CAT.tickets, "the Ticket Office Cards do not add up")
    need(all(p.tickets >= 1 for p in st.players), "every seat keeps its first Ticket Office")


def _check_rows(st) -> None:
    """Each Marketplace row, Deck and Discard Pile holds cards of its own kind, as many as the
    round allows."""
    cols = CAT.columns
    if st.solo:
        need(all(c < 0 for c in st.market), "a solo game has no face-up Marketplace")
        need(not any(st.decks[:MASCOT] + st.discards[:MASCOT]), "solo uses the Mascot row only")
    else:
        need(not any(p.hand for p in st.players), "only a solo game has a hand of cards")
        for row in range(len(KINDS)):
            cards = [c for c in st.market[row * cols : (row + 1) * cols] if c >= 0]
            cards += [*st.decks[row], *st.discards[row]]
            need(all(KIND[c] == row for c in cards), "a card lies in another kind's row")
    if not st.solo and st.round <= CAT.reshuffle_after:
        # Each round so far drew a row of the Marketplace from every Deck.
        drawn = CAT.columns * max(st.round, 1)
        need(all(len(deck) <= 24 - drawn for deck in st.decks), "a Deck is too big for the round")
    if st.round == CAT.rounds and not st.solo:
        need(not any(st.discards), "the Discard Piles were shuffled in after round 6")


def _check_workers(st, n: int) -> None:
    placed = [0] * n
    for space, stacks in enumerate(st.stacks):
        for seat, count in stacks:
            placed[seat] += count
        if st.solo:
            need(space == MASCOT or not stacks, "solo Workers go on the Mascot space only")
    for seat, p in enumerate(st.players):
        need(p.reserve <= CAT.reserve_workers, f"seat {seat} has too many Workers in reserve")
        need(
            p.workers + p.reserve + placed[seat] == _WORKERS, f"seat {seat}'s Workers do not add up"
        )


def _check_achievements(st) -> None:
    achievements = CAT.achievements
    for i, aid in enumerate(st.ach):
        if aid != CAT.board_achievements[i]:
            need(st.tiles_opt, "Achievement Tiles are not used in this game")
            need(aid in CAT.tiles and not achievements[aid].is_blank, "a bad tile on the board")
    _check_tiles(st)
    _check_claims(st)


def _check_tiles(st) -> None:
    """Every Achievement Tile is in one place; Entrepreneur #3 holds its own."""
    achievements = CAT.achievements
    private = [p.tile for p in st.players if p.tile]
    tiles = [a for a in st.ach if a in CAT.tiles] + private + list(st.tile_box)
    need(sorted(tiles) == sorted(CAT.tiles), "every Achievement Tile must be in one place")
    for p in st.players:
        if p.tile:
            need(p.ent == 3 and st.phase != "setup", "only Entrepreneur #3 holds a tile")
            need(not achievements[p.tile].is_blank, "Entrepreneur #3 never keeps a blank tile")
        need(p.tile or not p.tile_claimed, "a claimed private tile that does not exist")
    ent3 = [p for p in st.players if p.ent == 3]
    if st.phase != "setup" and ent3:
        need(bool(ent3[0].tile), "Entrepreneur #3 draws its tile when revealed")
    if st.tiles_opt:
        blanks = sum(1 for t in CAT.tiles if achievements[t].is_blank)
        need(sum(a in CAT.tiles for a in st.ach) >= 9 - blanks, "too few Tiles on the board")


def _check_claims(st) -> None:
    """Every claimed Achievement is met by its owner and paid its VP."""
    claims = [0] * len(st.players)
    for aid, owner in zip(st.ach, st.claimed, strict=True):
        if owner >= 0:
            claims[owner] += 1
            _check_claim(st.players[owner], aid)
    for seat, p in enumerate(st.players):
        if p.tile_claimed:
            claims[seat] += 1
            _check_claim(p, p.tile)
        need(p.vp >= claims[seat] * CAT.achievement_vp, "claimed Achievements paid no VP")


_FALLING = ("credits", "income")
"""Requirements a seat can stop meeting (Credits are spent; Hotel #21 lowers the Income)."""


def _check_claim(p, aid: str) -> None:
    if CAT.achievements[aid].test not in _FALLING:
        need(achievements.met(p, aid), f"{aid} is claimed by a seat that does not meet it")


def _check_entrepreneurs(st) -> None:
    held = list(st.ent_box)
    for p in st.players:
        held += [e for e in (p.ent, p.ent_discard) if e]
        held += list(p.ent_options)
    need(sorted(held) == list(range(1, 13)), "every Entrepreneur must be in one place")
    for p in st.players:
        if not st.ent_opt:
            need(not (p.ent or p.ent_options or p.ent_discard), "Entrepreneurs are not used")
        elif p.ent_options:
            need(st.phase == "setup" and len(p.ent_options) == 2, "two Entrepreneurs to choose")
            need(not (p.ent or p.ent_discard), "an Entrepreneur kept before the choice")
        else:
            need(p.ent and p.ent_discard, "each seat keeps one Entrepreneur and discards one")
    if st.ent_opt:
        need(len(st.ent_box) == 12 - 2 * len(st.seats), "Entrepreneurs dealt wrongly")


def _check_phase(st, n: int) -> None:
    phase = st.phase
    need(phase != "setup" or st.ent_opt, "only Entrepreneurs make a setup phase")
    low = 0 if phase == "setup" else 1
    need(low <= st.round <= CAT.rounds, "'round' is out of range")
    need(phase != "setup" or st.round == 0, "setup comes before round 1")
    need(phase not in ("final", "over") or st.round == CAT.rounds, "the game ends after round 7")
    need((1 <= st.turn <= CAT.turns) if phase == "turns" else st.turn == 0, "bad 'turn'")
    placed = [s for s in st.track if s >= 0]
    need(len(set(placed)) == len(placed), "a Player Token stands twice on the Turn Order Track")
    if phase in ("setup", "order"):
        limit = n if phase == "order" else 0
        need(0 <= st.idx <= limit, "'idx' is out of range")
        if phase == "order":
            need(st.idx < n or st.pending, "every token is placed yet the choice goes on")
        expected = {(st.first + k) % n for k in range(st.idx)}
        need(set(placed) == expected, "the Turn Order Track does not match the choices made")
    else:
        need(len(placed) == n, "every Player Token is on the Turn Order Track")
        limit = n if phase == "turns" else 1
        need(0 <= st.idx < limit, "'idx' is out of range")
    if phase != "turns":
        need(st.stage == "start" and not st.paid and not st.adv, "turn flags outside a turn")
    need(st.stage != "more" or st.solo, "only a solo turn draws before playing")


def _check_pending(st, n: int) -> None:
    allowed = _PENDING_KINDS[st.phase]
    pending = st.pending
    for i, step in enumerate(pending):
        kind, seat = step[0], step[1]
        need(kind in allowed, f"a '{kind}' step cannot wait in the {st.phase} phase")
        automatic = kind in ("reveal", "turns", "over")
        need((seat < 0) == automatic, f"a '{kind}' step names the wrong seat")
        if automatic:
            need(i == len(pending) - 1, f"the '{kind}' step comes last")
        _check_step(st, step, i)
        if st.phase == "turns" and seat >= 0:
            need(seat == st.order[st.idx], "a decision of a seat whose turn it is not")
    _check_phase_end(st)


def _check_step(st, step: tuple, i: int) -> None:
    """One pending step fits its seat's pieces."""
    kind, seat = step[0], step[1]
    pending = st.pending
    p = st.players[seat] if seat >= 0 else None
    if kind == "gain":
        need(step[2] in SOURCES, "a choice from an unknown source")
    elif kind in ("extra", "boost", "play"):
        need(step[2] in p.park, f"a '{kind}' step for a card not in play")
    elif kind == "keep":
        need(len(p.ent_options) == 2, "a keep step for a seat that has chosen")
    elif kind == "bonus":
        need(p.has_hotel(8), "only Hotel #8 buys a bonus card")
    elif kind == "acted":
        need(i == len(pending) - 1 and st.stage == "after", "the 'acted' step comes last")
    if kind == "extra":
        need(0 <= step[4] <= 20 and step[3] <= len(KINDS), "a bad payment step")
        low, high = decisions.extra_range(p, step)
        need(low <= high, "a payment the seat cannot make")


def _check_phase_end(st) -> None:
    """The phase's last step is the one that ends it."""
    pending = st.pending
    if st.phase == "setup":
        need(pending and pending[-1] == ("reveal", -1), "setup ends with the reveal")
        waiting = sorted(step[1] for step in pending if step[0] == "keep")
        choosing = [s for s, p in enumerate(st.players) if p.ent_options]
        need(waiting == choosing, "each seat with two Entrepreneurs has a choice to make")
    if st.phase == "income":
        need(pending and pending[-1] == ("turns", -1), "the Income Phase ends with the turns")
    if st.phase == "final":
        need(pending and pending[-1] == ("over", -1), "Final Scoring ends the game")


_MOST = 9999
"""More Credits or VP than any game can reach: a larger count is a broken state."""


def _check_players(st) -> None:
    for seat, p in enumerate(st.players):
        need(p.credits <= _MOST and p.vp <= _MOST, f"seat {seat} holds too many Credits or VP")
        top = CAT.track_top
        need(p.happiness <= top and p.visitors <= top, f"seat {seat} is off a track")
        for kind in range(1, len(KINDS)):
            need(
                economy.ignores_limit(p, kind) or p.counts[kind] <= economy.card_limit(p),
                f"seat {seat} holds more cards than its Card Limit",
            )


def _check_at_rest(st) -> None:
    """The game must wait on a seat: a real decision, or the game is over."""
    if st.phase == "over":
        return
    if st.pending:
        step = st.pending[0]
        need(step[0] in decisions.DECISIONS, "the next step is not a decision")
    else:
        need(st.phase in ("order", "turns"), f"nothing to decide in the {st.phase} phase")
    try:
        legal = st.legal_actions()
    except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError):
        need(False, "its next decision is malformed")
    if st.pending:
        need(len(legal) > 1, "a decision with one option would have been taken")
    need(bool(legal), "the seat to act has no legal action")
