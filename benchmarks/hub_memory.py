"""What the table server holds for each session in its lobby: N sessions told the lobby's news
in parts (as `wish-tui client` asks), the hub's live Python objects measured with tracemalloc.

Run: python benchmarks/hub_memory.py [--sessions 1000]

No SSH and no screens: the sessions are lines to the hub (`hub_lines.py`).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hub_lines import lobby_lines  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402


async def main(sessions: int) -> None:
    data = Path(tempfile.mkdtemp())
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, rate_limits={})
    await hub.start()
    tracemalloc.start()
    lines = await lobby_lines(hub, sessions, True)
    await asyncio.sleep(3.0)  # the news of the arrivals told
    gc.collect()
    held = tracemalloc.get_traced_memory()[0]
    print(
        f"{sessions} sessions in the lobby, told in parts: the hub's live objects "
        f"{held / sessions / 1024:.1f} kB a session"
    )
    for line in lines:
        line.close()
    await hub.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000, help="sessions in the lobby (1000)")
    asyncio.run(main(parser.parse_args().sessions))
