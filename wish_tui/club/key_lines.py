"""A public key line as a person pastes it (``ssh-ed25519 AAAA… comment``), and its fingerprint.

The fingerprint is OpenSSH's: ``SHA256:`` and the unpadded base64 of the SHA-256 of the key's
bytes, the same as `ssh-keygen -lf` prints and the SSH front end gives for a key that logs in.
No cryptography library is needed to read it: the line is checked for shape (a known type, base64
whose first field names the same type), not for the maths of the key, which the SSH server checks
when the key is used.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct

from .errors import InputRefused

KEY_TYPES = (
    "ssh-ed25519",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
)
MAX_LINE = 8192
"""Characters of a key line (a 16384-bit RSA key takes about 2,800)."""
MAX_COMMENT = 100


def fingerprint_of(blob: bytes) -> str:
    """The ``SHA256:…`` fingerprint of a key's bytes."""
    digest = base64.b64encode(hashlib.sha256(blob).digest()).decode("ascii")
    return "SHA256:" + digest.rstrip("=")


def parse_key_line(text) -> tuple[str, str]:
    """Read a pasted public key line; return (fingerprint, the line as kept).

    The kept line is the type, the base64 and the comment (cut to MAX_COMMENT printable
    characters); options in front of the type (as in an authorized_keys file) are refused.

    Raises:
        InputRefused: not one public key line of a known type (one sentence).
    """
    if not isinstance(text, str) or not text.strip():
        raise InputRefused("Paste a public key line, such as the one in ~/.ssh/id_ed25519.pub.")
    if len(text) > MAX_LINE:
        raise InputRefused(f"A public key line has at most {MAX_LINE} characters.")
    fields = text.strip().split(None, 2)
    kind = fields[0]
    if kind not in KEY_TYPES:
        raise InputRefused(
            f"A public key line starts with its type ({', '.join(KEY_TYPES[:3])}, …); "
            "paste the whole line of your .pub file."
        )
    if len(fields) < 2:
        raise InputRefused("That key line has no key after its type; paste the whole line.")
    try:
        blob = base64.b64decode(fields[1], validate=True)
        (length,) = struct.unpack(">I", blob[:4])
        named = blob[4 : 4 + length].decode("ascii")
    except (binascii.Error, ValueError, struct.error, UnicodeDecodeError):
        raise InputRefused("That key line's key is not base64 of a public key.") from None
    if named != kind:
        raise InputRefused(f"That key line says {kind} but holds a key of another type.")
    comment = ""
    if len(fields) == 3:
        comment = "".join(ch for ch in fields[2] if ch.isprintable())[:MAX_COMMENT].strip()
    line = f"{kind} {fields[1]}" + (f" {comment}" if comment else "")
    return fingerprint_of(blob), line
