"""The log names the cards a solo hand discards (Solo Mode: "After playing a card from your hand,
you must discard all other cards from your hand, to the Mascot Discard Pile"): they lie face up
on the Discard Pile, so every reader of the log may know them."""

from __future__ import annotations

from wish_tui import saves
from wish_tui.games import GAMES
from wish_tui.wishland.rules import CATALOG, Action
from wish_tui.wishland.words import log
from wish_tui.wishland.words.marks import card_title


def _solo_hand_of_three():
    record, state = saves.GameRecord.new(["blue"], 3, "standard", "wishland", {}, games=GAMES)
    while state.phase != "turns":
        record, state = record.play(state, state.legal_actions()[0])
    for _ in range(3):
        record, state = record.play(state, Action("draw"))
    return record, state


def test_playing_from_a_solo_hand_names_each_card_discarded():
    record, state = _solo_hand_of_three()
    hand = [CATALOG.cards[c].id for c in state.players[0].hand]
    play = next(a for a in state.legal_actions() if a.kind == "play")
    after = state.apply(play)
    for private in (True, False):
        line = log.log_lines(record, state, play, after, 0, private)[0]
        for card_id in hand:
            if card_id != play.arg:
                assert card_title(card_id) in line, line
        assert "card discarded" not in line and "cards discarded" not in line


def test_the_advertisement_space_in_solo_names_the_hand_it_discards():
    record, state = _solo_hand_of_three()
    hand = [CATALOG.cards[c].id for c in state.players[0].hand]
    advertise = Action("advertise")
    after = state.apply(advertise)
    line = log.log_lines(record, state, advertise, after, 0, False)[0]
    assert all(card_title(card_id) in line for card_id in hand), line
