"""The processor time of a line of the table server read at the client: asyncio's stream reader
and a task awaiting `readline` (the client before), against `tables.line_protocol.LineReader`.

Run: python benchmarks/line_reader.py [--lines 20000] [--rounds 3]

A socket pair; one end is written a table message's line (a diff of some 300 bytes of JSON) at
a time, each followed by two turns of the event loop (as a message comes alone); the other end
is read by each way in turn, which decodes each line's JSON. Prints the processor time of this
process per line, for each way and round: the writes and the loop's turns are in both.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.tables.line_protocol import LineReader  # noqa: E402

LINE = json.dumps(
    {"type": "table_diff", "table": "1", "n": 5, "changes": {"set": {"x": "y" * 300}}}
)
LIMIT = 256 * 1024 + 2


async def by_stream(sock: socket.socket, lines: int, done: asyncio.Event) -> object:
    reader, writer = await asyncio.open_connection(sock=sock, limit=LIMIT)

    async def read() -> None:
        got = 0
        while True:
            line = await reader.readline()
            if not line:
                return
            json.loads(line)
            got += 1
            if got == lines:
                done.set()

    return asyncio.get_running_loop().create_task(read()), writer


async def by_protocol(sock: socket.socket, lines: int, done: asyncio.Event) -> object:
    got = 0

    def on_line(line: bytes) -> bool:
        nonlocal got
        json.loads(line)
        got += 1
        if got == lines:
            done.set()
        return True

    loop = asyncio.get_running_loop()
    return await loop.create_connection(lambda: LineReader(on_line, lambda: None, LIMIT), sock=sock)


async def one_way(way, lines: int) -> float:
    ours, theirs = socket.socketpair()
    done = asyncio.Event()
    kept = await way(ours, lines, done)  # (what reads the line, kept while it reads)
    data = LINE.encode() + b"\n"
    started = time.process_time()
    for _ in range(lines):
        theirs.send(data)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
    await done.wait()
    spent = time.process_time() - started
    theirs.close()
    del kept
    return spent / lines * 1e6


async def main(lines: int, rounds: int) -> None:
    for _ in range(rounds):
        stream = await one_way(by_stream, lines)
        protocol = await one_way(by_protocol, lines)
        print(
            f"{lines} lines: {stream:.1f} µs a line by the stream's reader and a task, "
            f"{protocol:.1f} by LineReader (the writes and two turns of the loop in both)"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20000, help="lines a round (20000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of both ways (3)")
    options = parser.parse_args()
    asyncio.run(main(options.lines, options.rounds))
