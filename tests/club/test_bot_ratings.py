"""The club's bot members start from the ratings their levels earned in the round-robin of every
level (wish_tui/club/bot_ratings.toml, measured by benchmarks/ratings.py)."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest

from wish_tui import games
from wish_tui.club import bot_ratings, ratings
from wish_tui.core.bots import LEVELS

from .conftest import people
from .test_finish import ordinals, scores, table_of

TABLE = Path(bot_ratings.__file__).with_name("bot_ratings.toml")


def test_the_table_has_a_section_for_every_game_and_no_other():
    assert list(tomllib.loads(TABLE.read_text())) == list(games.GAMES)


@pytest.mark.parametrize("game", list(games.GAMES))
def test_every_level_of_every_game_has_its_measured_rating(game):
    measured = tomllib.loads(TABLE.read_text())[game]
    assert set(measured) == set(LEVELS)
    for level in LEVELS:
        mu, sigma = bot_ratings.bot_prior(game, level)
        assert mu == measured[level]["mu"]
        assert sigma == max(measured[level]["sigma"], bot_ratings.SIGMA_FLOOR) > 0
    # The expert is the strongest level in every game, as the round-robin found.
    assert max(LEVELS, key=lambda level: measured[level]["mu"]) == "expert"


UNSEPARATED = {"wish": {("medium", "hard")}}
"""Pairs of levels the round-robin did not put in order (their mu within a sigma of each other,
medium above hard: benchmarks/ratings.md); every other pair has the higher level above."""


@pytest.mark.parametrize("game", list(games.GAMES))
def test_a_higher_level_starts_from_a_higher_mu(game):
    measured = tomllib.loads(TABLE.read_text())[game]
    for lower, higher in itertools.combinations(LEVELS, 2):
        if (lower, higher) in UNSEPARATED.get(game, set()):
            continue
        assert measured[lower]["mu"] < measured[higher]["mu"], (lower, higher)


def test_the_expert_member_starts_its_first_club_game_from_the_table(club):
    ann = people(club, "Ann")[0]
    finished = club.finish(table_of(club, [ann, "expert"]).id, scores([20, 30], [[1], [0]]))
    before, _ = ordinals(finished)[club.players.bot("expert").id]
    measured = tomllib.loads(TABLE.read_text())["wish"]["expert"]
    start = (measured["mu"], max(measured["sigma"], bot_ratings.SIGMA_FLOOR))
    assert before == pytest.approx(ratings.ordinal(*start))
    assert before > 0  # above a newcomer's 0
