"""A real local SMTP server (aiosmtpd) for the tests: it keeps every message it is given, offers
STARTTLS with a certificate made for 127.0.0.1, and may ask for a login or refuse recipients."""

from __future__ import annotations

import datetime
import email
import email.policy
import ipaddress
import socket
import ssl
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key, written in `folder`."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "relay.pem", folder / "relay.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


class MailReceiver:
    """A local SMTP server; `messages` are the emails it took, `tls` trusts its certificate."""

    def __init__(self, folder: Path, *, starttls: bool = False, login: tuple = ()) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.logins: list[str] = []
        self.refuse = False
        """Answer every recipient 550 (a dead address)."""
        receiver = self

        class Handler:
            async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: N802
                if receiver.refuse:
                    return "550 5.1.1 no such mailbox here"
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):  # noqa: N802
                receiver.messages.append(
                    email.message_from_bytes(envelope.content, policy=email.policy.default)
                )
                return "250 Message accepted"

        def authenticate(server, session, envelope, mechanism, data):
            ok = login and (data.login.decode(), data.password.decode()) == login
            if ok:
                receiver.logins.append(data.login.decode())
            return AuthResult(success=bool(ok))

        kwargs: dict = {}
        self.tls = None
        if starttls:
            cert, key = _certificate(folder)
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(cert, key)
            kwargs.update(tls_context=context, require_starttls=True)
            self.tls = ssl.create_default_context(cafile=str(cert))
        if login:
            kwargs.update(authenticator=authenticate, auth_required=True)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port, **kwargs)
        self.controller.start()

    def close(self) -> None:
        self.controller.stop()
