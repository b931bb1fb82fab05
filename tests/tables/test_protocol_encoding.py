"""A message is one line of compact UTF-8 JSON, byte for byte what `json.dumps` writes with
those settings (the encoder is kept between messages, not made for each)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from wish_tui.tables import protocol

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@given(st.dictionaries(st.text(), JSON, max_size=6))
def test_a_message_is_the_compact_json_dumps_writes(message):
    expected = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"
    assert protocol.encode(message) == expected


def test_the_encoder_is_made_once_not_for_each_message(monkeypatch):
    made = []
    encoder = json.JSONEncoder

    class Counted(encoder):
        def __init__(self, *args, **kwargs):
            made.append(kwargs)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(json, "JSONEncoder", Counted)
    for i in range(3):
        protocol.encode({"type": "table", "n": i})
    assert made == []
