"""Solo Mode (rulebook, "Solo Mode"): one Marketplace Deck, a hand of cards, the free draw by
moving the Player Token, and the three additional actions after drawing."""

from __future__ import annotations

from wish_tui.wishland import rules

from .helpers import act, cards_where, edit, give, names, started

ME = 0
CAT = rules.CATALOG


def solo(space: int = 1, hand=(), cards=(), tickets: int = 1, credits: int = 10, fn=None, **pieces):
    """The solo seat at the start of a turn, its token on `space`."""

    def build(d):
        d["track"] = [-1] * 5
        d["track"][space - 1] = ME
        give(d, ME, *cards)
        give(d, ME, *hand, to="hand")
        d["tickets"] += d["players"][ME]["tickets"] - tickets
        d["players"][ME]["tickets"] = tickets
        d["players"][ME].update(credits=credits, vp=0, happiness=0, visitors=0, **pieces)
        if fn:
            fn(d)

    return edit(started(("green",), seed=3, solo=True), build)


def _top(state) -> str:
    return CAT.cards[state.decks[4][-1]].id


def test_each_round_starts_with_a_free_choice_of_space():
    """ "At the start of each Round, place your Player Token, on the Turn Order Track, on a
    space of your choice. Then claim that space's Reward." """
    state = rules.new_game(["green"], seed=3, solo=True)
    after = act(state, "order 5")
    assert after.players[ME].tickets == 2 and after.phase == "turns"
    assert after.players[ME].credits == 5


def test_the_turn_starts_with_draw_or_collect():
    state = solo()
    assert names(state.legal_actions()) == ["draw", "collect", "move"]


def test_draw_spends_a_worker_and_takes_the_top_card_into_the_hand():
    """ "Spend one of your Workers by placing it on the Mascot Worker Space of the Card Display.
    Draw the top card from the Marketplace Deck and add it to your hand. Do not pay any Credits
    for new cards at this time." """
    state = solo()
    top = _top(state)
    after = act(state, "draw")
    p = after.players[ME]
    assert p.hand == (CAT.by_id[top].index,)
    assert p.workers == 3 and p.credits == 10
    assert after.stacks[4] == ((ME, 1),)
    assert after.stage == "more"


def test_after_the_first_draw_one_of_three_additional_actions():
    """ "Draw another card ... Play 1 card from your hand ... Activate the Advertisement
    Space" (the free actions stay open)."""
    state = solo(credits=30, tickets=3)
    after = act(state, "draw")
    kinds = [a.kind for a in after.legal_actions()]
    assert kinds[0] == "draw" and "advertise" in kinds and "play" in kinds and "move" in kinds
    assert "collect" not in names(after.legal_actions())
    assert "end" not in names(after.legal_actions())


def test_playing_a_card_pays_it_and_discards_the_rest_of_the_hand():
    """ "Play 1 card from your hand, to your play area, paying its cost in Credits. After playing
    a card from your hand, you must discard all other cards from your hand, to the Mascot
    Discard Pile. Remember to observe the Card Limit rules." """
    ride, other = cards_where("ride", cost=5)[0], cards_where("actor")[0]
    state = solo(hand=[other], credits=9)
    state = edit(state, lambda d: d["decks"][4].remove(ride) or d["decks"][4].append(ride))
    after = act(state, "draw", f"play {ride}")
    p = after.players[ME]
    assert p.hand == () and CAT.by_id[ride].index in p.park
    assert p.credits == 4 and p.vp == CAT.by_id[ride].vp
    assert after.discards[4] == (CAT.by_id[other].index,)


def test_the_card_limit_holds_for_cards_in_hand():
    actors = cards_where("actor", cost=2)
    state = solo(hand=actors[1:2], cards=actors[:1])
    after = act(state, "draw")
    assert f"play {actors[1]}" not in names(after.legal_actions())
    assert "Card Limit" in after.why_illegal(rules.Action("play", actors[1]))


def test_advertisement_discards_the_hand():
    """ "Activate the Advertisement Space, as you would in a multiplayer game, and discard all
    cards from your hand, to the Mascot Discard Pile." """
    state = solo()
    after = act(state, "draw", "advertise", "gain happiness")
    p = after.players[ME]
    assert p.hand == () and len(after.discards[4]) == 1
    assert p.credits == 11 and p.happiness == 1
    assert after.stacks[5] == (), "activating the space places no Worker"


def test_drawing_again_needs_a_worker():
    """ "Spend one Worker to draw another card ... You may repeat this action until you run out
    of Workers." """
    state = solo()
    state = act(state, "draw", "draw", "draw", "draw")
    assert state.players[ME].workers == 0 and len(state.players[ME].hand) == 4
    assert "draw" not in names(state.legal_actions())
    assert state.stacks[4] == ((ME, 4),)


def test_collect_ends_the_turn():
    """ "If you choose to collect your Workers, your turn ends after collecting them." """
    state = act(solo(), "draw", "advertise", "gain visitor")
    assert names(state.legal_actions()) == ["move", "end"], "the free draw is still open"
    state = act(state, "end")
    turn = state.turn
    after = act(state, "collect")
    assert after.turn == turn + 1 and after.players[ME].workers == 4


def test_free_draws_move_the_token_up_to_the_fifth_space():
    """ "you may choose to take a free action by moving your Player Token one space to the right
    ... you may draw one card from the Marketplace Deck. You may repeat this free action until
    you reach the 5th space ... if you choose to start a Round on the first space ... you may
    draw a maximum of 4 extra cards that Round." """
    state = solo(space=1)
    credits = state.players[ME].credits
    for k in range(4):
        state = act(state, "move")
        assert state.track[k + 1] == ME and state.track[k] == -1
    assert len(state.players[ME].hand) == 4
    assert state.players[ME].credits == credits, "no reward for the new space"
    assert "move" not in names(state.legal_actions())
    assert "5th" in state.why_illegal(rules.Action("move"))


def test_the_hand_stays_across_turns():
    """ "You may draw all extra cards in one Turn or spread them across multiple Turns." """
    state = act(solo(space=3, credits=30, tickets=5), "move", "collect")
    assert len(state.players[ME].hand) == 1
    kept = CAT.cards[state.players[ME].hand[0]].id
    after = act(state, "draw")
    assert len(after.players[ME].hand) == 2
    assert f"play {kept}" in names(after.legal_actions())


def test_solo_refuses_multiplayer_moves():
    state = solo()
    assert "draw from the Marketplace Deck" in state.why_illegal(rules.Action("buy", "Y1"))
    assert "First draw" in state.why_illegal(rules.Action("advertise"))


def test_the_discards_return_after_round_6():
    state = solo(fn=lambda d: d.update(round=6, turn=4))
    state = act(state, "draw", "advertise", "gain happiness")
    assert len(state.discards[4]) == 1
    deck = len(state.decks[4])
    after = act(state, "end")
    assert after.round == 7 and after.discards[4] == () and len(after.decks[4]) == deck + 1


def test_hotel_13_collects_after_activating_the_advertisement_space():
    """Decision: in solo, activating the Advertisement Space counts as using it for Hotel #13."""
    state = act(solo(cards=["G13"]), "draw", "advertise", "gain happiness")
    assert state.players[ME].workers == 3
    state = act(state, "end")
    assert state.players[ME].workers == 4 and state.stacks[4] == ()


def test_a_whole_solo_game_ends_with_a_score():
    state = rules.new_game(["green"], seed=8, solo=True, entrepreneurs=True, achievement_tiles=True)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[-1] if legal[-1].kind != "collect" else legal[0])
    assert state.final_scores()["solo"]["setup"] == "solo+entrepreneurs+achievement_tiles"
