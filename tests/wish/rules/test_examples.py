"""The rulebook's worked Examples 1-15, each built as a position and played out."""

from __future__ import annotations

from wish_tui.wish import rules

from .helpers import (
    act,
    area,
    crystals,
    deck_without,
    frostflake_position,
    meeples_in,
    names,
    patch,
    started,
)

AIR, WATER = 0, 1
"""Seats of `started()`: Air plays first, Water second."""


def _on_turn(state, seat: int, **fields):
    """Make it `seat`'s turn (its markers fresh) and replace top-level fields."""
    others = [s for s in state.order if s != seat]
    return patch(state, order=[seat, *others], turn_idx=0, **fields)


def _caravan_card(number: int) -> int:
    """The index of the Caravan card printed with `number`."""
    return next(i for i, c in enumerate(rules.CATALOG.caravan_cards) if c.number == number)


def test_example_1_travel_to_an_adjacent_area():
    """Actions > Travel, Example 1.

    "The player performed the Travel action by placing their action marker on the Travel symbol
    on their player board, to move from the Volcano to the adjacent Dock Area."
    """
    state = patch(started(), players={AIR: {"area": "Volcano"}})
    assert "travel Dock #1" in names(state.legal_actions())

    after = act(state, "travel Dock #1")

    air = after.players[AIR]
    assert air.area == area("Dock")
    assert air.markers == ["travel", "", "", ""]
    assert after.current_player == AIR


def test_example_2_empower_in_the_dock():
    """Actions > Empower, Example 2.

    "The player performs the Empower action by placing an action marker on the Empower symbol on
    their player board, to gain 1 Sapphire and 1 Citrine as indicated on the cloud of the Dock
    Area."
    """
    state = patch(started(), players={AIR: {"area": "Dock"}})

    after = act(state, "empower #1")

    air = after.players[AIR]
    assert air.crystals == crystals(blue=1, yellow=1)
    assert air.markers[0] == "empower"


def test_example_3_manifest_trades_with_the_caravan():
    """Actions > Manifest, Example 3.

    "The player performs the Manifest action by placing an action marker on the Manifest symbol
    on their player board, while they are on the same Area as the Caravan. They spend an
    Amethyst, an Emerald, and a Diamond to gain 4VP as indicated in the Caravan card."
    """
    state = started()
    forest = rules.CATALOG.route.index(area("Forest"))
    state = patch(
        state,
        players={AIR: {"area": "Forest", "crystals": crystals(purple=1, green=1, white=1, red=1)}},
        caravan_pos=forest,
        caravan_card=_caravan_card(1),
    )

    after = act(state, "caravan #3")

    air = after.players[AIR]
    assert air.crystals == crystals(red=1)
    assert air.vp_tokens == 4
    assert air.markers[2] == "manifest"


def test_example_4_fulfill_a_wish():
    """Actions > Fulfill, Example 4.

    "The player performs the Fulfill action by placing an action marker on the Fulfill symbol
    and pays 2 Ruby, 1 Diamond, and 1 Sapphire, then places the red Wishing Person meeple on top
    of the card." Right after playing a Wish card, draw another card from the Offer, then unveil
    a fresh card from the deck; then resolve the Instant ability.
    """
    state = started()
    state = patch(
        state,
        players={
            AIR: {
                "area": "Palace Gardens",
                "hand": ["Beauty", "Sultan", "Command"],
                "crystals": crystals(red=2, white=1, blue=1),
            }
        },
        offer=["Wisdom", "Glory", "Remedy"],
        **deck_without(state, "Beauty", "Sultan", "Command", "Wisdom", "Glory", "Remedy"),
    )
    next_card = state.to_dict()["deck"][-1]

    after = act(state, "fulfill Beauty #3")

    air = after.players[AIR]
    assert air.crystals == crystals()
    assert air.fulfilled == ["Beauty"]
    assert air.meeples == crystals(red=1)
    assert meeples_in(after, "Palace Gardens")["red"] == 1
    assert air.markers[2] == "fulfill"
    assert names(after.legal_actions()) == ["draw Wisdom", "draw Glory", "draw Remedy"]

    after = act(after, "draw Glory")
    assert sorted(after.players[AIR].hand) == ["Command", "Glory", "Sultan"]
    assert after.offer == ["Wisdom", next_card, "Remedy"]
    # Beauty's Instant ability comes last: gain 1 Crystal of any colour.
    assert after.current_player == AIR
    assert names(after.legal_actions())[0] == "gain red"
    after = act(after, "gain purple")
    assert after.players[AIR].crystals == crystals(purple=1)


def test_example_5_build_the_hidden_cave():
    """Actions > Fulfill, Example 5.

    "The player performs the Fulfill action by placing an action marker on the Fulfill symbol
    and takes the Hidden Cave Badge near their player board. Then places the Hidden Cave base
    along with Hidden Cave meeple on the Area and places on the base 2 red and 1 yellow Wishing
    Person meeple."
    """
    state = patch(
        started(), players={AIR: {"area": "Volcano", "meeples": crystals(red=2, yellow=1)}}
    )

    after = act(state, "build Hidden Cave #3")

    air = after.players[AIR]
    assert air.badges == ["Hidden Cave"]
    assert air.meeples == crystals()
    assert after.monuments[area("Volcano")] == (AIR, tuple(crystals(red=2, yellow=1)))
    assert air.markers[2] == "fulfill"


def _frostflake_position():
    return frostflake_position(AIR)


def test_example_6_frostflake_pays_water_two_crystals_of_the_cost():
    """Djinn Abilities > Water Djinn, Example 6.

    "An opponent draws the Wish "To see the world" which has a Frostflake token on it. The Water
    Djinn player may gain 2 Crystals that are required to play this Wish card and chooses a
    Citrine and an Amethyst Crystal."

    "Note. The Water Djinn may gain 2 Citrine Crystals that are depicted in the Wish card but not
    2 of Ruby or Amethyst or Sapphire as only one of each is depicted in the card."
    """
    drawn = act(_frostflake_position(), "fulfill Happily Ever After #3", "draw To see the world")

    assert drawn.current_player == WATER
    assert drawn.frost == []
    gains = ["gain red", "gain blue", "gain yellow", "gain purple"]
    assert names(drawn.legal_actions()) == [*gains, "pass"]  # "may gain": it can be declined

    after = act(drawn, "gain yellow", "gain purple")
    assert after.players[WATER].crystals == crystals(yellow=1, purple=1)
    assert after.current_player == AIR
    assert "To see the world" in after.players[AIR].hand

    # The Note: two Citrines are allowed, a second Ruby is not.
    two_citrine = act(drawn, "gain yellow")
    assert "gain yellow" in names(two_citrine.legal_actions())
    assert act(two_citrine, "gain yellow").players[WATER].crystals == crystals(yellow=2)
    one_ruby = act(drawn, "gain red")
    assert "gain red" not in names(one_ruby.legal_actions())
    assert names(one_ruby.legal_actions()) == ["gain blue", "gain yellow", "gain purple", "pass"]


def test_example_7_providence_and_harvest():
    """Djinn Abilities > Earth Djinn, Example 7.

    "The player performs a Manifest action in the Volcano Area taking one 1 VP token (1). Then,
    place one Citrine on their Nest token (2) from their Providence ability. For their next
    action, the player performs their Harvest ability by placing an action Marker on the Harvest
    symbol and gains all Crystal from the Nest token on their player board (3)."
    """
    earth = 0
    state = _on_turn(started(("earth", "water")), earth)
    # Harvest shares the Earth Djinn's column 2 (designed board), so the Lock is off.
    state = patch(state, players={earth: {"area": "Volcano", "unlocked": True}})

    manifested = act(state, "manifest #3")
    assert manifested.players[earth].vp_tokens == 1
    assert manifested.current_player == earth
    assert names(manifested.legal_actions())[:6] == [
        f"nest {c}" for c in ("red", "blue", "green", "yellow", "white", "purple")
    ]

    nested = act(manifested, "nest yellow")
    assert nested.players[earth].nest == crystals(yellow=1)
    assert nested.players[earth].crystals == crystals()
    assert not any(a.kind == "trade" for a in nested.legal_actions())

    harvested = act(nested, "harvest #2")
    assert harvested.players[earth].crystals == crystals(yellow=1)
    assert harvested.players[earth].nest == crystals()
    assert harvested.players[earth].markers == ["", "special", "manifest", ""]


def test_example_8_fiery_clone_empowers_from_afar():
    """Djinn Abilities > Fire Djinn, Example 8.

    "The player performs the Empower Action. They choose to perform the action as if they were in
    the Volcano Area to gain a Sapphire and a Ruby by discarding a Fiery Clone token from that
    Area."
    """
    fire = 0
    state = _on_turn(started(("fire", "water")), fire, clones=["Volcano"])
    state = patch(state, players={fire: {"area": "Forest"}})
    assert "empower @Volcano #3" in names(state.legal_actions())

    after = act(state, "empower @Volcano #3")

    assert after.players[fire].crystals == crystals(blue=1, red=1)
    assert after.players[fire].area == area("Forest")
    assert after.clones == []


def test_example_9_wind_blast_travels_on_for_free():
    """Djinn Abilities > Air Djinn, Example 9.

    "The player controlling the Air Djinn performs a Travel action to move from the Mountain
    Caves Area to the Trade Market Area. Because there is a Wind Blast token there, the player
    chooses to immediately perform an additional Travel action without spending an action marker
    to move to the Dock Area. They could not perform any actions between these two movements."
    """
    state = patch(started(), players={AIR: {"area": "Mountain Caves"}}, wind=["Trade Market"])

    blown = act(state, "travel Trade Market #1")
    assert blown.players[AIR].area == area("Trade Market")
    legal = blown.legal_actions()
    assert {a.kind for a in legal} == {"wind", "pass"}
    assert "wind Dock" in names(legal)

    after = act(blown, "wind Dock")
    air = after.players[AIR]
    assert air.area == area("Dock")
    assert air.markers_placed == 1
    assert air.markers == ["travel", "", "", ""]


def test_example_10_third_wish_removes_the_lock():
    """Djinn Symmetrical Abilities > Lock token, Example 10.

    "When the player Fulfills the Wish card "Kingdom" which is the third Wish they Fulfilled, they
    remove the Lock token on their player board from the game. They now have one additional option
    when choosing their turn's action." The unlocked column can be used the same turn.
    """
    state = started()
    cards = ("Kingdom", "Wisdom", "Sultan", "Glory", "Remedy", "Command", "Heal Them", "Beauty")
    state = patch(
        state,
        players={
            AIR: {
                "area": "Palace",
                "hand": ["Kingdom", "Wisdom", "Sultan"],
                "fulfilled": ["Heal Them", "Beauty"],
                "crystals": crystals(blue=3, white=2, yellow=1, red=1),
            }
        },
        offer=["Glory", "Remedy", "Command"],
        **deck_without(state, *cards),
    )
    assert not state.players[AIR].unlocked
    assert not any(a.col == 2 for a in state.legal_actions())

    after = act(state, "fulfill Kingdom #3", "draw Glory")

    air = after.players[AIR]
    assert air.fulfilled[-1] == "Kingdom"
    assert len(air.fulfilled) == 3
    assert air.unlocked
    assert "blast Forest #2" in names(after.legal_actions())
    assert act(after, "blast Forest #2").players[AIR].markers == ["", "special", "fulfill", ""]


def test_example_11_water_trades_three_crystals_for_one():
    """Djinn Symmetrical Abilities > Trade, Example 11.

    "The Water Djinn player needs an Amethyst Crystal but no action they can perform provides one.
    They choose to trade a Ruby, a Sapphire, and an Emerald to gain an Amethyst."
    """
    state = _on_turn(started(), WATER)
    state = patch(state, players={WATER: {"crystals": crystals(red=1, blue=1, green=1)}})
    assert "trade purple" in names(state.legal_actions())

    paying = act(state, "trade purple")
    assert paying.current_player == WATER
    assert names(paying.legal_actions()) == ["pay red", "pay blue", "pay green"]

    # Once a Ruby and a Sapphire are paid, the Emerald is the only Crystal left to pay.
    after = act(paying, "pay red", "pay blue")
    water = after.players[WATER]
    assert water.crystals == crystals(purple=1)
    assert water.markers_placed == 0


def test_example_12_potion_takes_a_fourth_action():
    """Manifest Abilities > Potion tokens, Example 12.

    "In this example, a Potion token could be used to perform an Empower, Fulfill, or Special
    action. It could not be used for a Travel or Manifest action as they have an action marker on
    them."

    The Earth Djinn's board, unlocked: markers on Travel (column 1) and Manifest (columns 2 and
    3), a crystal on the Nest for Harvest (column 2, beside the Manifest its marker is on).
    """
    earth = 0
    state = started(("earth", "water"))
    state = _on_turn(state, earth)
    state = patch(
        state,
        players={
            earth: {
                "area": "Sandhills",
                "potions": 1,
                "unlocked": True,
                "markers": ["travel", "manifest", "manifest", ""],
                "hand": ["Happily Ever After", "Sultan", "Command"],
                "crystals": crystals(yellow=1, blue=1),
                "nest": crystals(red=1),
            }
        },
        **deck_without(state, "Happily Ever After", "Sultan", "Command"),
    )

    potions = [a for a in state.legal_actions() if a.potion]
    assert {a.kind for a in potions} == {"empower", "fulfill", "harvest"}
    assert {(a.kind, a.col) for a in potions} == {
        ("empower", 1),
        ("empower", 4),
        ("fulfill", 3),
        ("harvest", 2),
    }

    after = act(state, "potion empower #1")
    pieces = after.players[earth]
    assert pieces.potions == 0
    assert pieces.crystals == crystals(yellow=2, white=1, blue=1)
    assert not any(a.potion for a in after.legal_actions())


def test_example_13_trickery_recolours_the_wishing_person():
    """Manifest Abilities > Trickery tokens, Example 13.

    "The player has a Trickery token to spend while performing the Fulfill action. The player
    spends the Trickery token to change the color of the Wishing Person meeple from red to white,
    to be able to Fulfill the Wish card "Richest Merchant"." After Fulfilling, the Djinn claims
    the Wishing Person meeple, which keeps its original colour.
    """
    state = started()
    cards = ("Richest Merchant", "Sultan", "Command", "Glory", "Remedy", "Wisdom")
    state = patch(
        state,
        players={
            AIR: {
                "area": "Palace Gardens",
                "trickery": 1,
                "hand": ["Richest Merchant", "Sultan", "Command"],
                "crystals": crystals(white=3, yellow=1, red=1),
            }
        },
        offer=["Glory", "Remedy", "Wisdom"],
        **deck_without(state, *cards),
    )
    legal = names(state.legal_actions())
    assert "fulfill Richest Merchant #3" not in legal
    assert "fulfill Richest Merchant trickery red #3" in legal

    after = act(state, "fulfill Richest Merchant trickery red #3")

    air = after.players[AIR]
    assert air.trickery == 0
    assert air.trickery_used
    assert air.fulfilled == ["Richest Merchant"]
    assert air.meeples == crystals(red=1)
    assert meeples_in(after, "Palace Gardens")["red"] == 1
    assert air.crystals == crystals()


def test_example_14_absent_monument_meeples():
    """Monuments > Wishing Person meeples on Monuments (the rulebook prints no Example 14).

    The numbering jumps from Example 13 to Example 15; this test stands in its place for the rule
    of that section: "Wishing Person meeples that are placed on a Monument Base, remain available
    for Fulfilling a Wish of that specific Wishing Person color. When a meeple is utilized in this
    manner, the player who built the Monument gains 1 Victory Point. However, if the player
    Fulfilling the Wish card is also the one who built the Monument, they do not receive the
    additional Victory Point."
    """
    state = started()
    cave = tuple(crystals(red=2, yellow=1))
    cards = ("Beauty", "Sultan", "Command", "Glory", "Remedy", "Wisdom")
    monuments = [None] * 12
    air = {
        "area": "Volcano",
        "hand": ["Beauty", "Sultan", "Command"],
        "crystals": crystals(red=2, white=1, blue=1),
    }
    common = {"offer": ["Glory", "Remedy", "Wisdom"], **deck_without(state, *cards)}

    # Water built the Hidden Cave: Air fulfills with a red meeple from it, Water gains 1 VP.
    monuments[area("Volcano")] = [WATER, list(cave)]
    water = {"badges": ["Hidden Cave"]}
    theirs = patch(state, players={AIR: air, WATER: water}, monuments=monuments, **common)
    assert "fulfill Beauty monument #3" in names(theirs.legal_actions())
    after = act(theirs, "fulfill Beauty monument #3")
    assert after.players[WATER].vp_tokens == 1
    assert after.players[AIR].vp_tokens == 0
    assert after.players[AIR].meeples == crystals(red=1)
    assert after.monuments[area("Volcano")] == (WATER, tuple(crystals(red=1, yellow=1)))
    assert meeples_in(after, "Volcano") == meeples_in(theirs, "Volcano")

    # Air built it: fulfilling from its own Monument gives no VP to anyone.
    monuments[area("Volcano")] = [AIR, list(cave)]
    own = patch(
        state, players={AIR: {**air, "badges": ["Hidden Cave"]}}, monuments=monuments, **common
    )
    after = act(own, "fulfill Beauty monument #3")
    assert after.players[AIR].vp_tokens == 0
    assert after.players[WATER].vp_tokens == 0
    assert after.monuments[area("Volcano")] == (AIR, tuple(crystals(red=1, yellow=1)))


def test_example_15_end_game_scoring_49_vp():
    """Game Score > End Game Scoring, Example 15.

    "The Air Djinn player performs the End Game Scoring as follows:
    1. Adds the VP of the Fulfilled Wish cards: 3+6+5+6+5+2= 27 VP.
    2. Adds the VP of the VP tokens: 2+2+1=5 VP.
    3. The Immortality Wish gives an additional VP for every Health Wish you have Fulfilled. Since
    the player has Fulfilled three Health Wishes, they gain 3 VP.
    4. The player has claimed the Talking Tree Badge, so they gain another 6 VP.
    5. The player reveals their Destiny card "Djinning the Moment" which gives 2 VP for every Wish
    card with an Instant bonus. Since the player has Fulfilled 4 Wishes with Instant abilities,
    they gain 8VP.
    Adding everything together, they accumulate 27+5+3+6+8=49 VP."
    """
    fulfilled = ["Heal Them", "Kingdom", "Beauty", "To see the world", "Long Life", "Immortality"]
    state = started()
    monuments = [None] * 12
    monuments[area("Forest")] = [AIR, [0, 0, 0, 0, 0, 0]]
    state = patch(
        state,
        players={
            AIR: {
                "fulfilled": fulfilled,
                "vp_tokens": 5,
                "badges": ["Talking Tree"],
                "destiny": "Djinning the Moment",
                "unlocked": True,
            }
        },
        monuments=monuments,
        phase="over",
        final_round=True,
        **deck_without(state, *fulfilled),
    )
    assert state.is_over

    scores = state.final_scores()
    air = scores["seats"][AIR]
    assert air["steps"] == {"wishes": 27, "tokens": 5, "ongoing": 3, "badges": 6, "destiny": 8}
    assert air["total"] == 49
    assert air["destiny_fulfilled"]
    assert scores["winners"] == [AIR]
