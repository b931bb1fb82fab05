"""The checks `State.from_dict` makes: any JSON gives a consistent game or one ValueError.

`shape` checks every value's type and range before anything is built from it; `consistent`
checks what the values say together: every tile, token and card exactly once, gemstones and
tokens where they can be, the turn's step and the pending decisions matching the position.
"""

from __future__ import annotations

from . import counts, turn
from .catalog import COLUMNS, MODULES, PLACES, ROWS, SEATS, SOLO_LEVELS, SPIRITS

PHASES = ("setup", "play", "reward", "over")
STEPS = ("take", "more", "give", "gem")
PENDING_KINDS = ("wish", "hex", "favor")


class _Bad(ValueError):
    pass


def need(condition: bool, message: str) -> None:
    """Refuse the state with `message` unless `condition` holds."""
    if not condition:
        raise _Bad(f"Not a Spirits of the Forest state: {message}.")


def _is_int(x) -> bool:
    return type(x) is int


def _ints(value, low: int, high: int) -> bool:
    """A list of whole numbers in range(low, high)."""
    return type(value) is list and all(_is_int(x) and low <= x < high for x in value)


def _grid(value, low: int, high: int, what: str) -> None:
    need(
        type(value) is list
        and len(value) == ROWS
        and all(type(row) is list and len(row) == COLUMNS for row in value),
        f"'{what}' must be 4 rows of 12 places",
    )
    for row in value:
        for v in row:
            need(v is None or (_is_int(v) and low <= v < high), f"'{what}' holds a bad entry")


def shape(d, catalog, fmt: str, top_keys, player_keys) -> None:
    """Check the types and ranges of every value of `d`."""
    need(type(d) is dict, "expected an object")
    need(d.get("format") == fmt, f"'format' must be '{fmt}'")
    need(set(d) == set(top_keys), "unexpected or missing keys")
    n = _seating(d)
    _pieces(d, catalog, n)
    players = d["players"]
    need(type(players) is list and len(players) == n, "one player entry per seat")
    for seat, p in enumerate(players):
        _player(p, seat, catalog, player_keys)
    pending = d["pending"]
    need(type(pending) is list, "'pending' must be a list")
    for step in pending:
        need(
            type(step) is list
            and len(step) == 2
            and step[0] in PENDING_KINDS
            and _is_int(step[1])
            and 0 <= step[1] < n,
            "a pending decision names an unknown kind or seat",
        )


def _seating(d) -> int:
    """Check the seats, solo level, modules and the turn's scalars; return the number of seats."""
    seats = d["seats"]
    need(
        type(seats) is list and 1 <= len(seats) <= 4 and all(s in SEATS for s in seats),
        "'seats' must list 1 to 4 elements",
    )
    need(len(set(seats)) == len(seats), "an element plays two seats")
    n = len(seats)
    need(type(d["solo"]) is str and d["solo"] in ("", *SOLO_LEVELS), "'solo' is not a level")
    need(bool(d["solo"]) == (n == 1), "one seat plays solo, and only one")
    modules = d["modules"]
    need(
        type(modules) is list and all(type(m) is str for m in modules),
        "'modules' must be a list of names",
    )
    need(modules == [m for m in MODULES if m in modules], "'modules' must be wishes and/or hexes")
    need(not (d["solo"] and modules), "a solo game has no module")
    for name in ("seed", "rng", "first", "turn", "turn_no", "took", "spirit"):
        need(_is_int(d[name]), f"'{name}' must be a whole number")
    need(0 <= d["rng"] < 2**64, "'rng' is out of range")
    need(0 <= d["first"] < n and 0 <= d["turn"] < n, "'first' and 'turn' must be seats")
    need(0 <= d["turn_no"] <= 10_000, "'turn_no' is out of range")
    need(0 <= d["took"] <= 2, "'took' must be 0 to 2")
    need(-1 <= d["spirit"] < len(SPIRITS), "'spirit' must be -1 or a spirit")
    need(d["phase"] in PHASES, "'phase' must be setup, play, reward or over")
    need(d["step"] in STEPS, "'step' must be take, more, give or gem")
    return n


def _pieces(d, catalog, n: int) -> None:
    """Check the forest, the gemstones, the Favor tokens and the cards out of play."""
    n_tiles, n_tokens = len(catalog.tiles), len(catalog.tokens)
    _grid(d["forest"], 0, n_tiles, "forest")
    _grid(d["gems"], 0, n, "gems")
    _grid(d["marks"], 0, n_tokens, "marks")
    cards = set(catalog.wishes) | set(catalog.hexes)
    for name in ("spent", "aside"):
        need(_ints(d[name], 0, n_tokens), f"'{name}' must list Favor tokens")
    for name in ("box", "discards"):
        need(
            type(d[name]) is list and all(type(c) is str and c in cards for c in d[name]),
            f"'{name}' must list Wish and Hex cards",
        )
    opponent = d["opponent"]
    need(
        type(opponent) is dict
        and set(opponent) == {"tiles", "tokens"}
        and _ints(opponent["tiles"], 0, n_tiles)
        and _ints(opponent["tokens"], 0, n_tokens),
        "'opponent' must hold tiles and tokens",
    )


def _player(p, seat: int, catalog, keys) -> None:
    need(type(p) is dict and set(p) == set(keys), f"seat {seat} is malformed")
    need(_ints(p["tiles"], 0, len(catalog.tiles)), f"seat {seat}'s tiles are not tiles")
    need(_ints(p["tokens"], 0, len(catalog.tokens)), f"seat {seat}'s tokens are not tokens")
    for name in ("supply", "lost"):
        need(_is_int(p[name]) and 0 <= p[name] <= 3, f"seat {seat}'s {name} is out of range")
    for name, deck in (("wish", catalog.wishes), ("hex", catalog.hexes)):
        options = p[f"{name}_options"]
        need(
            type(options) is list
            and len(options) in (0, 2)
            and all(type(c) is str and c in deck for c in options),
            f"seat {seat}'s {name} options are not two {name} cards",
        )
        need(
            type(p[name]) is str and (p[name] == "" or p[name] in deck), f"seat {seat}: bad {name}"
        )
    need(type(p["met"]) is bool, f"seat {seat}'s 'met' must be true or false")
    need(
        type(p["bonus"]) is list
        and len(p["bonus"]) == 12
        and all(_is_int(b) and 0 <= b <= 9 for b in p["bonus"]),
        f"seat {seat}'s bonus must be twelve small counts",
    )
    token = p["reward_token"]
    need(_is_int(token) and -1 <= token < len(catalog.tokens), f"seat {seat}: bad reward token")


def row_bounds(forest: list[int]) -> tuple[list[int], list[int]]:
    """Per row, the columns of its tiles as (lo, hi); refused unless they stand together."""
    lo, hi = [], []
    for r in range(ROWS):
        row = forest[r * COLUMNS : (r + 1) * COLUMNS]
        cols = [c for c, t in enumerate(row) if t >= 0]
        if not cols:
            lo.append(0)
            hi.append(0)
            continue
        need(cols == list(range(cols[0], cols[-1] + 1)), f"row {r + 1} has a gap between tiles")
        lo.append(cols[0])
        hi.append(cols[-1] + 1)
    return lo, hi


def _exactly_once(items: list, universe: int, what: str) -> None:
    need(len(items) == universe and set(items) == set(range(universe)), f"every {what} once")


def consistent(st) -> None:
    """Check what the values say together; then that the position answers every question."""
    cat = st.catalog
    n = len(st.seats)
    tiles = [t for t in st.forest if t >= 0] + list(st.opp_tiles)
    for mine in st.tiles:
        tiles.extend(mine)
    _exactly_once(tiles, len(cat.tiles), "tile must be somewhere exactly")
    tokens = [t for t in st.marks if t >= 0] + list(st.spent) + list(st.aside)
    tokens += list(st.opp_tokens)
    for held in st.held:
        tokens.extend(held)
    _exactly_once(tokens, len(cat.tokens), "Favor token must be somewhere exactly")
    for p in range(PLACES):
        need(st.gems[p] < 0 or st.forest[p] >= 0, "a gemstone lies on an empty place")
        need(st.marks[p] < 0 or st.forest[p] >= 0, "a Favor token lies on an empty place")
        need(st.marks[p] < 0 or p in cat.token_places, "a Favor token lies off its places")
    need(all(t in cat.plus_tokens for t in st.spent), "only '+' tokens are spent")
    _cards(st)
    if st.solo:
        _solo(st)
    else:
        need(not st.opp_tiles and not st.opp_tokens, "only a solo game has an opponent")
        for seat in range(n):
            owned = st.supply[seat] + st.gems.count(seat) + st.lost[seat]
            need(owned == cat.gems[n], f"seat {seat}'s gemstones do not add up")
        _turn(st)
    _ending(st)
    _pending(st)
    try:
        legal = st.legal_actions()
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise _Bad(f"Not a Spirits of the Forest state: {type(exc).__name__}.") from None
    need(bool(legal) == (st.phase != "over"), "the seat to decide has nothing to decide")


def _cards(st) -> None:
    cat = st.catalog
    for module, deck, options, kept in (
        ("wishes", cat.wishes, st.wish_options, st.wish),
        ("hexes", cat.hexes, st.hex_options, st.hex),
    ):
        where = [c for c in st.box if c in deck] + [c for c in st.discards if c in deck]
        for seat in range(len(st.seats)):
            where.extend(options[seat])
            if kept[seat]:
                where.append(kept[seat])
                need(not options[seat], f"seat {seat} kept a card and still holds two")
            if module in st.modules:
                need(bool(options[seat]) != bool(kept[seat]), f"seat {seat} has no {module} card")
                need(bool(kept[seat]) or st.phase == "setup", f"seat {seat} kept no {module} card")
        need(sorted(where) == sorted(deck), f"every {module[:-1]} card must be somewhere once")
        discarded = sum(1 for c in st.discards if c in deck)
        need(discarded == sum(1 for k in kept if k), f"one {module[:-1]} discarded per card kept")
        if module not in st.modules:
            need(len([c for c in st.box if c in deck]) == len(deck), f"{module} are not played")


def _solo(st) -> None:
    level = st.catalog.solo_levels[st.solo]
    spirit_tokens = set(st.catalog.spirit_tokens)
    need(len(st.opp_tokens) == level.opponent_tokens, "the forest holds the wrong tokens")
    need(len(st.held[0]) == level.player_tokens, "the solo seat holds the wrong tokens")
    need(set(st.opp_tokens + st.held[0]) <= spirit_tokens, "solo uses spirit tokens only")
    need(st.supply == [0] and st.lost == [0] and max(st.gems) < 0, "solo has no gemstones")
    need(max(st.marks) < 0, "solo has no tokens in the forest")
    need(st.first == 0 and st.turn == 0, "the solo seat is seat 0")
    need(st.step == "take" and st.took == 0 and st.spirit == -1, "solo turns have one step")
    need(st.turn_no == len(st.tiles[0]), "the solo seat takes one tile a turn")
    need(len(st.opp_tiles) <= st.turn_no, "the forest took more tiles than you")
    empty = sum(1 for r in range(ROWS) if st.lo[r] >= st.hi[r])
    need(empty <= 3, "a solo game ends with one row left")
    need((st.phase == "over") == (empty == 3), "a solo game is over once one row is left")
    need(st.phase in ("play", "over"), "a solo game has no setup or rewards")


def _turn(st) -> None:
    n = len(st.seats)
    if st.phase == "setup":
        need(st.turn_no == 0 and st.tiles_left == len(st.catalog.tiles), "setup comes first")
    need(st.turn == (st.first + st.turn_no) % n, "'turn' does not follow from 'turn_no'")
    step, took, spirit = st.step, st.took, st.spirit
    if st.phase in ("setup", "reward", "over") or step == "take":
        need(took == 0 and spirit == -1 and step == "take", "the turn's step is out of place")
        return
    cat = st.catalog
    last = st.tiles[st.turn][-1] if st.tiles[st.turn] else -1
    need(took >= 1 or step == "take", "a step after taking with no tile taken")
    if step == "more":
        need(took == 1 and st.turn_no > 0 and spirit >= 0, "a second tile out of place")
        need(
            last >= 0 and cat.tile_symbols[last] == 1 and cat.tile_spirit[last] == spirit,
            "the second tile's spirit is not the first's",
        )
    if step == "give":
        need(len(turn.give_actions(st, st.turn)) >= 2, "no choice of gemstone to give")
    if step == "gem":
        need(turn.has_gem_step(st, st.turn), "no gemstone can be placed")


def _ending(st) -> None:
    cat = st.catalog
    n = len(st.seats)
    ended = st.phase in ("reward", "over")
    if st.solo:
        return
    need(ended == (st.tiles_left == 0), "the game ends exactly when the forest is empty")
    if not ended or "wishes" not in st.modules:
        need(not any(st.met), "no Wish is checked before the end")
        need(all(max(b) == 0 for b in st.bonus), "no Wish reward before the end")
        need(all(t < 0 for t in st.reward_token), "no Favor reward before the end")
        need(len(st.aside) == len(cat.tokens) - len(cat.token_places), "six tokens stay aside")
        return
    table = counts.all_figures(st, rewards=False)
    for seat in range(n):
        card = cat.wishes[st.wish[seat]]
        met = counts.wish_met(card, seat, table)
        need(st.met[seat] == met, f"seat {seat}'s Wish check does not match its counts")
        bonus = [0] * 12
        if met and card.reward == "spirit":
            bonus[card.reward_spirit] = card.count
        need(list(st.bonus[seat]) == bonus, f"seat {seat}'s Wish reward is wrong")
        token = st.reward_token[seat]
        if token >= 0:
            need(met and card.reward == "favor", f"seat {seat} has a reward it did not win")
            need(token in st.held[seat], f"seat {seat}'s reward token is not in its hand")
    taken = sum(1 for t in st.reward_token if t >= 0)
    need(len(st.aside) == len(cat.tokens) - len(cat.token_places) - taken, "six tokens aside")


def _pending(st) -> None:
    n = len(st.seats)
    order = [(st.first + k) % n for k in range(n)]
    if st.phase == "setup" or st.phase == "play":
        expected = []
        for seat in order:
            for kind, module, kept in (("wish", "wishes", st.wish), ("hex", "hexes", st.hex)):
                if module in st.modules:
                    expected.append((kind, seat, bool(kept[seat])))
        done = [e[2] for e in expected]
        need(done == sorted(done, reverse=True), "the cards are kept in turn order")
        remaining = [(kind, seat) for kind, seat, kept in expected if not kept]
        need(st.pending == remaining, "the pending decisions do not match the cards kept")
        need((st.phase == "setup") == bool(remaining), "setup ends when every card is kept")
        return
    if st.phase == "over":
        need(not st.pending, "nothing is pending once the game is over")
    wishes = st.catalog.wishes
    waiting = [
        ("favor", seat)
        for seat in order
        if st.wish[seat]
        and st.met[seat]
        and wishes[st.wish[seat]].reward == "favor"
        and st.reward_token[seat] < 0
    ]
    need(st.pending == waiting, "the pending Favor choices do not match the Wishes met")
    need((st.phase == "reward") == bool(waiting), "rewards are chosen while any is owed")
