"""The Happiness and Visitor Tracks (rulebook, "Game Board"), choices of 1 Happiness, 1 Visitor
or 1 Worker, and the Mascot Card Bonuses for the 1st-5th Mascot."""

from __future__ import annotations

from wish_tui.wishland import rules

from .helpers import RED, act, cards_where, names, position, set_workers

CAT = rules.CATALOG


def test_odd_happiness_spaces_pay_1_vp():
    """ "Each time players reach an odd number on the Happiness Track, they earn 1 Victory
    Point." """
    actor = cards_where("actor", happiness=3)[0]
    state = position(market=[actor], players={RED: {"credits": 9, "happiness": 0}})
    after = act(state, f"buy {actor}")
    assert after.players[RED].happiness == 3 and after.players[RED].vp == 2


def test_odd_visitor_spaces_pay_2_credits():
    """ "Each time players reach an odd number on the Visitor Track, they earn 2 Credits." """
    actor = cards_where("actor", visitors=3)[0]
    cost = CAT.by_id[actor].cost
    state = position(market=[actor], players={RED: {"credits": 9, "visitors": 4}})
    after = act(state, f"buy {actor}")
    assert after.players[RED].visitors == 7
    assert after.players[RED].credits == 9 - cost + 2 + 2


def test_the_tracks_stop_at_10():
    actor = cards_where("actor", happiness=3)[0]
    state = position(market=[actor], players={RED: {"credits": 9, "happiness": 9}})
    after = act(state, f"buy {actor}")
    assert after.players[RED].happiness == 10 and after.players[RED].vp == 0


def test_a_choice_offers_only_what_still_counts():
    """Decision: a track at 10, or an empty Reserve, is not offered; one option left is taken."""
    state = position(players={RED: {"happiness": 10}})
    after = act(state, "advertise")
    assert names(after.legal_actions()) == ["gain visitor", "gain worker"]
    assert "already at 10" in after.why_illegal(rules.Action("gain", "happiness"))
    full = position(fn=lambda d: set_workers(d, RED, 10, 0), players={RED: {"happiness": 10}})
    forced = act(full, "advertise")
    assert forced.players[RED].visitors == 1, "the only useful option is taken at once"
    nothing = position(
        fn=lambda d: set_workers(d, RED, 10, 0), players={RED: {"happiness": 10, "visitors": 10}}
    )
    assert act(nothing, "advertise").players[RED].credits == 1


def test_a_worker_comes_from_the_reserve():
    state = act(position(), "advertise", "gain worker")
    p = state.players[RED]
    assert (p.workers, p.reserve) == (4, 5)


def _mascot_turn(owned: int):
    mascots = cards_where("mascot", cost=3)
    return position(
        cards=mascots[1 : 1 + owned],
        market=mascots[:1],
        tickets=owned + 1,
        players={RED: {"credits": 3}},
    ), mascots[0]


def test_first_mascot_gives_a_ticket_office():
    """ "1st Mascot Card: Immediate Reward: 1 Ticket Office Card." """
    state, mascot = _mascot_turn(0)
    assert act(state, f"buy {mascot}").players[RED].tickets == 2


def test_second_mascot_gives_a_choice():
    """ "2nd Mascot Card: Immediate Reward: Player's choice of 1 extra Happiness, Visitor or
    Worker." """
    state, mascot = _mascot_turn(1)
    after = act(state, f"buy {mascot}")
    assert after.pending[0][2] == "mascot"
    assert act(after, "gain happiness").players[RED].happiness == 1


def test_third_mascot_gives_2_credits():
    """ "3rd Mascot Card: Immediate Reward: 2 extra Credits." """
    state, mascot = _mascot_turn(2)
    assert act(state, f"buy {mascot}").players[RED].credits == 2


def test_fourth_mascot_gives_1_vp():
    """ "4th Mascot Card: Immediate Reward: 1 Victory Point." """
    state, mascot = _mascot_turn(3)
    assert act(state, f"buy {mascot}").players[RED].vp == 1


def test_fifth_mascot_gives_an_entertainment_symbol_and_the_sixth_nothing():
    """ "5th Mascot Card: Final Scoring Reward: 1 of 2 potential unique Entertainment Symbols." """
    state, mascot = _mascot_turn(4)
    after = act(state, f"buy {mascot}")
    assert after.players[RED].vp == 0 and after.players[RED].credits == 0
    assert after.final_scores()["seats"][RED]["unique_entertainment"] == 1
    sixth, mascot = _mascot_turn(5)
    after = act(sixth, f"buy {mascot}")
    assert after.players[RED].vp == 0 and after.players[RED].credits == 0
    assert after.final_scores()["seats"][RED]["unique_entertainment"] == 1
