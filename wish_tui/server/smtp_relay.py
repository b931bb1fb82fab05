"""The keeper's SMTP relay (`serve --smtp HOST:PORT`): how the club's turn alerts go out by email.

Credentials come from the environment (`USER_VARIABLE`, `PASSWORD_VARIABLE`), never the command
line, where other users of the machine could read them. The relay is asked for STARTTLS whenever
it offers it; a password is never sent over a line that is not encrypted. `send` is blocking and
says what went wrong in words instead of raising: the hub calls it from a worker thread.
"""

from __future__ import annotations

import argparse
import os
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ssl

USER_VARIABLE = "WISH_TUI_SMTP_USER"
PASSWORD_VARIABLE = "WISH_TUI_SMTP_PASSWORD"
FROM_VARIABLE = "WISH_TUI_SMTP_FROM"
SEND_TIMEOUT = 20.0
"""Seconds the relay has to answer each step."""


class RelayRefused(ValueError):
    """`--smtp` or its environment is not usable; the message is one sentence."""


@dataclass(frozen=True)
class SmtpRelay:
    """Where and as whom the club's email is sent."""

    host: str
    """The relay's name or address (`--smtp HOST:PORT`)."""
    port: int
    """Its port (587 is the usual one for mail submission)."""
    user: str = ""
    """The login (`USER_VARIABLE`; '' : the relay needs none)."""
    password: str = ""
    """The login's password (`PASSWORD_VARIABLE`), sent only once STARTTLS encrypts the line."""
    sender: str = ""
    """The From address ('' : wish-tui@ this machine's name)."""
    tls: ssl.SSLContext | None = None
    """How the relay's certificate is checked under STARTTLS (None: the system's trust)."""

    @classmethod
    def from_flag(cls, value: str, environ: Mapping[str, str]) -> SmtpRelay:
        """The relay of `--smtp HOST:PORT`, with its credentials from `environ`.

        Raises:
            RelayRefused: not HOST:PORT, or a user without a password (one sentence).
        """
        host, _, port = str(value).rpartition(":")
        host = host.strip("[]")
        if not host or not port.isdigit() or not 0 < int(port) < 65536 or not host.isprintable():
            raise RelayRefused(f"--smtp {value!r} is not HOST:PORT, such as smtp.example.org:587")
        user = environ.get(USER_VARIABLE, "")
        password = environ.get(PASSWORD_VARIABLE, "")
        if user and not password:
            raise RelayRefused(
                f"{USER_VARIABLE} is set but {PASSWORD_VARIABLE} is not: set both, or neither "
                "for a relay that needs no login"
            )
        sender = environ.get(FROM_VARIABLE, "") or f"wish-tui@{socket.gethostname() or 'localhost'}"
        return cls(host, int(port), user, password, sender)

    def send(self, to: str, subject: str, text: str) -> str:
        """Send one plain-text email; '' when the relay took it, else what went wrong."""
        import smtplib  # here: the command line reads `--smtp` without loading the mail modules
        import ssl
        from email.message import EmailMessage
        from email.utils import formatdate, make_msgid

        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = make_msgid(domain=self.sender.rpartition("@")[2] or None)
        message.set_content(text)
        try:
            with smtplib.SMTP(self.host, self.port, timeout=SEND_TIMEOUT) as smtp:
                smtp.ehlo()
                if smtp.has_extn("starttls"):
                    smtp.starttls(context=self.tls or ssl.create_default_context())
                    smtp.ehlo()
                elif self.user:
                    return "the relay offers no STARTTLS, so the password was not sent"
                if self.user:
                    smtp.login(self.user, self.password)
                smtp.send_message(message)
        except smtplib.SMTPRecipientsRefused as exc:
            code, answer = next(iter(exc.recipients.values()), (0, b""))
            return f"{code} {_said(answer)}".strip()
        except smtplib.SMTPResponseException as exc:
            return f"{exc.smtp_code} {_said(exc.smtp_error)}".strip()
        except (smtplib.SMTPException, OSError, ssl.SSLError) as exc:
            return str(exc)[:120] or type(exc).__name__
        return ""


def relay_flag(value: str) -> SmtpRelay:
    """`--smtp`'s value as argparse reads it, with its login from the environment.

    Raises:
        argparse.ArgumentTypeError: not a usable relay (one sentence).
    """
    try:
        return SmtpRelay.from_flag(value, os.environ)
    except RelayRefused as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _said(answer) -> str:
    text = answer.decode("utf-8", "replace") if isinstance(answer, bytes) else str(answer)
    return " ".join(text.split())[:120]
