"""Wishland's words without Textual: the log each person reads, the rules reference, card codes."""

from __future__ import annotations

import subprocess
import sys

from wish_tui import saves
from wish_tui.games import GAMES
from wish_tui.wishland.rules import CATALOG
from wish_tui.wishland.words import log
from wish_tui.wishland.words.cells import card_cell, reward_cells
from wish_tui.wishland.words.help_text import reference_entries
from wish_tui.wishland.words.marks import card_title


def test_the_log_words_and_the_styles_import_no_textual():
    code = (
        "import sys; import wish_tui.wishland.words.log, wish_tui.wishland.words.words; "
        "assert not any(m == 'textual' or m.startswith('textual.') for m in sys.modules), "
        "[m for m in sys.modules if m.startswith('textual')]"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_a_kept_entrepreneur_shows_only_in_its_owners_log_until_the_reveal():
    record, state = saves.GameRecord.new(
        ["red", "blue"],
        4,
        None,
        "wishland",
        {"entrepreneurs": True},
        games=GAMES,
    )
    seat = state.current_player
    action = state.legal_actions()[0]
    after = state.apply(action)
    mine = log.log_lines(record, state, action, after, seat, True)
    theirs = log.log_lines(record, state, action, after, seat, False)
    assert any(action.arg in line for line in mine)
    assert not any(action.arg in line for line in theirs)
    # The second keep reveals every kept card to everyone.
    other = after.legal_actions()[0]
    revealed = after.apply(other)
    lines = log.log_lines(record, after, other, revealed, after.current_player, False)
    assert any(
        line.startswith("— Entrepreneurs revealed:") and action.arg in line for line in lines
    )


def test_a_solo_draw_names_the_card_only_in_the_private_log():
    record, state = saves.GameRecord.new(["green"], 3, "standard", "wishland", {}, games=GAMES)
    while state.phase != "turns":
        record, state = record.play(state, state.legal_actions()[0])
    draw = next(a for a in state.legal_actions() if a.kind == "draw")
    after = state.apply(draw)
    card = CATALOG.cards[after.players[0].hand[0]].id
    assert card in log.log_lines(record, state, draw, after, 0, True)[0]
    assert card not in log.log_lines(record, state, draw, after, 0, False)[0]


def test_the_reference_holds_every_rule_card_hotel_entrepreneur_and_achievement():
    titles = [title for title, _ in reference_entries()]
    assert len(titles) == len(set(titles))
    for card in CATALOG.cards:
        assert card_title(card.id) in titles
    for number in range(1, 25):
        assert f"G{number} Hotel #{number}" in titles
    for number in range(1, 13):
        assert f"E{number} Entrepreneur #{number}" in titles
    ids = {title.split()[0] for title in titles}
    assert {f"A{n}" for n in range(1, 10)} <= ids and {f"T{n}" for n in range(1, 16)} <= ids
    for rule in ("A turn", "Card Limit", "Final Scoring", "Solo Mode", "Achievements"):
        assert rule in titles


def test_a_card_fits_its_cell_at_80_columns_name_first():
    from wish_tui.wishland.rules.views import card_info

    for card in CATALOG.cards[:120]:
        cell = card_cell(card_info(card.index), 16)
        assert len(cell) == 16, (card.id, cell)
        assert cell[0] in (card.name[0], "#"), (card.id, cell)
        assert len(reward_cells(card.id)) <= 6, card.id


def test_a_card_that_lowers_the_income_says_so_on_the_board():
    """Hotel #21: "Income Penalty: You earn 2 Credits less during the Income Phase" shows in
    its code, not only one `i` away."""
    import re

    lowering = [(c, re.search(r"earn (\d+) Credits less", c.text)) for c in CATALOG.cards]
    lowering = [(card, int(found.group(1))) for card, found in lowering if found]
    assert lowering
    for card, less in lowering:
        assert f"i−{less}" in reward_cells(card.id), card.id


def test_a_reward_on_offer_says_what_entrepreneur_4_makes_of_it():
    """Entrepreneur #4 doubles the Happiness Track's Immediate Rewards: the choice says +2 VP."""
    import random

    from wish_tui.tables.master import GameTable

    record, state = saves.GameRecord.new(
        [{"colour": "red", "who": "human"}, {"colour": "blue", "who": "human"}],
        2,
        None,
        "wishland",
        {"entrepreneurs": True},
        games=GAMES,
    )
    table = GameTable(record, [state])
    rng = random.Random(1)
    seen = []
    for _ in range(80):
        seat = table.deciding
        choices = table.choices(seat)
        notations = [c.notation for c in choices.actions]
        gain = choices.find("gain happiness")
        player = table.state.players[seat]
        if gain is not None and player.ent == 4 and (player.happiness + 1) % 2:
            seen.append(gain.detail)
        table.play(seat, "keep E4" if "keep E4" in notations else rng.choice(notations))
    assert seen and all(detail.endswith("(odd: +2 VP)") for detail in seen)


def test_the_choice_of_a_reward_names_only_what_is_offered():
    """At 10 Happiness only a Visitor or a Worker is offered: the window says so."""
    from types import SimpleNamespace

    from wish_tui.wishland.rules import Action
    from wish_tui.wishland.ui.game_screen import GameScreen

    prompt = "Choose 1 Happiness, 1 Visitor or 1 Worker: the Advertisement Space."
    two = SimpleNamespace(legal=lambda: [Action("gain", "visitor"), Action("gain", "worker")])
    assert GameScreen._gain_title(two, prompt) == (
        "Choose 1 Visitor or 1 Worker: the Advertisement Space."
    )
    three = SimpleNamespace(
        legal=lambda: [Action("gain", r) for r in ("happiness", "visitor", "worker")]
    )
    assert GameScreen._gain_title(three, prompt) == prompt


def test_the_seats_mark_yours_with_an_arrow_not_a_star():
    from wish_tui.wishland import rules
    from wish_tui.wishland.ui.seats_view import SeatsView

    view = rules.new_game(["red", "blue", "green"], seed=2).view(1)
    seats = SeatsView()
    seats.update_view(view, 1)
    rows = seats.text.plain.splitlines()[1:]
    assert [row[1:6] for row in rows if "◀" in row] == ["Blue◀"]
    assert "*" not in "".join(rows)
    assert not seats.text.plain.splitlines()[0].endswith("Ent")  # no Entrepreneurs in play


def test_the_advertisement_says_what_it_needs_with_the_row_letters_at_80_columns():
    """'Ad 1$ + H, V or W · needs 1' left a newcomer asking 1 what: it needs Workers."""
    from wish_tui.wishland import rules
    from wish_tui.wishland.ui.market_view import MarketView
    from wish_tui.wishland.words.cells import ROW_LEGEND

    view = rules.new_game(["red", "blue"], seed=2).view(0)
    for width in (80, 120):
        line = MarketView._advertisement(view, width).plain
        needed = view["advertisement"]["workers_needed"]
        assert f"needs {needed} Worker" in line or f"needs {needed}W " in line, line
        assert line.rstrip().endswith(ROW_LEGEND) and len(line) <= width, line


def test_the_advertisement_says_what_it_needs_on_a_narrow_screen_too():
    """The narrow Marketplace's rows said 'needs 1 Worker' and its Advertisement 'needs 1'."""
    from wish_tui.wishland import rules
    from wish_tui.wishland.ui.market_view import _narrow

    view = rules.new_game(["red", "blue"], seed=2).view(0)
    needed = view["advertisement"]["workers_needed"]
    for width in (40, 50):
        line = _narrow(view, 0, set(), None, width).plain.splitlines()[-1]
        assert line.startswith("Ad "), line
        assert f"needs {needed} Worker" in line or f"needs {needed}W" in line, line
        assert len(line.rstrip()) <= width, line
