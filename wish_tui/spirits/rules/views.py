"""`State.view(seat)`: what one seat may see, as JSON-safe data.

Never in a view: another seat's face-down Favor tokens (only how many), the kinds of the tokens
in the forest (only where they lie), the tokens set aside, the cards dealt but not kept, another
seat's dealt or kept cards before every seat has kept, the solo game's face-down tiles and the
forest's face-down tokens, the seed and the generator's state. Once the game is over, every
seat's tokens are shown (the game is scored on them). `view(None)` (`State.public_view`) is what
anyone at the table may see: a seat that sees nothing secret of its own.
"""

from __future__ import annotations

from wish_tui.core.state import shared_parts

from . import flow, scoring, turn
from . import solo as solomod
from .catalog import CATEGORIES, POWERS, SEAT_NAMES, SPIRITS, place_name
from .counts import Figures, doubles, figures, gems_owned, hex_hit, hex_tied, tile_counts, wish_met

COLUMNS = 12


def _tile(cat, t: int) -> dict:
    power = cat.tile_power[t]
    return {
        "tile": t,
        "spirit": SPIRITS[cat.tile_spirit[t]],
        "symbols": cat.tile_symbols[t],
        "power": POWERS[power] if power >= 0 else None,
    }


def _forest(st) -> list[list[dict | None]]:
    cat = st.catalog
    rows = []
    for r in range(4):
        row = []
        lo, hi = st.lo[r], st.hi[r]
        for c in range(COLUMNS):
            p = r * COLUMNS + c
            t = st.forest[p]
            if t < 0:
                row.append(None)
                continue
            end = c == lo or c == hi - 1
            entry = {"place": place_name(p), "end": end, "face_up": end or not st.solo}
            if entry["face_up"]:
                entry.update(_tile(cat, t))
            entry["gem"] = st.gems[p] if st.gems[p] >= 0 else None
            entry["token"] = st.marks[p] >= 0
            row.append(entry)
        rows.append(row)
    return rows


def _shared_forest(st) -> list[list[dict | None]]:
    """The forest, which every seat sees alike: made once a position for every seat's view
    while their caller shares their parts (`core.state.shared_parts`), else made anew."""
    parts = shared_parts(st)
    if parts is None:
        return _forest(st)
    forest = parts.get("forest")
    if forest is None:
        forest = parts["forest"] = _forest(st)
    return forest


def _kinds(cat, tokens) -> list[str]:
    return [cat.tokens[t] for t in tokens]


def public_table(st, seat: int | None) -> list[Figures]:
    """What `seat` can count of every seat: its own tokens, only the number of the others'
    (`seat` None: only the number of anyone's)."""
    if st.phase == "over":
        return [figures(st, s) for s in range(len(st.seats))]
    cat = st.catalog
    table = []
    for s in range(len(st.seats)):
        if s == seat:
            table.append(figures(st, s))
            continue
        counts = tile_counts(cat, st.tiles[s])
        counts = [c + b for c, b in zip(counts, st.bonus[s], strict=True)]
        doubles = sum(1 for t in st.tiles[s] if cat.tile_symbols[t] == 2)
        table.append(Figures(tuple(counts), len(st.held[s]), gems_owned(st, s), doubles))
    return table


def discards_of(st, seat: int) -> tuple[str, ...]:
    """The cards `seat` dealt itself out of (discards lie in the order the cards were kept)."""
    n = len(st.seats)
    keeps = [
        (kind, s)
        for s in ((st.first + k) % n for k in range(n))
        for kind, module in (("wish", "wishes"), ("hex", "hexes"))
        if module in st.modules
    ]
    return tuple(c for c, (_, s) in zip(st.discards, keeps, strict=False) if s == seat)


def _cards_public(st) -> bool:
    return st.phase != "setup"


def _player(st, s: int, seat: int | None, table: list[Figures]) -> dict:
    cat = st.catalog
    mine = s == seat
    over = st.phase == "over"
    symbols = tile_counts(cat, st.tiles[s])
    entry = {
        "seat": s,
        "djinn": st.seats[s],
        "name": SEAT_NAMES[st.seats[s]],
        "tiles": list(st.tiles[s]),
        "tile_count": len(st.tiles[s]),
        "symbols": dict(zip(CATEGORIES, symbols, strict=True)),
        "counts": dict(zip(CATEGORIES, table[s].counts, strict=True)),
        "doubles": table[s].doubles,
        "gems": {"supply": st.supply[s], "forest": st.gems.count(s), "lost": st.lost[s]},
        "token_count": len(st.held[s]),
        "bonus": dict(zip(CATEGORIES, st.bonus[s], strict=True)),
    }
    if over:
        # The category of the Favor token this seat's Wish won (None: none, or a "+").
        token = st.reward_token[s]
        category = cat.token_category[token] if token >= 0 else -1
        entry["reward"] = CATEGORIES[category] if category >= 0 else None
    if mine or over or st.solo:
        entry["tokens"] = _kinds(cat, st.held[s])
        entry["plus_tokens"] = sum(1 for t in st.held[s] if t in cat.plus_tokens)
    if mine and st.phase == "setup":
        entry["wish_options"] = list(st.wish_options[s])
        entry["hex_options"] = list(st.hex_options[s])
    if mine and st.modules:
        entry["discarded"] = list(discards_of(st, s))
    for kind, kept, deck, check in (
        ("wish", st.wish, cat.wishes, wish_met),
        ("hex", st.hex, cat.hexes, None),
    ):
        name = kept[s]
        if not name or not (mine or _cards_public(st)):
            continue
        card = deck[name]
        if check is None:
            met = not hex_hit(card, s, table)
        elif st.phase in ("reward", "over"):
            met = bool(st.met[s])
        else:
            met = check(card, s, table)
        entry[kind] = {"name": name, "text": card.text, "met": met}
        if check is None:
            # Tied for the least is the least (Hex Cards): the screens say it is a tie.
            entry[kind]["tied"] = hex_tied(card, s, table)
    return entry


def _decision(st, seat: int | None) -> dict | None:
    decider = st.current_player
    if decider is None:
        return None
    kind = st.pending[0][0] if st.pending else st.step
    info = {"kind": kind, "seat": decider, "djinn": st.seats[decider]}
    if decider == seat:
        info["prompt"] = _prompt(st, kind)
        info["options"] = [str(a) for a in flow.legal(st)]
    return info


def _prompt(st, kind: str) -> str:
    cat = st.catalog
    seat = st.current_player
    if st.solo:
        return "Take a face-up tile from a row end; the forest takes the opposite end."
    if kind in ("wish", "hex"):
        return f"Keep one of your two {kind.capitalize()} cards."
    if kind == "favor":
        return "Your Wish is met: choose a Favor token from those set aside."
    if kind == "take":
        if not turn.take_actions(st, seat, -1):
            return "No tile can be taken this turn: pass."
        return "Take a tile from a row end."
    if kind == "more":
        return f"Take a second {cat.spirit_names[st.spirit]} tile, or stop."
    if kind == "give":
        return "You took a reserved tile: give up one of your gemstones."
    if st.supply[seat]:
        return "Place a gemstone on a free tile, or skip."
    return "Move one of your gemstones to another free tile, or skip."


def _leaders(table: list[Figures], symbols: list[list[int]]) -> tuple[dict, dict]:
    majorities, penalties = {}, {}
    for c, name in enumerate(CATEGORIES):
        values = [fig.counts[c] for fig in table]
        best = max(values)
        majorities[name] = [s for s, v in enumerate(values) if v == best] if best > 0 else []
        penalties[name] = [s for s in range(len(table)) if symbols[s][c] == 0]
    return majorities, penalties


def _solo(st) -> dict:
    cat = st.catalog
    shown = solomod.revealed_tokens(st)
    theirs = solomod.opponent_counts(st)
    mine = _solo_table(st)[0].counts
    return {
        "level": st.solo,
        "opponent_tiles": list(st.opp_tiles),
        "opponent_counts": dict(zip(SPIRITS, theirs, strict=False)),
        "opponent_tokens": _kinds(cat, shown),
        "opponent_hidden_tokens": len(st.opp_tokens) - len(shown),
        "empty_rows": solomod.empty_rows(st),
        "behind_in": [name for c, name in enumerate(SPIRITS) if theirs[c] > mine[c]],
    }


def _solo_table(st) -> list[Figures]:
    """The solo seat's figures: its face-up tokens are gained at the end ("you then gain your
    face-up token"), so until then only its tiles count; `behind_in` and the final scoring agree."""
    if st.phase == "over":
        return [figures(st, 0)]
    cat = st.catalog
    counts = tile_counts(cat, st.tiles[0])
    return [Figures(tuple(counts), len(st.held[0]), 0, doubles(cat, st.tiles[0]))]


def view(st, seat: int | None) -> dict:
    """Return everything `seat` may see; with `seat` None, what anyone at the table may see
    (a spectator): every public count, no seat's secret."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(st.seats)):
        raise ValueError(f"There is no seat {str(seat)[:20]} in this game.")
    cat = st.catalog
    table = _solo_table(st) if st.solo else public_table(st, seat)
    players = [_player(st, s, seat, table) for s in range(len(st.seats))]
    symbols = [tile_counts(cat, tiles) for tiles in st.tiles]
    majorities, penalties = _leaders(table, symbols)
    result = {
        "game": "spirits",
        "seat": seat,
        "seats": list(st.seats),
        "solo": st.solo,
        "modules": list(st.modules),
        **{name: getattr(st, name) for name in turn.PLAY_FIELDS},
        "spirit": SPIRITS[st.spirit] if st.spirit >= 0 else None,
        "current_player": st.current_player,
        "pending": [[kind, s] for kind, s in st.pending],
        "forest": _shared_forest(st),
        "tiles_left": st.tiles_left,
        "players": players,
        "spent": _kinds(cat, st.spent),
        "aside_count": len(st.aside),
        "majorities": majorities,
        "penalties": penalties,
        "decision": _decision(st, seat),
    }
    if st.solo:
        result["solo_game"] = _solo(st)
    if st.phase == "over":
        result["scores"] = scoring.final_scores(st)
    return result
