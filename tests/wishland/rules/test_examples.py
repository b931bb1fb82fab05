"""The rulebook's worked examples, each built as a position and played or scored.

Each test quotes its example. Positions are built with the helpers: `position` gives RED its
turn with chosen cards in its play area.
"""

from __future__ import annotations

from wish_tui.wishland import rules

from .helpers import (
    BLUE,
    GREEN,
    RED,
    act,
    cards_where,
    edit,
    names,
    position,
    set_entrepreneur,
    steps,
)


def _restaurants(category: str, n: int) -> list[str]:
    return cards_where("restaurant", category=category)[:n]


def test_stacking_example_three_workers_on_a_space_with_two_stacks():
    """Actions > Place.

    "In our example, the red player wants to place Workers on the Actors Worker Space in the
    Marketplace. There are already 2 Stacks of Workers here, made up of 1 green Worker and 2
    red Workers. The red player must place 3 Workers on this Space."
    """
    actor = cards_where("actor", cost=2)[0]

    def board(d):
        d["stacks"][2] = [[GREEN, 1], [RED, 2]]
        d["players"][GREEN]["reserve"] -= 1
        d["players"][RED]["workers"] = 4
        d["players"][RED]["reserve"] = 4

    state = position(("red", "blue", "green"), market=[actor], fn=board)
    state = edit(state, players={RED: {"credits": 5}})
    assert f"buy {actor}" in names(state.legal_actions())
    view = state.view(RED)
    assert view["marketplace"][2]["workers_needed"] == 3

    after = act(state, f"buy {actor}")

    assert after.players[RED].workers == 1
    assert after.stacks[2] == ((GREEN, 1), (RED, 2), (RED, 3))
    assert after.players[RED].park[-1] == rules.CATALOG.by_id[actor].index


def test_stacking_example_needs_the_three_workers():
    """Actions > Place: with only 2 Workers at hand, red cannot use the Actors space."""
    actor = cards_where("actor", cost=2)[0]

    def board(d):
        d["stacks"][2] = [[GREEN, 1], [RED, 2]]
        d["players"][GREEN]["reserve"] -= 1
        d["players"][RED]["workers"] = 2
        d["players"][RED]["reserve"] = 6

    state = edit(
        position(("red", "blue", "green"), market=[actor], fn=board), players={RED: {"credits": 5}}
    )
    assert not any(a.kind == "buy" and a.arg.startswith("B") for a in state.legal_actions())
    message = state.why_illegal(rules.Action("buy", actor))
    assert "needs 3 Workers" in message


def test_card_limit_example():
    """Card Details > Card Limit.

    "With 1 Ticket Office Card, a player's Card Limit is 1 ... With a Card Limit of 1, players may
    not purchase any more Restaurant, Actor, Mascot, or Hotel Cards, until they acquire either a
    2nd Ticket Office Card or a Ride Card. When the player in our example acquires a Ride Card,
    their Card Limit increases to 2."
    """
    actors = cards_where("actor", cost=2)
    ride = cards_where("ride", cost=2)[0]
    state = position(cards=[actors[0]], market=[actors[1], ride], players={RED: {"credits": 9}})
    legal = names(state.legal_actions())
    assert f"buy {actors[1]}" not in legal
    assert "Card Limit is 1" in state.why_illegal(rules.Action("buy", actors[1]))
    assert state.view(RED)["players"][RED]["card_limit"] == 1

    after = act(state, f"buy {ride}")
    assert after.view(RED)["players"][RED]["card_limit"] == 2
    # Red's next turn: a second Actor fits now.
    again = edit(after, lambda d: d.update(idx=0, stage="start", pending=[]))
    assert f"buy {actors[1]}" in names(again.legal_actions())


def _mascot_position(with_hotel_10: bool):
    mascots = (
        cards_where("mascot", category="cotton candy")[:1]
        + cards_where("mascot", category="hamburger")[:1]
        + cards_where("mascot", category="top hat")[:2]
    )
    others = _restaurants("cotton candy", 3) + _restaurants("hamburger", 2)
    others += cards_where("actor", category="top hat")[:2]
    cards = mascots + others + (["G10"] if with_hotel_10 else [])
    return position(cards=cards, tickets=5)


def test_mascot_scoring_example_scores_4_vp():
    """Final Scoring > Mascot Cards.

    "They have 1 cotton candy, 1 hamburger and 2 top hat. ... They have 3 of these [cotton
    candy]. ... They have 2 of these [hamburger]. ... The player has 2 top hat Symbols on their
    non-Mascot Cards, which are doubled to 4. ... the player ends up with 9 matching symbols ...
    They halve this figure, rounding down, to receive 4 Victory Points."
    """
    state = _mascot_position(False)
    scores = state.final_scores()["seats"][RED]
    assert scores["mascot_matches"] == 9
    assert scores["steps"]["mascots"] == 4


def test_mascot_scoring_example_with_hotel_10_scores_7_vp():
    """Final Scoring > Hotel Card #10 bonus.

    "They get 3 cotton candy, 2 hamburger and 4 top hat from their non-Mascot Cards. They get 1
    cotton candy, 1 hamburger and 4 top hat from the Mascot Cards themselves. ... In Total they
    now have 15 Category Symbols. They halve this figure, rounding down, to receive 7 Victory
    Points."
    """
    state = _mascot_position(True)
    scores = state.final_scores()["seats"][RED]
    assert scores["mascot_matches"] == 15
    assert scores["steps"]["mascots"] == 7


def _actors_for_example() -> list[str]:
    return (
        cards_where("actor", entertainment="mask")[:1]
        + cards_where("actor", entertainment="magic wand")[:1]
        + cards_where("actor", entertainment="top hat")[:2]
    )


def test_entertainment_example_three_symbols_score_2_vp():
    """Final Scoring > Entertainment Symbols.

    "In our example, the player has 1 mask, 1 magic wand and 2 top hat. This gives them a total
    of 3 unique Entertainment Symbols. ... the player has 3 unique Entertainment Symbols, so they
    earn 2 Victory Points!"
    """
    state = position(cards=_actors_for_example(), tickets=4)
    entry = state.final_scores()["seats"][RED]
    assert entry["unique_entertainment"] == 3
    assert entry["steps"]["entertainment"] == 2


def test_entertainment_example_with_hotel_9_scores_3_vp():
    """Extra unique Entertainment Symbols: "Hotel Card #9 counts as 1 bonus unique Entertainment
    Symbol. In our example, the player would add 1 more unique Entertainment Symbol to their 3 to
    get a total of 4. This earns them 3 Victory Points."
    """
    state = position(cards=[*_actors_for_example(), "G9"], tickets=4)
    assert steps(state)["entertainment"] == 3


def _five_mascots() -> list[str]:
    return cards_where("mascot", cost=3)[:5]


def test_entertainment_example_with_five_mascots_scores_5_vp():
    """ "Players earn 1 of 2 unique Entertainment Symbols if they played 5 or more Mascot Cards
    during the game. With this bonus Symbol applied to our example, the player has 5 unique
    Entertainment Symbols, which earns them 5 Victory Points!"
    """
    state = position(cards=[*_actors_for_example(), "G9", *_five_mascots()], tickets=5)
    assert state.final_scores()["seats"][RED]["unique_entertainment"] == 5
    assert steps(state)["entertainment"] == 5


def _with_entrepreneur(state, seat: int, number: int):
    """Give `seat` Entrepreneur #`number` (the game must use Entrepreneurs)."""
    return edit(state, lambda d: set_entrepreneur(d, seat, number))


def test_entertainment_example_with_entrepreneur_8_scores_7_vp():
    """ "Applying Entrepreneur Card #8 to our example, means the player gains one more unique
    Entertainment Symbol, bringing their total up to 6, earning them 7 Victory Points!"
    """
    state = position(
        cards=[*_actors_for_example(), "G9", *_five_mascots()], tickets=5, entrepreneurs=True
    )
    state = _with_entrepreneur(state, RED, 8)
    assert state.final_scores()["seats"][RED]["unique_entertainment"] == 6
    assert steps(state)["entertainment"] == 7


def test_entertainment_example_with_hotel_12_scores_one_more():
    """ "Hotel Card #12 ... In our example, the player has a second top hat, which was not
    considered unique, but now scores them 1 Victory Point!"
    """
    cards = [*_actors_for_example(), "G9", "G12", *_five_mascots()]
    state = _with_entrepreneur(position(cards=cards, tickets=5, entrepreneurs=True), RED, 8)
    entry = state.final_scores()["seats"][RED]
    assert entry["duplicate_entertainment"] == 1
    assert entry["steps"]["entertainment"] == 8


def test_happiness_example_two_sets_of_five_score_2_vp():
    """Final Scoring > Happiness.

    "You earn 1 Victory Point for each set of 5 or more cards of the same colour. ... In our
    example, the player has 5 Restaurant Cards, so they score 2 Victory Points."

    The rule pays 1 VP per colour (and Entrepreneur #4 "2 Victory Points for each set of 5 cards,
    instead of 1"), so the example's player also holds a second colour of 5: their 5 Hotel Cards
    (the 4 with Final Scoring Rewards of the Hotel example, and one more). See
    docs/rules-decisions.md.
    """
    restaurants = cards_where("restaurant")[:5]
    hotels = ["G8", "G10", "G12", "G17", "G2"]
    rides = ["Y1", "Y2"]
    # A Card Limit of 5 from 3 Ticket Offices and 2 Rides: no third colour of 5.
    state = position(
        cards=rides + restaurants + hotels, tickets=3, players={RED: {"happiness": 10}}
    )
    assert steps(state)["happiness"] == 2
    only_restaurants = position(
        cards=rides + restaurants, tickets=3, players={RED: {"happiness": 10}}
    )
    assert steps(only_restaurants)["happiness"] == 1
    below_ten = position(
        cards=rides + restaurants + hotels, tickets=3, players={RED: {"happiness": 9}}
    )
    assert steps(below_ten)["happiness"] == 0
    five_tickets = position(cards=restaurants, tickets=5, players={RED: {"happiness": 10}})
    assert steps(five_tickets)["happiness"] == 2, "Ticket Office Cards are a colour too"


def test_happiness_example_with_entrepreneur_4_doubles():
    """ "If you have Entrepreneur Card #4, you earn 2 Victory Points for each set of 5 cards,
    instead of 1." (Entrepreneur example: "the player has Entrepreneur Card #4, so they will
    resolve this card when scoring Happiness.")"""
    restaurants = cards_where("restaurant")[:5]
    hotels = ["G8", "G10", "G12", "G17", "G2"]
    state = position(
        cards=["Y1", "Y2", *restaurants, *hotels],
        tickets=3,
        players={RED: {"happiness": 10}},
        entrepreneurs=True,
    )
    state = _with_entrepreneur(state, RED, 4)
    assert steps(state)["happiness"] == 4
    assert steps(state)["entrepreneur"] == 0


def _visitor_restaurants() -> list[str]:
    """5 bonus Income from 3 Restaurants (2 + 2 + 1), and 2 with penalties."""
    two = cards_where("restaurant", subtype="income", income=2)[:2]
    one = cards_where("restaurant", subtype="income", income=1)[:1]
    penalties = cards_where("restaurant", subtype="credits")[:2]
    return two + one + penalties


def test_visitors_example_income_10_scores_2_vp():
    """Final Scoring > Visitors.

    "the player would add together their 5 standard Income Credits and their 5 bonus Income
    Credits, which are earned from 3 of their Restaurant Cards. Their other 2 Restaurant Cards
    have different Rewards and do not increase income. They score 2 Victory Points."
    """
    state = position(cards=_visitor_restaurants(), tickets=5, players={RED: {"visitors": 10}})
    entry = state.final_scores()["seats"][RED]
    assert entry["income"] == 10
    assert entry["steps"]["visitors"] == 2


def test_visitors_example_with_entrepreneur_5_scores_4_vp():
    """ "If you have Entrepreneur Card #5, you earn 2 Victory Points for every 5 Credits, instead
    of 1. With this card in our example, the player would score 4 Victory Points."
    """
    state = position(
        cards=_visitor_restaurants(),
        tickets=5,
        players={RED: {"visitors": 10}},
        entrepreneurs=True,
    )
    state = _with_entrepreneur(state, RED, 5)
    assert steps(state)["visitors"] == 4


def test_restaurant_penalty_example():
    """Final Scoring > Restaurant Cards.

    "In our example, the player has 2 Restaurant Cards with penalties, so they deduct 2 Victory
    Points."
    """
    state = position(cards=_visitor_restaurants(), tickets=5)
    assert steps(state)["restaurants"] == -2
    with_hotel_14 = position(cards=[*_visitor_restaurants(), "G14"], tickets=5)
    assert steps(with_hotel_14)["restaurants"] == 0


def test_hotel_17_example_three_sets():
    """Final Scoring > Hotel Cards.

    "They have 3 sets of 1 Ride Card, 1 Actor Card, 1 Restaurant Card, 1 Hotel Card and 1 Mascot
    Card, so they score 3 Victory Points from this card. If they had 4 sets, they would earn 4
    Victory Points, and so on."
    """
    cards = cards_where("ride")[:3] + cards_where("actor")[:3] + cards_where("restaurant")[:3]
    cards += ["G17", "G1", "G2"] + cards_where("mascot")[:3]
    state = position(cards=cards, tickets=3)
    assert state.final_scores()["seats"][RED]["hotel_vp"]["G17"] == 3
    four = position(
        cards=cards
        + [
            "Y4",
            cards_where("actor")[3],
            cards_where("restaurant")[3],
            "G3",
            cards_where("mascot")[3],
        ],
        tickets=3,
    )
    assert four.final_scores()["seats"][RED]["hotel_vp"]["G17"] == 4


def _final_phase(state):
    """Move `state` to the end of round 7's last turn, RED to act last."""

    def last(d):
        n = len(d["seats"])
        d.update(round=7, turn=4, idx=n - 1, stage="after")
        d["track"] = [BLUE, RED] + [-1] * 3 if n == 2 else d["track"]

    return edit(state, last)


def test_hotel_8_example_buys_a_face_up_restaurant_in_final_scoring():
    """Final Scoring > Hotel Cards.

    "Players must always resolve Hotel Card #8 first because it allows them to purchase and play 1
    bonus card from any deck or discard pile on the Card Display. They do not have to place
    Workers to purchase their bonus card. They choose a face-up Restaurant Card from the
    Marketplace, pay its cost in Credits, and add it to their play area. They will score this new
    card with their other Restaurant Cards."
    """
    penalty = cards_where("restaurant", subtype="credits", cost=1)[0]

    def setup(d):
        d["players"][RED]["credits"] = 3
        d["players"][BLUE]["workers"] = 0
        d["players"][BLUE]["reserve"] = 6
        d["stacks"][5] = [[BLUE, 4]]

    state = position(cards=["G8"], market=[penalty], tickets=3, fn=setup)
    # Red ends round 7: its last turn is taken, Blue has nothing but to collect.
    state = edit(state, lambda d: d.update(round=7, turn=4))
    state = act(state, "collect", "collect")
    assert state.phase == "final"
    assert state.current_player == RED
    assert f"bonus {penalty}" in names(state.legal_actions())
    assert "pass" in names(state.legal_actions())

    after = act(state, f"bonus {penalty}")
    assert after.is_over
    assert after.players[RED].credits == 3 - 1 + 4
    assert steps(after)["restaurants"] == -1
    assert penalty not in [c for row in after.to_dict()["market"] for c in row]
