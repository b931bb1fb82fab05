"""Allow `python -m wish_tui`."""

from wish_tui.cli import main

raise SystemExit(main())
