"""The log at the end of a game of Spirits of the Forest says what the final scoring turns on:
every seat's face-down Favor tokens, turned face up, and each kept Hex, avoided or striking (a
newcomer lost 6 points to a Hex with nothing on the screen saying why)."""

from __future__ import annotations

import random

from wish_tui.spirits.rules import CATALOG, new_game
from wish_tui.spirits.words.marks import kind_name
from wish_tui.spirits.words.words import event_lines


def played_to_the_end(seed: int):
    rng = random.Random(seed)
    state = new_game(["earth", "water"], seed=seed, modules=("wishes", "hexes"))
    while True:
        after = state.apply(rng.choice(state.legal_actions()))
        if after.is_over:
            return state, after
        state = after


def test_the_end_turns_the_tokens_face_up_and_says_what_each_hex_did():
    for seed in (1, 2, 3):
        before, after = played_to_the_end(seed)
        lines = event_lines(before, after)
        (tokens,) = [line for line in lines if "Favor tokens are turned face up" in line]
        for tokens_held in after.held:
            for token in tokens_held:
                assert kind_name(CATALOG.tokens[token]) in tokens
        sheet = {entry["seat"]: entry for entry in after.final_scores()["seats"]}
        hexes = [line for line in lines if "'s Hex " in line]
        assert len(hexes) == 2
        for seat, line in enumerate(hexes):
            assert after.hex[seat] in line
            if sheet[seat]["hex_met"]:
                assert line.endswith("is avoided.")
            else:
                assert line.endswith(f"strikes: -{CATALOG.hexes[after.hex[seat]].penalty}.")


def test_the_seats_points_column_shows_the_final_totals_once_over():
    from wish_tui.widgets.projection import projected_total

    _, after = played_to_the_end(1)
    view = after.view(0)
    for entry in after.final_scores()["seats"]:
        assert projected_total(view, entry["seat"]) == str(entry["total"])


def test_the_tokens_turned_face_up_keep_the_seats_apart_read_aloud():
    """Each seat's tokens end at a semicolon, so read aloud (where '·' reads as a comma) one
    seat's last token does not run on into the next seat's name ('Flowers, Air: Moss')."""
    from wish_tui.plain.spoken import spoken

    before, after = played_to_the_end(1)
    (tokens,) = [line for line in event_lines(before, after) if "turned face up" in line]
    said = spoken(tokens)
    seats = said.split(": ", 1)[1].rstrip(".").split("; ")
    assert [part.split(":")[0] for part in seats] == ["Earth", "Water"], said
