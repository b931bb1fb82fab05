"""The transcript in docs/engine-protocol.md is what the engine really answers."""

from __future__ import annotations

import io
import json
from pathlib import Path

from wish_tui import saves
from wish_tui.engine_protocol import serve

DOC = Path(__file__).parents[1] / "docs" / "engine-protocol.md"


def test_the_documented_transcript_is_reproduced(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))
    lines = DOC.read_text("utf-8").splitlines()
    sent = [line[2:] for line in lines if line.startswith("> ")]
    expected = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    sent = [line.replace("/tmp/wish-demo.json", str(tmp_path / "wish-demo.json")) for line in sent]
    out = io.StringIO()
    serve(io.StringIO("\n".join(sent) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    for answer, want in zip(answers, expected, strict=True):
        if "path" in want:
            want = {**want, "path": str(tmp_path / "wish-demo.json")}
        assert answer == want
