"""The two standard actions (rulebook, "Actions"): Place, Purchase and Play, with the
Advertisement Space and the extra Workers of the Worker Reserve; and Collect. The Card Limit."""

from __future__ import annotations

from wish_tui.wishland import rules

from .helpers import BLUE, RED, act, cards_where, names, position, set_workers

CAT = rules.CATALOG


def test_advertisement_space_gives_a_credit_and_a_choice():
    """ "The Advertisement Space to claim 1 Credit, plus their choice of 1 Happiness, 1 Visitor,
    or 1 Worker." """
    state = position()
    after = act(state, "advertise")
    assert after.current_player == RED
    assert names(after.legal_actions()) == ["gain happiness", "gain visitor", "gain worker"]
    after = act(after, "gain visitor")
    p = after.players[RED]
    assert (p.credits, p.visitors) == (1 + 2, 1)
    assert after.stacks[5] == ((RED, 1),)
    assert after.current_player == BLUE


def test_advertisement_space_stacks_like_the_worker_spaces():
    """ "These rules apply to Worker Spaces and the Advertisement Space." """

    def crowded(d, hand=2):
        d["stacks"][5] = [[BLUE, 1], [BLUE, 2]]
        d["players"][BLUE]["reserve"] -= 3
        d["stacks"][0] = [[RED, 2]]
        set_workers(d, RED, hand, 8 - hand)

    state = position(fn=crowded)
    assert "advertise" not in names(state.legal_actions())
    assert "needs 3 Workers" in state.why_illegal(rules.Action("advertise"))
    rich = position(fn=lambda d: crowded(d, 3))
    assert act(rich, "advertise", "gain happiness").stacks[5][-1] == (RED, 3)


def test_a_purchase_pays_the_cost_and_plays_the_card():
    """ "the player purchases 1 available card from the row where they placed their Worker(s).
    Then, they play the card to their play area, remembering to claim any Immediate Rewards." """
    ride = cards_where("ride", cost=5)[0]
    state = position(market=[ride], players={RED: {"credits": 6}})
    after = act(state, f"buy {ride}")
    p = after.players[RED]
    assert p.credits == 1 and p.vp == CAT.by_id[ride].vp
    assert CAT.by_id[ride].index in p.park
    assert after.stacks[0] == ((RED, 1),)


def test_purchases_need_the_credits():
    ride = cards_where("ride", cost=5)[0]
    state = position(market=[ride], players={RED: {"credits": 4}})
    assert f"buy {ride}" not in names(state.legal_actions())
    assert state.why_illegal(rules.Action("buy", ride)) == f"{ride} costs 5 Credits; you have 4."


def test_collect_takes_back_every_worker():
    """ "Collect all your workers that you have already played." """

    def out(d):
        d["stacks"][0] = [[RED, 1]]
        d["stacks"][5] = [[BLUE, 1], [RED, 2]]
        d["players"][BLUE]["reserve"] -= 1
        set_workers(d, RED, 1)

    state = position(fn=out)
    after = act(state, "collect")
    assert after.players[RED].workers == 4
    assert after.stacks[0] == () and after.stacks[5] == ((BLUE, 1),)
    assert after.current_player == BLUE


def test_collect_is_always_possible_so_a_turn_never_sticks():
    """Decision: Collect with no Worker on the board is allowed (it changes nothing)."""
    state = position()
    assert state.players[RED].workers == 4 and "collect" in names(state.legal_actions())
    after = act(state, "collect")
    assert after.players[RED].workers == 4 and after.current_player == BLUE


def _unlocked(**players):
    return position(fn=lambda d: set_workers(d, RED, 10, 0), players={RED: players})


def test_all_six_bonus_workers_unlock_extra_workers():
    """Worker Reserve: "After placing the required number of Workers when purchasing a card, you
    may place up to 3 extra Workers to reduce the cost of the card by 1 Credit for each extra
    Worker placed." """
    ride = cards_where("ride", cost=5)[0]
    state = position(
        market=[ride], fn=lambda d: set_workers(d, RED, 10, 0), players={RED: {"credits": 3}}
    )
    assert f"buy {ride}" in names(state.legal_actions())
    after = act(state, f"buy {ride}")
    assert names(after.legal_actions()) == ["extra 2", "extra 3"]
    after = act(after, "extra 3")
    p = after.players[RED]
    assert p.credits == 1 and p.workers == 10 - 1 - 3
    assert after.stacks[0] == ((RED, 4),), "the extra Workers join the action's stack"


def test_extra_workers_stop_at_three_and_at_the_cost():
    ride = cards_where("ride", cost=2)[0]
    state = position(
        market=[ride], fn=lambda d: set_workers(d, RED, 10, 0), players={RED: {"credits": 9}}
    )
    after = act(state, f"buy {ride}")
    assert names(after.legal_actions()) == ["extra 0", "extra 1", "extra 2"]
    dear = cards_where("ride", cost=8)[0]
    state = position(
        market=[dear], fn=lambda d: set_workers(d, RED, 10, 0), players={RED: {"credits": 4}}
    )
    assert f"buy {dear}" not in names(state.legal_actions()), "8 - 3 > 4"
    assert "3 extra Workers" in state.why_illegal(rules.Action("buy", dear))


def test_extra_workers_need_every_bonus_worker():
    ride = cards_where("ride", cost=5)[0]
    state = position(
        market=[ride], fn=lambda d: set_workers(d, RED, 8, 2), players={RED: {"credits": 3}}
    )
    assert f"buy {ride}" not in names(state.legal_actions())
    rich = position(
        market=[ride], fn=lambda d: set_workers(d, RED, 8, 2), players={RED: {"credits": 6}}
    )
    assert act(rich, f"buy {ride}").current_player == BLUE, "no extra-Workers decision"


def test_rides_are_never_limited():
    """Card Limit: the limit covers Restaurant, Actor, Mascot and Hotel Cards."""
    rides = cards_where("ride", cost=2)
    state = position(cards=rides[1:3], market=rides[:1], players={RED: {"credits": 5}})
    assert f"buy {rides[0]}" in names(state.legal_actions())


def test_ticket_offices_raise_the_card_limit():
    """ "if the player acquires either a 2nd Ticket Office Card or a 2nd Ride Card, their Card
    Limit will increase to 3, and so on." """
    mascots = cards_where("mascot", cost=3)
    state = position(
        cards=mascots[:2], market=mascots[2:3], tickets=2, players={RED: {"credits": 5}}
    )
    assert f"buy {mascots[2]}" not in names(state.legal_actions())
    more = position(
        cards=[*mascots[:2], "Y1"], market=mascots[2:3], tickets=2, players={RED: {"credits": 5}}
    )
    assert f"buy {mascots[2]}" in names(more.legal_actions())
    assert more.view(RED)["players"][RED]["card_limit"] == 3


def test_a_row_without_a_card_the_seat_can_take_cannot_be_used():
    """A Worker Space is used to purchase a card of its row: no purchase, no placement."""
    actor = cards_where("actor", cost=2)[0]
    state = position(cards=[actor], players={RED: {"credits": 20}})
    assert not any(a.kind == "buy" and a.arg.startswith("B") for a in state.legal_actions())
