"""The processor time of a frame that changes one word: Textual's fixed cost of a frame in the
app (the refresh's way to the screen, the frame timer, the frame, the callback after it).

Run: python benchmarks/frame_cost.py [--frames 600] [--widgets 12] [--runs 3] [--profile FILE]

The app's adaptations of Textual (those `WishApp` makes as it is made) are in place; a screen of
`--widgets` one-line texts (the app's `ViewText`) runs headless at 100x30; each frame one text
shows its next word, and a callback asked after the frame (as the table screen asks one, through
`after_the_frame`) lets the next change come. Prints, for each run, the processor time of the
process per frame (the benchmark's own loop in it: one wait on an event a frame), and the messages
posted per frame to the screen and to the widgets. With `--profile FILE`, the last run under
cProfile (processor time as its clock), its stats written to FILE and its top entries printed.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import pstats
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.text import Text  # noqa: E402
from textual.app import App  # noqa: E402
from textual.message_pump import MessagePump  # noqa: E402
from textual.screen import Screen  # noqa: E402

from wish_tui.ui.app import WishApp  # noqa: E402
from wish_tui.ui.terminal.textual_adapter import render_changed_rows_only  # noqa: E402
from wish_tui.ui.terminal.textual_pump import after_the_frame  # noqa: E402
from wish_tui.widgets.view_text import ViewText  # noqa: E402

WORDS = ("Yours", "Waiting", "Thinking", "Played")


class Words(Screen):
    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count
        render_changed_rows_only(self)  # (as the table screen renders)

    def compose(self):
        for index in range(self.count):
            yield ViewText(id=f"w{index}")

    def on_mount(self) -> None:
        for index, text in enumerate(self.query(ViewText)):
            text.show(Text(f"line {index}: {WORDS[0]}"))


class FrameApp(App):
    CSS = "ViewText { height: 1; }"

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count

    def on_mount(self) -> None:
        self.push_screen(Words(self.count))


async def one_run(frames: int, count: int, profile: cProfile.Profile | None) -> tuple:
    app = FrameApp(count)
    posted: Counter = Counter()
    post = MessagePump.post_message

    def counted(pump, message, /) -> bool:
        posted[(type(message).__name__, "screen" if isinstance(pump, Screen) else "widget")] += 1
        return post(pump, message)

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        screen = app.screen
        texts = [screen.query_one(f"#w{index}", ViewText) for index in range(count)]
        drawn = asyncio.Event()
        gc.collect()
        MessagePump.post_message = counted
        if profile is not None:
            profile.enable()
        started = time.process_time()
        for frame in range(frames):
            text = texts[frame % count]
            text.show(Text(f"line {frame % count}: {WORDS[frame // count % len(WORDS)]}"))
            after_the_frame(screen, drawn.set)
            await drawn.wait()
            drawn.clear()
        spent = time.process_time() - started
        if profile is not None:
            profile.disable()
        MessagePump.post_message = post
    return spent / frames, posted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames a run (600)")
    parser.add_argument("--widgets", type=int, default=12, help="texts on the screen (12)")
    parser.add_argument("--runs", type=int, default=3, help="runs (3)")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the last run")
    args = parser.parse_args()
    WishApp()  # (its adaptations of Textual, made once for the process)
    for run in range(args.runs):
        last = run == args.runs - 1
        profile = cProfile.Profile(time.process_time) if args.profile and last else None
        spent, posted = asyncio.run(one_run(args.frames, args.widgets, profile))
        each = ", ".join(
            f"{kind} to the {to} {count / args.frames:.2f}"
            for (kind, to), count in sorted(posted.items(), key=lambda item: -item[1])
        )
        print(
            f"{args.frames} frames: {spent * 1e6:.0f} us of processor time a frame; "
            f"messages posted a frame: {each or 'none'}"
        )
        if profile is not None:
            profile.dump_stats(args.profile)
            pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
