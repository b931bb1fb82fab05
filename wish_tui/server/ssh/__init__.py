"""The SSH front end of `wish-tui serve`: who may come in (`keys.py`, `plain_login.py`), and each
session with a terminal given its own app on its own pseudo-terminal (`front.py`, `session.py`)."""

import contextlib
import warnings

with contextlib.suppress(ImportError):
    # asyncssh names DSA's classes, which a newer cryptography deprecates: ten lines of warnings
    # (with asyncssh's source) were a keeper's first sight of the server.
    from cryptography.utils import CryptographyDeprecationWarning

    warnings.filterwarnings(
        "ignore", category=CryptographyDeprecationWarning, module=r"asyncssh(\.|$)"
    )
