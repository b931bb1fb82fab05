"""A stand-in for the browser's app, speaking Textual's web driver packets on stdin and stdout.

It reports what it was given as one JSON data packet, then echoes each key packet as a data
packet and each meta packet as a data packet holding its JSON. The keys ``exit N`` then a
carriage return make it stop drawing (the "exit" meta), print a closing sentence and exit N;
a "quit" meta or the end of its input make it stop with status 0.
"""

import json
import os
import sys

NAMES = sorted(os.environ)


def packet(kind: bytes, payload: bytes) -> None:
    sys.stdout.buffer.write(kind + len(payload).to_bytes(4, "big") + payload)
    sys.stdout.buffer.flush()


def read_packets(stream):
    buffer = b""
    while True:
        chunk = os.read(stream.fileno(), 65536)
        if not chunk:
            return
        buffer += chunk
        while len(buffer) >= 5:
            size = int.from_bytes(buffer[1:5], "big")
            if len(buffer) < 5 + size:
                break
            yield buffer[:1], buffer[5 : 5 + size]
            buffer = buffer[5 + size :]


def stop(status: int, words: str = "") -> None:
    packet(b"M", json.dumps({"type": "exit"}).encode())
    if words:
        sys.stdout.buffer.write(words.encode())
        sys.stdout.buffer.flush()
    sys.exit(status)


def main() -> None:
    sys.stdout.buffer.write(b"__GANGLION__\n")
    report = {"env": {name: os.environ[name] for name in NAMES}, "pid": os.getpid()}
    packet(b"D", json.dumps(report).encode())
    typed = ""
    for kind, payload in read_packets(sys.stdin):
        if kind == b"D":
            text = payload.decode()
            packet(b"D", b"echo:" + payload)
            typed += text
            while "\r" in typed:
                line, _, typed = typed.partition("\r")
                if line.startswith("exit "):
                    stop(int(line.split()[1]), "wish-tui: the probe closed.\n")
        else:
            meta = json.loads(payload)
            if meta.get("type") == "quit":
                stop(0)
            packet(b"D", b"meta:" + payload)
    stop(0)


if __name__ == "__main__":
    main()
