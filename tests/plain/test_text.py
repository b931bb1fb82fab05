"""Each game's view in sentences (`Game.text`): every section, question, progress and scoring of
seeded random games reads as plain sentences, for a seat and for a spectator, and loads no
Textual."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from tests.plain.helpers import odd_characters
from wish_tui import games
from wish_tui.records import GameRecord
from wish_tui.tables.master import seat_view
from wish_tui.tables.seat import SPECTATOR

SETUPS = {
    "wish": [(3, None, {}), (1, "hard", {})],
    "spirits": [(3, None, {"modules": ["wishes", "hexes"]}), (1, "easy", {})],
    "wishland": [
        (3, None, {"entrepreneurs": True, "achievement_tiles": True}),
        (1, "standard", {}),
    ],
}


def sentences(lines) -> None:
    assert isinstance(lines, list) and lines
    for line in lines:
        assert isinstance(line, str) and line.strip() and "\n" not in line, line
        assert not odd_characters(line), line


@pytest.mark.parametrize("game", SETUPS)
def test_every_section_of_random_games_reads_as_sentences(game):
    spec = games.get(game)
    text = spec.text
    for seats, solo, options in SETUPS[game]:
        names = [{spec.seat_key: n, "who": "human"} for n in spec.seats[:seats]]
        _, state = GameRecord.new(names, 7, solo, game, options, games=games.GAMES)
        rng = random.Random(3)
        step = 0
        while True:
            if step % 15 == 0 or state.is_over:
                for pov in (*range(seats), SPECTATOR):
                    view = seat_view(spec.rules, state, pov)
                    seat = None if pov == SPECTATOR else pov
                    for name in text.SECTIONS:
                        sentences(text.section(view, seat, name))
                    assert text.progress(view)
                    scores = view.get("scores") or view["projection"]
                    sentences(text.scoring(view, scores, seat, "scores" not in view))
                deciding = state.current_player
                if deciding is not None:
                    view = seat_view(spec.rules, state, deciding)
                    notations = [str(a) for a in state.legal_actions()]
                    sentences([text.prompt(view, deciding, notations)])
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
            step += 1
        assert step > 10


@pytest.mark.parametrize("game", SETUPS)
def test_the_sections_and_aliases_are_named_once(game):
    text = games.get(game).text
    assert len(set(text.SECTIONS)) == len(text.SECTIONS)
    assert set(text.SECTION_HELP) == set(text.SECTIONS)
    assert all(target in text.SECTIONS for target in text.ALIASES.values())
    assert not set(text.ALIASES) & set(text.SECTIONS)


def test_the_plain_client_and_the_text_modules_load_no_textual():
    code = (
        "import sys; from wish_tui import games; import wish_tui.plain.local, wish_tui.plain.remote; "
        "[g.text for g in games.GAMES.values()]; print('textual' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_a_wishland_turn_is_asked_in_few_words_the_choices_say_the_rest():
    from wish_tui.wishland.rules.views import _TURN_PROMPTS
    from wish_tui.wishland.words.text import prompt

    me = {"credits": 5, "workers": {"hand": 1}}
    asked = {"kind": "turn", "prompt": _TURN_PROMPTS["start"]}
    assert prompt({"decision": asked, "players": [me]}, 0, []) == (
        "Your turn. You have 5 Credits, 1 Worker."
    )
    order = {"kind": "order", "prompt": "Place your Player Token on a free Turn Order space."}
    assert len(prompt({"decision": order, "players": [me]}, 0, [])) < 90


def test_a_wish_turn_is_asked_in_few_words_where_the_round_and_the_markers_left():
    from wish_tui.wish.words.text import prompt

    me = {"area": "Trade Market", "markers": ["travel", "", ""]}
    view = {"phase": "play", "round": 3, "final_round": False, "players": [me]}
    assert prompt(view, 0, []) == "In Trade Market, round 3, 2 markers left."
    last = {**view, "round": 12, "final_round": True, "players": [{**me, "markers": ["a"] * 3}]}
    assert prompt(last, 0, []) == "In Trade Market, round 12, the last round, no markers left."


def test_your_own_destiny_is_never_called_unknown_to_you():
    """A Wish game ended in its setup (a resignation before the Destinies are kept) scores your
    seat with no Destiny: the words say none was chosen, not that yours is unknown to you."""
    spec = games.get("wish")
    names = [{spec.seat_key: n, "who": "human"} for n in spec.seats[:2]]
    _, state = GameRecord.new(names, 7, None, "wish", {}, games=games.GAMES)
    view = seat_view(spec.rules, state, 0)
    lines = spec.text.scoring(view, view["projection"], 0, True)
    mine = next(line for line in lines[1:] if line.startswith("Air (you)"))
    theirs = next(line for line in lines[1:] if line.startswith("Water"))
    assert "no Destiny chosen" in mine and "unknown" not in mine, mine
    assert "Destiny unknown to you" in theirs, theirs
