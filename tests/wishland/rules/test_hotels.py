"""Every Hotel card does what the rulebook's Card Descriptions say (Hotel Cards #1-#24)."""

from __future__ import annotations

import pytest

from wish_tui.wishland import rules
from wish_tui.wishland.rules.tables import hotel_param

from .helpers import (
    BLUE,
    RED,
    act,
    cards_where,
    edit,
    end_turn,
    names,
    position,
    set_workers,
    steps,
)


def _buying(hotel: str, cards=(), credits=20, tickets=3, **kw):
    """RED at the start of its turn, `hotel` face up, with Credits and cards."""
    return position(
        cards=cards, market=[hotel], tickets=tickets, players={RED: {"credits": credits}}, **kw
    )


def _decide(state, *choices: str):
    """Answer RED's pending decisions with `choices`, in order."""
    for text in choices:
        assert state.current_player == RED, state.legal_actions()
        state = act(state, text)
    return state


def hotel_vp(state, number: int) -> int:
    return state.final_scores()["seats"][RED]["hotel_vp"].get(f"G{number}", 0)


def test_hotel_1_gives_6_vp():
    """#1: "Immediate Reward: You gain 6 victory points." """
    after = act(_buying("G1"), "buy G1")
    assert after.players[RED].vp == 6


def test_hotel_2_gives_3_credits():
    """#2: "Immediate Reward: You gain 3 Credits." """
    state = _buying("G2", credits=5)
    cost = rules.CATALOG.by_id["G2"].cost
    after = act(state, "buy G2")
    assert after.players[RED].credits == 5 - cost + 3


def test_hotel_3_gives_happiness_visitor_and_worker():
    """#3: "Immediate Reward: You gain 1 Happiness, 1 Visitor and 1 Worker." """
    state = _buying("G3")
    after = act(state, "buy G3")
    p, before = after.players[RED], state.players[RED]
    assert (p.happiness, p.visitors) == (1, 1)
    assert p.vp == 1, "Happiness 1 is odd: 1 VP"
    assert p.reserve == before.reserve - 1


def test_hotel_4_gives_2_ticket_offices():
    """#4: "Immediate Reward: You gain 2 Ticket Office Cards." """
    state = _buying("G4")
    pile = state.tickets
    after = act(state, "buy G4")
    assert after.players[RED].tickets == 5
    assert after.tickets == pile - 2
    assert after.view(RED)["players"][RED]["card_limit"] == 5


def test_hotel_4_takes_only_what_the_pile_holds():
    """Decision: with the face-down pile empty, no Ticket Office Card is gained."""

    def empty_pile(d):
        d["players"][BLUE]["tickets"] += d["tickets"] - 1
        d["tickets"] = 1

    after = act(_buying("G4", fn=empty_pile), "buy G4")
    assert after.players[RED].tickets == 4 and after.tickets == 0


@pytest.mark.parametrize("tickets", [1, 2, 3, 4, 5, 6, 8])
def test_hotel_5_scores_by_ticket_offices(tickets):
    """#5: "You gain the Victory Points shown, based on the total number of Ticket Office Cards
    you have played." (the table is designed)"""
    state = position(cards=["G5"], tickets=tickets)
    table = hotel_param(5, "table")
    expected = max([vp for at_least, vp in table if tickets >= at_least], default=0)
    assert hotel_vp(state, 5) == expected
    assert hotel_vp(position(cards=["G5"], tickets=2), 5) < hotel_vp(
        position(cards=["G5"], tickets=6), 5
    )


def test_hotel_6_gives_1_vp_now_and_up_to_3_at_the_end():
    """#6: "Immediate Reward: You gain 1 Victory Point when purchasing this card. Final Scoring
    Reward: 1 Victory Point for each of the following you have achieved (maximum 3): Reached 10
    on the Happiness Track, Reached 10 on the Visitor Track, Claimed all 6 of your workers from
    the Worker Reserve." """
    after = act(_buying("G6"), "buy G6")
    assert after.players[RED].vp == 1
    assert hotel_vp(position(cards=["G6"]), 6) == 0
    one = position(cards=["G6"], players={RED: {"happiness": 10}})
    assert hotel_vp(one, 6) == 1
    all_three = position(
        cards=["G6"],
        players={RED: {"happiness": 10, "visitors": 10}},
        fn=lambda d: set_workers(d, RED, 10, 0),
    )
    assert hotel_vp(all_three, 6) == 3


def test_hotel_7_scores_three_different_symbols_per_colour():
    """#7: "You gain 1 Victory Point for having 3 different Category Symbols on cards of the same
    colour. You score this for each colour of card. E.g. If you have all three Restaurant
    Category Symbols, you earn 1 Victory Point." """
    restaurants = [
        cards_where("restaurant", category=c)[0] for c in ("drink", "hamburger", "cotton candy")
    ]
    state = position(cards=["G7", *restaurants], tickets=3)
    assert hotel_vp(state, 7) == 1
    rides = [
        cards_where("ride", category=c)[0] for c in ("ferris wheel", "roller coaster", "castle")
    ]
    assert hotel_vp(position(cards=["G7", *restaurants, *rides], tickets=3), 7) == 2
    two_kinds = position(
        cards=["G7", *restaurants[:2], *cards_where("restaurant", category="drink")[1:3]], tickets=4
    )
    assert hotel_vp(two_kinds, 7) == 0
    # The Hotels themselves: G7 (its symbol) with two Hotels of the other two symbols.
    hotels = position(cards=["G7", "G8", "G9"], tickets=3)
    assert hotel_vp(hotels, 7) == 1


def test_hotel_8_may_pass_and_offers_deck_and_discards_within_the_card_limit():
    """#8: "If you pay its cost, you may play 1 card of your choice from any Deck or Discard
    Pile in the Marketplace." The choice obeys the Card Limit and the seat's Credits."""

    def end_of_game(d):
        d.update(round=7, turn=4)
        d["players"][RED]["credits"] = 4

    state = act(position(cards=["G8"], tickets=1, fn=end_of_game), "collect", "collect")
    assert state.phase == "final" and state.current_player == RED
    offered = [a.arg for a in state.legal_actions() if a.kind == "bonus"]
    data = state.to_dict()
    supply = {c for deck in data["decks"] for c in deck}
    supply |= {c for row in data["market"] for c in row if c}
    supply |= {c for pile in data["discards"] for c in pile}
    assert offered and set(offered) <= supply
    assert any(c in {x for deck in data["decks"] for x in deck} for c in offered)
    for cid in offered:
        c = rules.CATALOG.by_id[cid]
        assert c.cost <= 4
        assert rules.KINDS[c.kind] != "hotel", "a second Hotel breaks a Card Limit of 1"
    passed = act(state, "pass")
    assert passed.is_over and passed.players[RED].park == state.players[RED].park


def test_hotel_8_bonus_hotel_resolves_its_final_reward():
    """ "If they had chosen to purchase another Hotel Card, they would resolve it now." """

    def end_of_game(d):
        d.update(round=7, turn=4)
        d["players"][RED]["credits"] = 10

    # Five Rides: Achievement #5 can be claimed after the collect, so the turn waits for `end`.
    state = act(
        end_turn(position(cards=["G8", *cards_where("ride")[:5]], tickets=1, fn=end_of_game)),
        "collect",
    )
    after = act(state, "bonus G17")
    assert after.is_over
    assert after.final_scores()["seats"][RED]["hotel_vp"]["G17"] == 0
    with_sets = act(
        act(
            position(cards=["G8", "Y1", "R1", "B1", "K1"], tickets=2, fn=end_of_game),
            "collect",
            "collect",
        ),
        "bonus G17",
    )
    assert with_sets.final_scores()["seats"][RED]["hotel_vp"]["G17"] == 1


def test_hotel_9_counts_as_a_unique_entertainment_symbol():
    """#9: "This card counts as 1 bonus unique Entertainment Symbol." """
    actor = cards_where("actor", entertainment="mask")[0]
    without = position(cards=[actor], tickets=1)
    assert steps(without)["entertainment"] == 0
    assert steps(position(cards=[actor, "G9"], tickets=1))["entertainment"] == 1


def test_hotel_10_counts_mascot_symbols_themselves():
    """#10: "You may also count the Category Symbols on your Mascot Cards themselves when
    scoring your Mascot Cards." """
    mascot = cards_where("mascot", category="drink")[0]
    drink = cards_where("restaurant", category="drink")[0]
    assert steps(position(cards=[mascot, drink], tickets=1))["mascots"] == 0  # 1 // 2
    assert steps(position(cards=[mascot, drink, "G10"], tickets=1))["mascots"] == 1  # 2 // 2


def test_hotel_11_scores_by_category_symbols():
    """#11: "You gain the Victory Points shown, based on the total number of Category Symbols
    you have on all cards you have played." (the table is designed)"""
    table = hotel_param(11, "table")
    rides = cards_where("ride")
    for n_rides in (0, 5, 8, 11, 14):
        state = position(cards=["G11", *rides[:n_rides]], tickets=1)
        symbols = 1 + n_rides
        expected = max([vp for at_least, vp in table if symbols >= at_least], default=0)
        assert hotel_vp(state, 11) == expected


def test_hotel_12_scores_duplicate_entertainment_symbols():
    """#12: "you gain 1 Victory Point for each Entertainment Symbol you have not already
    scored." """
    masks = cards_where("actor", entertainment="mask")
    state = position(cards=[*masks, "G12"], tickets=3)
    assert state.final_scores()["seats"][RED]["duplicate_entertainment"] == 2
    assert steps(state)["entertainment"] == 2


def test_hotel_13_collects_after_using_the_advertisement_space():
    """#13: "Each time you place any Workers on the Advertisement Space, you get to collect all
    your Workers at the end of your Turn, without spending an Action." """

    def board(d):
        d["stacks"][0] = [[RED, 2]]
        set_workers(d, RED, 2, 6)

    state = position(cards=["G13"], fn=board)
    after = act(state, "advertise")
    after = _decide(after, "gain happiness")
    assert after.current_player == BLUE
    assert after.players[RED].workers == 4
    assert not any(s == RED for space in after.stacks for s, _ in space)
    without = act(position(fn=board), "advertise", "gain happiness")
    assert without.players[RED].workers == 1


def test_hotel_14_one_more_credit_per_restaurant_and_no_penalty():
    """#14: "You gain 1 extra Credit when playing Restaurant Cards. ... Restaurant Cards do not
    cost you 1 Victory Point during Final Scoring." """
    penalty = cards_where("restaurant", subtype="credits", cost=0)[0]
    state = position(cards=["G14"], market=[penalty], players={RED: {"credits": 0}})
    after = act(state, f"buy {penalty}")
    assert after.players[RED].credits == 4 + 1
    assert steps(after)["restaurants"] == 0


def test_hotel_15_lets_each_unit_be_chosen():
    """#15: "Each time you earn Happiness, Visitors or Workers, you may choose which of the 3
    resources you receive. E.g. you may earn 3 Workers but choose to receive 1 Happiness and 2
    Visitors instead." """
    actor = cards_where("actor", workers=2)[0]
    state = position(cards=["G15"], market=[actor], tickets=2, players={RED: {"credits": 9}})
    after = act(state, f"buy {actor}")
    assert after.current_player == RED
    assert names(after.legal_actions()) == ["gain happiness", "gain visitor", "gain worker"]
    after = _decide(after, "gain happiness", "gain visitor")
    p = after.players[RED]
    assert (p.happiness, p.visitors, p.reserve) == (1, 1, state.players[RED].reserve)


def test_hotel_16_paid_collect_is_a_free_action_once_a_turn():
    """#16: "You may pay 3 Credits to collect all your Workers without spending an action. You
    may also take a standard action on this turn. You may take this action and your standard
    action in any order." """

    def board(d):
        d["stacks"][1] = [[RED, 3]]
        set_workers(d, RED, 1, 6)

    state = position(cards=["G16"], fn=board, players={RED: {"credits": 7}})
    assert "collect paid" in names(state.legal_actions())
    after = act(state, "collect paid")
    assert after.current_player == RED and after.players[RED].workers == 4
    assert after.players[RED].credits == 4
    assert "collect paid" not in names(after.legal_actions())
    assert any(a.kind == "buy" for a in after.legal_actions()), "the standard action remains"
    # Any order: the standard action first, then the paid collect before ending the turn.
    first = act(state, "advertise", "gain happiness")
    assert first.current_player == RED and "collect paid" in names(first.legal_actions())
    assert "end" in names(first.legal_actions())
    done = act(first, "collect paid")
    assert done.players[RED].workers == 4
    # A free action never ends the turn: it waits for `end`.
    assert done.current_player == RED and names(done.legal_actions()) == ["end"]
    assert act(done, "end").current_player == BLUE
    poor = position(cards=["G16"], fn=board, players={RED: {"credits": 2}})
    assert "collect paid" not in names(poor.legal_actions())


def test_hotel_17_counts_sets_of_five_colours():
    """#17: "For each set of 1 yellow, 1 blue, 1 red, 1 green and 1 black card you possess, you
    gain 1 Victory Point." (see also the Hotel example)"""
    assert hotel_vp(position(cards=["G17", "Y1", "R1", "B1"], tickets=1), 17) == 0
    assert hotel_vp(position(cards=["G17", "Y1", "R1", "B1", "K1"], tickets=1), 17) == 1


def test_hotel_18_actor_cards_give_a_choice():
    """#18: "Each time you play an Actor Card, you gain your choice of 1 Happiness, 1 Visitor, or
    1 Worker." """
    actor = cards_where("actor", happiness=1, cost=2)[0]
    state = position(cards=["G18"], market=[actor], tickets=2, players={RED: {"credits": 5}})
    after = act(state, f"buy {actor}")
    assert after.current_player == RED
    after = _decide(after, "gain visitor")
    assert (after.players[RED].happiness, after.players[RED].visitors) == (1, 1)


def test_hotel_19_pays_2_credits_for_1_vp_on_each_purchase_but_its_own():
    """#19: "Each time you purchase a card, you may pay 2 additional Credits to gain 1 Victory
    Point. This may only be used once for each card you purchase, and you do not gain this
    bonus for playing this card." """
    own = act(_buying("G19", credits=9), "buy G19")
    assert own.current_player == BLUE, "no offer for Hotel #19 itself"
    ride = cards_where("ride", cost=2)[0]
    state = position(cards=["G19"], market=[ride], players={RED: {"credits": 6}})
    after = act(state, f"buy {ride}")
    assert names(after.legal_actions()) == ["pay vp", "pass"]
    paid = act(after, "pay vp")
    assert paid.players[RED].credits == 6 - 2 - 2
    assert paid.players[RED].vp == rules.CATALOG.by_id[ride].vp + 1
    poor = position(cards=["G19"], market=[ride], players={RED: {"credits": 3}})
    assert act(poor, f"buy {ride}").current_player == BLUE


def test_hotel_20_claiming_an_achievement_gives_a_choice():
    """#20: "Each time you claim an Achievement, you gain your choice of 1 Happiness, 1 Visitor,
    or 1 Worker." """
    state = position(cards=["G20"], players={RED: {"happiness": 7}})
    after = act(state, "claim A1")
    assert after.current_player == RED
    after = _decide(after, "gain visitor")
    assert after.players[RED].visitors == 1 and after.players[RED].vp == 1


def test_hotel_21_costs_2_income_and_pays_1_vp_per_other_hotel():
    """#21: "You earn 2 Credits less during the Income Phase. Each time you play other Hotel
    Cards, you gain 1 Victory Point. You do not earn this Reward for playing this card." """
    state = _buying("G21")
    own = act(state, "buy G21")
    assert own.players[RED].vp == 0
    assert own.view(RED)["players"][RED]["income"] == 3
    later = position(cards=["G21"], market=["G1"], tickets=2, players={RED: {"credits": 9}})
    assert act(later, "buy G1").players[RED].vp == 6 + 1


def test_hotel_22_expensive_cards_give_a_choice():
    """#22: "Each time you play a card that costs 5 or more Credits, you gain your choice of 1
    Happiness, 1 Visitor or 1 Worker." """
    dear = cards_where("ride", cost=5)[0]
    cheap = cards_where("ride", cost=4)[0]
    state = position(cards=["G22"], market=[dear, cheap], players={RED: {"credits": 9}})
    after = act(state, f"buy {dear}")
    assert after.current_player == RED
    assert _decide(after, "gain happiness").players[RED].happiness == 1
    assert act(state, f"buy {cheap}").current_player == BLUE


def test_hotel_23_one_more_income_per_restaurant():
    """#23: "You earn 1 extra Credit in the Income Phase for each Restaurant Card you have
    played." """
    penalties = cards_where("restaurant", subtype="credits")[:3]
    state = position(cards=["G23", *penalties], tickets=3)
    assert state.view(RED)["players"][RED]["income"] == 5 + 3


def test_hotel_24_ignores_the_card_limit():
    """#24: "You may ignore the Card Limit rules for all cards for the rest of the game." """
    actors = cards_where("actor", cost=2)[:2]
    state = position(
        cards=["G24", actors[0]], market=[actors[1]], tickets=1, players={RED: {"credits": 5}}
    )
    assert f"buy {actors[1]}" in names(state.legal_actions())
    after = act(state, f"buy {actors[1]}")
    assert after.players[RED].counts[2] == 2
    edit(after)  # the validation accepts more cards than the Card Limit with Hotel #24


def test_every_hotel_has_a_test():
    covered = {int(name.split("_")[2]) for name in globals() if name.startswith("test_hotel_")}
    assert covered == set(range(1, 25))


def test_hotel_5_counts_the_starting_ticket_office_as_played():
    """#5 counts "the total number of Ticket Office Cards you have played"; Setup: "Each player
    takes 1 Ticket Office Card and places it face up in their play area." The starting one counts,
    so one more gained reaches the table's first row (2 -> 1 VP)."""
    assert tuple(hotel_param(5, "table")[0]) == (2, 1)
    assert hotel_vp(position(cards=["G5"], tickets=1), 5) == 0
    assert hotel_vp(position(cards=["G5"], tickets=2), 5) == 1
