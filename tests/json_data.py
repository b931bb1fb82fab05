"""JSON documents in the tests that damage saves, states and requests: every path into one, and
Hypothesis's arbitrary JSON values to put there."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st


def paths_in(data, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path to a value inside `data` (keys and list indexes), `prefix` first."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths_in(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from paths_in(value, (*prefix, i))


def json_values(scalars, *, lists: int, dicts: int, keys: int, leaves: int):
    """Any JSON value of `scalars`, nested in lists of at most `lists` items and objects of at
    most `dicts` keys of at most `keys` characters, with at most `leaves` scalars in all."""
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=lists)
            | st.dictionaries(st.text(max_size=keys), inner, max_size=dicts)
        ),
        max_leaves=leaves,
    )


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
)
"""Every kind of JSON scalar, integers past 64 bits included (NaN is no JSON)."""
