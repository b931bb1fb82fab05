"""Every optional Entrepreneur card does what "Optional Entrepreneur Cards" says (#1-#12)."""

from __future__ import annotations

from wish_tui.wishland import rules

from .helpers import (
    BLUE,
    RED,
    act,
    cards_where,
    edit,
    end_turn,
    names,
    one_of_each_category,
    position,
    set_entrepreneur,
    steps,
)


def _with(number: int, cards=(), market=(), tickets=1, credits=20, fn=None, **players):
    """RED at the start of its turn holding Entrepreneur #`number`."""

    def build(d):
        set_entrepreneur(d, RED, number)
        if fn:
            fn(d)

    return position(
        cards=cards,
        market=market,
        tickets=tickets,
        entrepreneurs=True,
        fn=build,
        players={RED: {"credits": credits, **players}},
    )


def _buy(state, card_id: str, *choices: str):
    state = act(state, f"buy {card_id}")
    for text in choices:
        assert state.current_player == RED, names(state.legal_actions())
        state = act(state, text)
    return state


def test_entrepreneur_1_first_third_and_fifth_card_of_each_colour():
    """#1: "After playing your 1st card of each colour you have not yet played, you earn 1
    Credit. After playing your 3rd card of each colour, choose 1 of the following: Happiness,
    Visitor, Worker. After playing your 5th card of each colour, you gain 1 Victory Point.
    Ticket Office Cards do count towards the above Rewards." """
    rides = cards_where("ride", cost=2) + cards_where("ride", cost=3)
    state = _with(1, market=[rides[0]], credits=5)
    after = _buy(state, rides[0])
    assert after.players[RED].credits == 5 - 2 + 1
    third = _with(1, cards=rides[1:3], market=[rides[0]], credits=5)
    after = _buy(third, rides[0])
    assert after.current_player == RED and after.pending[0][2] == "ent1"
    after = act(after, "gain visitor")
    assert after.players[RED].visitors == 1
    assert after.players[RED].credits == 5 - 2 + 2, "Visitor 1 is odd: 2 Credits"
    fifth = _with(1, cards=rides[1:5], market=[rides[0]], credits=5)
    after = _buy(fifth, rides[0])
    assert after.players[RED].vp == fifth.players[RED].vp + rules.CATALOG.by_id[rides[0]].vp + 1


def test_entrepreneur_1_counts_ticket_offices():
    """#1: "Ticket Office Cards do count towards the above Rewards": the 3rd Ticket Office (from
    Hotel #4 here) asks for the choice."""
    state = _with(1, cards=["Y1"], market=["G4"], tickets=1, credits=9)
    after = act(state, "buy G4")
    sources = [step[2] for step in after.pending if step[0] == "gain"]
    assert sources == ["ent1"], "the 1st Hotel pays 1 Credit; the 3rd Ticket Office a choice"
    assert after.players[RED].tickets == 3


def test_entrepreneur_2_two_less_for_the_first_and_fifth_card_of_each_colour():
    """#2: "You pay 2 Credits less to purchase your 1st card of each colour. You pay 2 Credits
    less to purchase your 5th card of each colour. Purchasing cards that cost 0 Credits does not
    gain you 2 Credits from the Credit Pool." """
    ride = cards_where("ride", cost=5)[0]
    assert _buy(_with(2, market=[ride], credits=5), ride).players[RED].credits == 5 - 3
    second = _with(2, cards=["Y1"], market=[ride], credits=5)
    assert _buy(second, ride).players[RED].credits == 0
    fifth = _with(2, cards=["Y1", "Y2", "Y3", "Y4"], market=[ride], credits=5)
    assert _buy(fifth, ride).players[RED].credits == 5 - 3
    free = cards_where("restaurant", cost=0)[0]
    assert _buy(_with(2, market=[free], credits=0), free).players[RED].credits == 4
    poor = _with(2, market=[ride], credits=3)
    assert f"buy {ride}" in names(poor.legal_actions())


def test_entrepreneur_3_private_tile_credits_and_choice():
    """#3: "randomly draw 1 Achievement Tile ... This Achievement can only be claimed by you ...
    If you draw a Tile with no effect, redraw until you get one that is not blank. Each time any
    player claims an Achievement, you gain 1 Credit. Each time you claim an Achievement, choose
    1 of Happiness, Visitor, Worker." """
    state = _with(3, happiness=7, credits=0)
    tile = state.players[RED].tile
    assert tile and not rules.CATALOG.achievements[tile].is_blank
    after = act(state, "claim A1")
    assert after.players[RED].credits == 1
    assert after.current_player == RED and after.pending[0][2] == "ent3"
    # Blue claims: Red, who holds #3, gains 1 Credit.
    other = edit(
        state,
        lambda d: (
            set_entrepreneur(d, BLUE, 3),
            d["players"][BLUE].update(happiness=7),
            d.update(track=[BLUE, RED, -1, -1, -1]),
        ),
    )
    owner = other.players[BLUE].tile
    assert owner and other.players[RED].tile == ""
    credits = other.players[BLUE].credits
    after = act(other, "claim A1")
    assert after.players[BLUE].credits == credits + 1


def test_entrepreneur_3_tile_is_claimed_by_its_owner_only():
    """#3: "No one else can claim this Achievement." """

    def t9(d):
        set_entrepreneur(d, BLUE, 3)
        tile = d["players"][BLUE]["tile"]
        d["tile_box"].append(tile)
        d["tile_box"].remove("T9")
        d["tile_box"].sort(key=lambda t: int(t[1:]))
        d["players"][BLUE]["tile"] = "T9"

    state = _with(1, credits=25, fn=t9)
    assert "claim T9" not in names(state.legal_actions())
    assert "another seat's Entrepreneur #3" in state.why_illegal(rules.Action("claim", "T9"))
    mine = edit(
        state,
        lambda d: (d["players"][BLUE].update(credits=25), d.update(track=[BLUE, RED, -1, -1, -1])),
    )
    assert "claim T9" in names(mine.legal_actions())
    after = act(mine, "claim T9")
    assert after.players[BLUE].tile_claimed
    assert "claim T9" not in names(after.legal_actions())


def test_entrepreneur_3_at_setup_draws_a_non_blank_tile_left_in_the_box():
    for seed in range(30):
        state = rules.new_game(
            ["red", "blue", "green", "yellow"],
            seed=seed,
            entrepreneurs=True,
            achievement_tiles=True,
        )
        while state.phase == "setup":
            legal = state.legal_actions()
            state = state.apply(next((a for a in legal if a.arg == "E3"), legal[0]))
        holders = [p for p in state.players if p.ent == 3]
        for p in holders:
            assert p.tile and not rules.CATALOG.achievements[p.tile].is_blank
            assert p.tile not in state.ach and p.tile not in state.tile_box


def test_entrepreneur_4_doubles_happiness_rewards():
    """#4: "Double all Immediate Rewards you earn from the Happiness Track. Double all Final
    Scoring Rewards you earn from the Happiness Track." """
    state = _with(4, credits=5)
    after = act(state, "advertise", "gain happiness")
    assert after.players[RED].vp == 2
    rides = cards_where("ride")[:5]
    full = _with(4, cards=rides, tickets=1, happiness=10)
    assert steps(full)["happiness"] == 2


def test_entrepreneur_5_doubles_visitor_rewards():
    """#5: "Double all Immediate Rewards you earn from the Visitor Track. Double all Final
    Scoring Rewards you earn from the Visitor Track." """
    state = _with(5, credits=5)
    after = act(state, "advertise", "gain visitor")
    assert after.players[RED].credits == 5 + 1 + 4
    full = _with(5, visitors=10)
    assert steps(full)["visitors"] == 2


def test_entrepreneur_6_restaurants_choice_discount_and_no_limit():
    """#6: "Each time you play a Restaurant Card, choose 1 of Happiness, Visitor, Worker. You
    pay 1 Credit less when purchasing Restaurant Cards. You may ignore the Card Limit rules for
    Restaurant Cards." """
    restaurants = cards_where("restaurant", subtype="income", cost=3)
    state = _with(6, cards=restaurants[:1], market=restaurants[1:2], credits=2)
    assert f"buy {restaurants[1]}" in names(state.legal_actions())
    after = _buy(state, restaurants[1], "gain worker")
    assert after.players[RED].credits == 0
    assert after.players[RED].counts[1] == 2
    assert after.players[RED].workers == state.players[RED].workers - 1 + 1
    assert after.players[RED].reserve == state.players[RED].reserve - 1


def test_entrepreneur_7_hotels_choice_discount_and_no_limit():
    """#7: the same for Hotel Cards."""
    cost = rules.CATALOG.by_id["G2"].cost
    state = _with(7, cards=["G1"], market=["G2"], credits=cost - 1)
    after = _buy(state, "G2", "gain happiness")
    assert after.players[RED].credits == 3
    assert after.players[RED].counts[3] == 2 and after.players[RED].happiness == 1


def test_entrepreneur_8_cheaper_mascots_with_double_rewards():
    """#8: "You pay 1 Credit less when playing Mascot Cards. You earn double Rewards for playing
    Mascot Cards. E.g. you gain 2 Ticket Office Cards for your 1st Mascot Card, instead of 1." """
    mascots = cards_where("mascot", cost=3)
    first = _buy(_with(8, market=mascots[:1], credits=2), mascots[0])
    assert first.players[RED].credits == 0 and first.players[RED].tickets == 3
    second = _buy(
        _with(8, cards=mascots[1:2], market=mascots[:1], tickets=2, credits=2),
        mascots[0],
        "gain happiness",
        "gain visitor",
    )
    assert (second.players[RED].happiness, second.players[RED].visitors) == (1, 1)
    third = _buy(_with(8, cards=mascots[1:3], market=mascots[:1], tickets=3, credits=2), mascots[0])
    assert third.players[RED].credits == 4
    fourth = _buy(
        _with(8, cards=mascots[1:4], market=mascots[:1], tickets=4, credits=2), mascots[0]
    )
    assert fourth.players[RED].vp == 2
    five = _with(8, cards=mascots[:5], tickets=5)
    assert five.final_scores()["seats"][RED]["unique_entertainment"] == 2


def test_entrepreneur_9_first_income_phase_only():
    """#9: "During the 1st Income Phase only, you receive all the following: 2 Workers, 3
    Credits, 1 Victory point, 2 Ticket Office cards." """
    state = rules.new_game(["red", "blue"], seed=4, entrepreneurs=True)
    state = edit(state, lambda d: set_entrepreneur(d, RED, 9, option=0))
    while state.phase != "turns":
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a.arg == "E9"), legal[0]))
    p = state.players[RED]
    space = state.track.index(RED) + 1
    order_credits = 1 if space == 2 else 0
    order_vp = 1 if space == 3 else 0
    assert p.workers == 4 + 2 and p.reserve == 4
    assert p.credits == 5 + 3 + order_credits
    assert p.vp == 1 + order_vp
    assert p.tickets == 1 + 2 + (space == 5)
    # The next Income Phase brings only the 5 Credits.
    while state.round == 1:
        state = act(state, "collect")
    before = state.players[RED]
    while state.phase != "turns":
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a.arg in ("1", "2")), legal[0]))
    after = state.players[RED]
    assert after.tickets == before.tickets and after.workers == before.workers
    assert after.credits - before.credits == 5 + (state.track.index(RED) == 1)


def test_entrepreneur_10_credit_for_a_new_symbol_and_2_vp_for_all_twelve():
    """#10: "You gain 1 Credit each time you play a non-Mascot Card with a Category Symbol that
    does not appear on cards in your play area. If you have Hotel Card #10, you also gain 1
    Credit each time you play a Mascot Card with a Category Symbol that does not appear ...
    You gain 2 Victory Points during Final Scoring if you have collected cards with all 12
    Category Symbols." """
    castle = cards_where("ride", category="castle")
    state = _with(10, market=castle[:1], credits=5)
    cost = rules.CATALOG.by_id[castle[0]].cost
    assert _buy(state, castle[0]).players[RED].credits == 5 - cost + 1
    again = _with(10, cards=castle[1:2], market=castle[:1], credits=5)
    assert _buy(again, castle[0]).players[RED].credits == 5 - cost
    mascot = cards_where("mascot", category="castle", cost=3)[0]
    plain = _with(10, market=[mascot], credits=5)
    assert _buy(plain, mascot).players[RED].credits == 5 - 3
    hotel10 = _with(10, cards=["G10"], market=[mascot], credits=5)
    assert _buy(hotel10, mascot).players[RED].credits == 5 - 3 + 1
    twelve = one_of_each_category()
    assert steps(_with(10, cards=twelve, tickets=1))["entrepreneur"] == 2
    assert steps(_with(10, cards=twelve[:-1], tickets=1))["entrepreneur"] == 0


def test_entrepreneur_11_most_common_symbol():
    """#11: "You earn 1 Victory Point for each instance of the most common Category Symbol on
    non-Mascot Cards you have played. If you have Hotel Card #10, you may include Category
    Symbols on Mascot Cards you have played." """
    castles = cards_where("ride", category="castle")[:3]
    mascots = cards_where("mascot", category="castle")
    state = _with(11, cards=[*castles, "Y1", *mascots], tickets=2)
    assert steps(state)["entrepreneur"] == 3
    with_10 = _with(11, cards=[*castles, "Y1", *mascots, "G10"], tickets=2)
    assert steps(with_10)["entrepreneur"] == 5


def test_entrepreneur_12_income_by_restaurants():
    """#12: "You gain 1 extra Credit in the Income Phase if you have played 2 or more
    Restaurant Cards. ... your choice of 1 Happiness, 1 Visitor, or 1 Worker ... if you have
    played 4 or more ... 1 Victory Point ... if you have played 6 or more. When you gain this
    Reward, you also gain [the lower] Income Rewards." """
    penalties = cards_where("restaurant", subtype="credits")

    def income_phase(n: int):
        state = _with(12, cards=penalties[:n], tickets=6, credits=0)
        state = edit(state, lambda d: d.update(turn=4))
        state = act(end_turn(state), "collect")
        decisions = []
        while state.phase != "turns":
            if state.pending and state.pending[0][0] == "gain":
                decisions.append(state.pending[0][2])
                state = act(state, "gain worker")
            else:
                state = state.apply(state.legal_actions()[0])  # the lowest free space
        return state, decisions

    for n, extra, choice, vp in (
        (1, 0, False, 0),
        (2, 1, False, 0),
        (4, 1, True, 0),
        (6, 1, True, 1),
    ):
        state, decisions = income_phase(n)
        p = state.players[RED]
        space = state.track.index(RED) + 1
        assert space in (1, 2)
        assert p.credits == 5 + extra + (space == 2), n
        assert decisions == (["ent12"] if choice else []), n
        assert p.vp == vp, n


def test_every_entrepreneur_has_a_test():
    covered = {
        int(name.split("_")[2]) for name in globals() if name.startswith("test_entrepreneur_")
    }
    assert covered == set(range(1, 13))
