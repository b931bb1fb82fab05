"""The seed deals every hidden card, so no seat-facing output may carry it while a game runs.

Issue: the first log line showed the seed, and seeds came from a million values, so the deal
could be found. Seeds chosen for a person now have 64 bits from the operating system, and the
seed (or the generator's state) reaches no view, log line, screen or seat-facing engine answer
before the game is over.
"""

from __future__ import annotations

import json
import random

import pytest

from wish_tui import saves, seeds
from wish_tui.engine_protocol import Session, answer_line
from wish_tui.games import GAMES
from wish_tui.wish import rules

SEED = 0xC0FFEE1234567  # large enough that its digits never occur by chance


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))


def test_a_fresh_seed_has_64_bits_of_the_systems_randomness():
    drawn = [seeds.fresh_seed() for _ in range(200)]
    assert len(set(drawn)) == 200
    assert all(0 <= s < 1 << 64 for s in drawn)
    assert max(drawn) >= 1 << 60


@pytest.mark.parametrize(
    ("djinns", "solo"),
    [(("air", "water"), None), (("fire", "earth", "air", "water"), None), (("water",), "hard")],
)
def test_no_view_carries_the_seed_or_the_generator(djinns, solo):
    rng = random.Random(1)
    state = rules.new_game(list(djinns), seed=SEED, solo=solo)
    while not state.is_over:
        for seat in range(state.num_seats):
            text = json.dumps(state.view(seat))
            assert str(SEED) not in text and str(state.rng) not in text
            assert '"seed"' not in text and '"rng"' not in text
        state = state.apply(rng.choice(state.legal_actions()))


def test_engine_answers_other_than_state_carry_no_seed():
    session = Session()
    new = answer_line(session, json.dumps({"cmd": "new", "djinns": ["air", "water"], "seed": SEED}))
    assert new["ok"] and str(SEED) not in json.dumps(new)
    rng = random.Random(2)
    while True:
        legal = answer_line(session, '{"cmd":"legal"}')["actions"]
        if not legal:
            break
        for request in ({"cmd": "legal"}, {"cmd": "view", "seat": 0}, {"cmd": "score"}):
            answer = answer_line(session, json.dumps(request))
            assert str(SEED) not in json.dumps(answer), request
        played = answer_line(session, json.dumps({"cmd": "play", "action": rng.choice(legal)}))
        assert str(SEED) not in json.dumps(played)
    assert str(SEED) in json.dumps(answer_line(session, '{"cmd":"state"}'))
    final = answer_line(session, '{"cmd":"score"}')
    assert final["over"] and final["seed"] == SEED


def test_a_games_id_and_autosave_name_do_not_carry_the_seed():
    record, _ = saves.GameRecord.new(["air", "water"], SEED, games=GAMES)
    path = saves.autosave(record)
    assert str(SEED) not in record.id and str(SEED) not in path.name
