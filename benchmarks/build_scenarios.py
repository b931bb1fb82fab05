"""Build the scenario saves in saves/ by playing seeded games to the described point.

Run from the repository root:  python benchmarks/build_scenarios.py

Every scenario is a real game: a seed and the actions a simple greedy player chose (seeded, so
the output is the same every run), stopped at the first position that fits the description. The
files load with `wish_tui.saves.load_game` without a warning because their actions replay to their
state. The seat that decides now is the person playing; the others are computer opponents.
"""

from __future__ import annotations

import json
import random
import sys
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from wish_tui.games import GAMES
from wish_tui.saves import GameRecord
from wish_tui.wish import rules

OUT = Path(__file__).resolve().parent.parent / "saves"
CAT = rules.CATALOG
LAST = len(CAT.route) - 1


def _distances() -> list[list[int]]:
    table = []
    for start in range(12):
        dist = [99] * 12
        dist[start] = 0
        queue = deque([start])
        while queue:
            a = queue.popleft()
            for b in CAT.areas[a].neighbours:
                if dist[b] > dist[a] + 1:
                    dist[b] = dist[a] + 1
                    queue.append(b)
        table.append(dist)
    return table


DIST = _distances()


def value(st, seat: int) -> float:
    """A rough worth of a position for `seat`: points, then progress towards Wishes and Monuments."""
    p = st.players[seat]
    v = 10.0 * st.visible_score(seat) + 8.0 * len(p.badges) + 2.0 * sum(p.meeples)
    v += 0.4 * sum(p.crystals) + 0.3 * sum(p.nest)
    need = [0] * 6
    target, best_have = None, -1
    for area, monument in CAT.monument_by_area.items():
        if st.monuments[area] is None:
            have = sum(min(p.meeples[c], monument.cost[c]) for c in range(6))
            if have > best_have:
                target, best_have = (area, monument), have
    if target:
        area, monument = target
        v += 5.0 * best_have
        need = [max(0, monument.cost[c] - p.meeples[c]) for c in range(6)]
        if not any(need):
            v += 6.0 - 1.5 * DIST[p.area][area]
    best = -99.0
    for card in p.hand:
        wish = CAT.wishes[card]
        missing = sum(max(0, wish.cost[c] - p.crystals[c]) for c in range(6))
        near = min(
            (DIST[p.area][a] for a in range(12) if st.area_meeples[a * 6 + wish.colour]),
            default=9,
        )
        wanted = 3.0 if need[wish.colour] else 0.0
        best = max(best, wish.vp * 0.5 + wanted - 2.0 * missing - 1.5 * near)
    v += best
    if p.djinn == "air":
        v += 1.5 * len(st.wind)
    if p.djinn == "water":
        v += 1.5 * len(st.frost)
    return v


def choose(st, rng: random.Random):
    """A greedy one-step choice for the seat deciding now, with a little seeded noise."""
    seat = st.current_player
    legal = st.legal_actions()
    if rng.random() < 0.1:
        return rng.choice(legal)
    scored = []
    for action in legal:
        after = st.apply(action)
        bonus = -0.5 if action.kind == "end" else 0.0
        scored.append((value(after, seat) + bonus + rng.random() * 0.3, action))
    return max(scored, key=lambda x: x[0])[1]


def at_turn_start(st, seat: int = 0) -> bool:
    """The start of `seat`'s own turn: no decision pending and no marker placed yet."""
    return (
        st.phase == "play"
        and not st.pending
        and st.current_player == seat
        and st.turn_seat == seat
        and not any(st.players[seat].markers)
        and not st.players[seat].potion_used
    )


def mid_game_monuments(st) -> bool:
    built = sum(m is not None for m in st.monuments)
    return at_turn_start(st) and built >= 2 and not st.final_round and st.caravan_pos < LAST - 1


def caravan_one_step(st) -> bool:
    if not (at_turn_start(st) and st.caravan_pos == LAST - 1 and not st.final_round):
        return False
    last_turn = st.turn_idx == len(st.order) - 1
    next_moves = st.caravan_deck and CAT.caravan_cards[st.caravan_deck[-1]].move >= 1
    return last_turn and bool(next_moves)


def tie_by_badges(st) -> bool:
    if not (
        st.final_round
        and st.phase == "play"
        and not st.pending
        and st.turn_idx == len(st.order) - 1
        and rules.Action("end") in st.legal_actions()
    ):
        return False
    ended = st.apply(rules.Action("end"))
    seats = ended.final_scores()["seats"]
    top = max(s["total"] for s in seats)
    tied = [s for s in seats if s["total"] == top]
    if len(tied) < 2:
        return False
    badges = sorted((s["badges_count"] for s in tied), reverse=True)
    return badges[0] > badges[1]


def frostflakes(st) -> bool:
    return at_turn_start(st) and len(st.frost) >= 2


def wind_blasts(st) -> bool:
    if not (at_turn_start(st) and len(st.wind) >= 3):
        return False
    p = st.players[0]
    return any(DIST[p.area][a] <= 1 for a in st.wind) and not st.final_round


def spirits_turn_start(st) -> bool:
    """Spirits of the Forest: the start of a turn, no tile taken yet, no decision pending."""
    return st.phase == "play" and not st.pending and st.step == "take" and st.took == 0


def spirits_endgame(st) -> bool:
    """Four seats, two turns from the last tile (3 or 4 tiles left), gemstones in the forest."""
    if not spirits_turn_start(st) or st.tiles_left not in (3, 4):
        return False
    return sum(1 for g in st.gems if g >= 0) >= 2 and any(st.held)


def spirits_solo_last_row(st) -> bool:
    """Solo: two rows are empty, the game ends when the next one is (one row from the end)."""
    from wish_tui.spirits.rules import solo

    return st.phase == "play" and solo.empty_rows(st) == 2 and st.tiles_left >= 6


def wishland_hotels_to_score(st) -> bool:
    """Wishland: the last turn of round 7, the seat to play holds Hotels #8 and #10."""
    if not (st.phase == "turns" and st.round == 7 and st.turn == 4 and not st.pending):
        return False
    if st.stage != "start" or st.idx != len(st.order) - 1:
        return False
    p = st.players[st.current_player]
    return p.has_hotel(8) and p.has_hotel(10)


def wishland_hotel_lover(st, bot, seat: int):
    """A Wishland player that buys Hotel #8 or #10 whenever it can, else plays as `bot`."""
    legal = st.legal_actions()
    for action in legal:
        if action.kind == "buy" and action.arg in ("G8", "G10"):
            return action
    return bot.choose(st.view(seat), legal)


def wishland_solo_round6(st) -> bool:
    """Wishland solo: the first turn of round 6, before the turn's action."""
    return (
        st.phase == "turns"
        and st.round == 6
        and st.turn == 1
        and st.stage == "start"
        and (not st.pending)
    )


@dataclass(frozen=True)
class Scenario:
    file: str
    description: str
    djinns: tuple[str, ...]
    solo: str = ""
    stop: object = None
    """A test on the position; None stops at the very start."""
    search: bool = False
    """Also search the last turn of the final round for a fitting position."""
    seeds: int = 400
    player: str = "greedy"
    """Who plays the seeded game: 'greedy' (`choose` below, Wish only) or a bot level such as
    'medium'."""
    game: str = "wish"
    options: tuple = ()
    """The game's options as (key, value) pairs, e.g. (("modules", ("wishes", "hexes")),)."""
    opponents: str = "medium"
    """Who plays the seats other than the person's."""
    chooser: object = None
    """A custom player (state, bot, seat) -> action, used instead of the bots' own choice."""


SCENARIOS = (
    Scenario(
        "hard-solo-start",
        "Solo, hard: the Fire Djinn against the Challenge deck with the Royalty Destiny; the game "
        "has just been set up and your first decision is the Wish to discard.",
        ("fire",),
        solo="hard",
    ),
    Scenario(
        "four-seat-monuments",
        "Four Djinns, the Caravan still two or more steps from the Dock: two Monuments stand on "
        "the map and it is the Air Djinn's turn.",
        ("air", "water", "fire", "earth"),
        stop=mid_game_monuments,
        player="medium",
    ),
    Scenario(
        "caravan-one-step",
        "The Caravan stands on the Volcano, one step from the Dock, in the last turn of the round; "
        "the next Caravan card moves it onto the Dock, so the next round is the final round.",
        ("earth", "fire", "water"),
        stop=caravan_one_step,
    ),
    Scenario(
        "tie-by-badges",
        "The final round, the last turn: if the Djinn to play ends the turn now, the top scores "
        "are tied and the most Monument Badges decides the winner.",
        ("air", "water", "fire", "earth"),
        stop=tie_by_badges,
        search=True,
        seeds=1000,
    ),
    Scenario(
        "water-frostflakes",
        "The Water Djinn's turn with Frostflakes on two or more Wishes of the Offer.",
        ("water", "fire", "air"),
        stop=frostflakes,
    ),
    Scenario(
        "air-wind-blasts",
        "The Air Djinn's turn among three or more Wind Blast tokens, one of them here or next door.",
        ("air", "earth"),
        stop=wind_blasts,
    ),
    Scenario(
        "spirits-two-modules-start",
        "Spirits of the Forest with Wishes and Hexes, two seats against the hard bot: the game "
        "has just been set up and your first decision is the Wish card to keep.",
        ("water", "air"),
        game="spirits",
        options=(("modules", ("wishes", "hexes")),),
        opponents="hard",
    ),
    Scenario(
        "spirits-four-endgame",
        "Spirits of the Forest with Wishes and Hexes, four seats two turns from the last tile: "
        "three or four tiles are left, gemstones reserve some of them, and the Wishes are about "
        "to be checked.",
        ("earth", "air", "water", "fire"),
        stop=spirits_endgame,
        player="medium",
        game="spirits",
        options=(("modules", ("wishes", "hexes")),),
    ),
    Scenario(
        "spirits-solo-last-row",
        "Spirits of the Forest solo at the standard level, one row from the end: two rows are "
        "empty, and when the next one runs empty the forest's majorities decide the game.",
        ("fire",),
        solo="standard",
        stop=spirits_solo_last_row,
        player="medium",
        game="spirits",
    ),
    Scenario(
        "wishland-four-start",
        "Wishland, four colours with the Entrepreneur Cards and the Achievement Tiles: the game "
        "has just been set up and your first decision is the Entrepreneur card to keep.",
        ("red", "blue", "green", "yellow"),
        game="wishland",
        options=(("entrepreneurs", True), ("achievement_tiles", True)),
    ),
    Scenario(
        "wishland-last-turn-hotels",
        "Wishland, three colours in the last turn of round 7: you hold Hotel #8 (buy one more card "
        "in Final Scoring) and Hotel #10 (your Mascots count their own symbols) to score.",
        ("red", "blue", "green"),
        stop=wishland_hotels_to_score,
        player="medium",
        game="wishland",
        chooser=wishland_hotel_lover,
    ),
    Scenario(
        "wishland-solo-round6",
        "Wishland solo with the Entrepreneur Cards and the Achievement Tiles, the first turn of "
        "round 6: two rounds to raise your score before Final Scoring.",
        ("green",),
        solo="standard",
        stop=wishland_solo_round6,
        player="medium",
        game="wishland",
        options=(("entrepreneurs", True), ("achievement_tiles", True)),
    ),
)


def search_turn(state, stop, budget: int = 20000) -> list | None:
    """Depth-first search over the deciding seat's own decisions this turn for a fitting position."""
    seat = state.current_player
    seen = 0
    stack = [(state, [])]
    while stack and seen < budget:
        st, path = stack.pop()
        seen += 1
        if stop(st):
            return path
        if st.current_player != seat or st.phase != "play" or len(path) >= 8:
            continue
        for action in st.legal_actions():
            if action.kind not in ("end",):
                stack.append((st.apply(action), [*path, action]))
    return None


def build(scenario: Scenario, max_seeds: int = 400) -> GameRecord:
    """Play seeded games until one reaches the scenario's position; return its record."""
    who = ["human"] + [scenario.opponents] * (len(scenario.djinns) - 1)
    seats = [{"djinn": d, "who": w} for d, w in zip(scenario.djinns, who, strict=True)]
    options = dict(scenario.options)
    for seed in range(1, max_seeds + 1):
        record, state = GameRecord.new(
            seats, seed, scenario.solo or None, scenario.game, options, games=GAMES
        )
        if scenario.stop is None:
            return record
        rng = random.Random(seed)
        bots = None
        if scenario.player != "greedy":
            make_bot = record.spec.bots.make_bot
            bots = [make_bot(scenario.player, seed * 10 + s) for s in range(len(seats))]
        while not state.is_over:
            if scenario.stop(state):
                return record
            if (
                scenario.search
                and state.final_round
                and at_turn_start(state, state.turn_seat)
                and state.turn_idx == len(state.order) - 1
                and any(p.badges for p in state.players)
            ):
                path = search_turn(state, scenario.stop)
                if path is not None:
                    for action in path:
                        record, state = record.play(state, action)
                    return record
            if bots is None:
                action = choose(state, rng)
            elif scenario.chooser is not None:
                seat = state.current_player
                action = scenario.chooser(state, bots[seat], seat)
            else:
                seat = state.current_player
                action = bots[seat].choose(state.view(seat), state.legal_actions())
            record, state = record.play(state, action)
    raise SystemExit(f"no seed up to {max_seeds} reaches the scenario '{scenario.file}'")


def main(only: list[str]) -> int:
    """Build the scenarios named in `only` (all when empty) into saves/."""
    OUT.mkdir(exist_ok=True)
    for scenario in SCENARIOS:
        if only and scenario.file not in only:
            continue
        record = build(scenario, scenario.seeds)
        game_rules = record.spec.rules
        seat = game_rules.State.from_dict(record.state).current_player
        key = record.spec.seat_key
        record.seats = [  # the person plays the seat that decides now
            {key: s[key], "who": "human" if i == seat else scenario.opponents}
            for i, s in enumerate(record.seats)
        ]
        record.name = scenario.file
        record.id = f"scenario-{scenario.file}"
        record.description = scenario.description
        path = OUT / f"{scenario.file}.json"
        text = json.dumps(record.to_json(), separators=(",", ":"), ensure_ascii=False)
        path.write_text(text + "\n", encoding="utf-8")
        state = game_rules.State.from_dict(record.state)
        where = f"round {state.round}" if hasattr(state, "round") else repr(state)
        if record.game == "wishland":
            where += f", turn {state.turn}, seat {seat}"
        print(
            f"{path.name}: seed {record.seed}, {len(record.actions)} actions, {where}", flush=True
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
