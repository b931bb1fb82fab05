"""The client's line reader (`tables.line_protocol.LineReader`) hands on what a stream's
`readline` read before it: the same lines however the bytes come, the same end (a line past the
limit, the line's end, its reset), nothing after it is stopped."""

from __future__ import annotations

import asyncio
import random

import pytest

from wish_tui.tables.line_protocol import LineReader

LIMIT = 20


class Transport:
    """Enough of a socket's transport for the reader."""

    def __init__(self) -> None:
        self.paused = False

    def is_closing(self) -> bool:
        return False

    def pause_reading(self) -> None:
        self.paused = True


def read(chunks: list[bytes], end: BaseException | None = None, eof: bool = True) -> list:
    """What a `LineReader` hands on for `chunks`, then the line's end (`end`: its reset) or
    none: each line, and "END" when it says the line ended."""
    heard: list = []

    def on_line(line: bytes) -> bool:
        heard.append(line)
        return True

    reader = LineReader(on_line, lambda: heard.append("END"), LIMIT)
    reader.connection_made(Transport())
    for chunk in chunks:
        reader.data_received(chunk)
    if end is not None:
        reader.connection_lost(end)
    elif eof:
        reader.eof_received()
        reader.connection_lost(None)
    return heard


async def read_by_stream(chunks: list[bytes], end: BaseException | None = None) -> list:
    """What the stream's `readline` loop the reader replaces read of the same bytes."""
    stream = asyncio.StreamReader(limit=LIMIT)
    for chunk in chunks:
        stream.feed_data(chunk)
    if end is not None:
        stream.set_exception(end)
    else:
        stream.feed_eof()
    heard: list = []
    while True:
        try:
            line = await stream.readline()
        except (ConnectionError, ValueError):
            break
        if not line:
            break
        heard.append(line)
    return [*heard, "END"]


def chunked(data: bytes, rng: random.Random) -> list[bytes]:
    cuts = sorted(rng.sample(range(1, len(data)), min(len(data) - 1, rng.randrange(0, 6))))
    return [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)], strict=True)]


@pytest.mark.parametrize("seed", range(200))
async def test_the_lines_and_the_end_are_those_a_stream_read(seed):
    rng = random.Random(seed)
    lines = [b"x" * rng.choice([0, 1, 5, LIMIT - 1, LIMIT, LIMIT + 1, LIMIT + 3]) for _ in range(4)]
    data = b"\n".join(lines) + rng.choice([b"\n", b"", b"tail"])
    chunks = chunked(data, rng)
    end = ConnectionResetError() if rng.random() < 0.2 else None
    expected = await read_by_stream(chunks, end)
    if end is not None:
        # A reset ends the stream's reading at once: the lines it had not read yet are lost.
        # The reader has handed each on as it came: they come first.
        assert read(chunks, end)[-1] == "END"
        return
    assert read(chunks) == expected


def test_a_line_of_the_limit_is_read_one_past_it_ends_the_line():
    assert read([b"a" * LIMIT + b"\n", b"b\n"]) == [b"a" * LIMIT + b"\n", b"b\n", "END"]
    assert read([b"a" * (LIMIT + 1) + b"\n", b"b\n"]) == ["END"]


def test_more_than_the_limit_without_a_newline_ends_the_line_at_once():
    assert read([b"ok\n" + b"a" * LIMIT], eof=False) == [b"ok\n"]
    assert read([b"ok\n" + b"a" * (LIMIT + 1)], eof=False) == [b"ok\n", "END"]


def test_a_line_cut_anywhere_is_handed_on_whole_once_its_newline_comes():
    assert read([b"ab", b"c", b"\nde", b"f\n"], eof=False) == [b"abc\n", b"def\n"]


def test_the_last_line_without_its_newline_comes_before_the_end():
    assert read([b"one\ntwo"]) == [b"one\n", b"two", "END"]


def test_a_line_refused_stops_the_reading_without_a_word_of_the_end():
    heard: list = []
    transport = Transport()
    reader = LineReader(lambda line: heard.append(line) or line != b"stop\n", heard.append, LIMIT)
    reader.connection_made(transport)
    reader.data_received(b"go\nstop\nnever\n")
    reader.data_received(b"nor this\n")
    reader.connection_lost(None)
    assert heard == [b"go\n", b"stop\n"]
    assert transport.paused


def test_a_stopped_reader_hands_on_nothing_not_even_the_end():
    heard: list = []
    reader = LineReader(heard.append, lambda: heard.append("END"), LIMIT)
    reader.connection_made(Transport())
    reader.data_received(b"half")
    reader.stop()
    reader.data_received(b" a line\nmore\n")
    reader.eof_received()
    reader.connection_lost(None)
    assert heard == []


async def test_a_fault_in_handling_a_line_stops_the_reading_and_is_reported():
    loop = asyncio.get_running_loop()
    reported: list = []
    loop.set_exception_handler(lambda loop, context: reported.append(context["exception"]))
    fault = KeyError("seats")
    heard: list = []

    def on_line(line: bytes) -> bool:
        heard.append(line)
        raise fault

    try:
        reader = LineReader(on_line, lambda: heard.append("END"), LIMIT)
        transport = Transport()
        reader.connection_made(transport)
        reader.data_received(b"one\ntwo\n")
        reader.connection_lost(None)
    finally:
        loop.set_exception_handler(None)
    assert heard == [b"one\n"]
    assert reported == [fault]
    assert transport.paused
