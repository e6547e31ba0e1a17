"""TLS with a pinned certificate: the handshake does not verify the chain (the service's
certificate is self-signed), the SHA-256 of the leaf certificate's DER it presented is compared
with the pin, and only then is a byte of the request (its token) written. For REST an httpcore
network backend checks the pin as the connection's TLS starts; for gRPC the certificate is read
over such a pinned connection and becomes the channel's only root certificate."""

from __future__ import annotations

import hashlib
import hmac
import socket
import ssl
from typing import Any

import httpcore
import httpx

from .errors import TransportError


def normalize(fingerprint: str) -> str:
    """`AB:CD:...` or `abcd...`: the 64 lowercase hex digits."""
    hexdigits = fingerprint.replace(":", "").strip().lower()
    if len(hexdigits) != 64 or any(c not in "0123456789abcdef" for c in hexdigits):
        raise ValueError("a certificate fingerprint is 64 hex digits (SHA-256), colons allowed")
    return hexdigits


def unverified_context() -> ssl.SSLContext:
    """TLS without chain or host name checks: the pin replaces them."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def check_pin(der: bytes | None, fingerprint: str) -> None:
    actual = hashlib.sha256(der or b"").hexdigest()
    if not hmac.compare_digest(actual, fingerprint):
        raise TransportError(
            "the server's certificate does not match the pinned fingerprint",
            code="TLS_FINGERPRINT_MISMATCH",
            details={"expected": fingerprint, "actual": actual},
        )


def _leaf(stream: Any) -> bytes | None:
    ssl_object = stream.get_extra_info("ssl_object")
    # Positional: the sync backend hands over the C-level `_SSLSocket`, which takes no keywords.
    return None if ssl_object is None else ssl_object.getpeercert(True)


class _PinnedBackend(httpcore.NetworkBackend):
    def __init__(self, fingerprint: str) -> None:
        self._inner = httpcore.SyncBackend()
        self._fingerprint = fingerprint

    def connect_tcp(self, *args: Any, **kwargs: Any) -> httpcore.NetworkStream:
        return _PinnedStream(self._inner.connect_tcp(*args, **kwargs), self._fingerprint)

    def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore.NetworkStream:
        return self._inner.connect_unix_socket(*args, **kwargs)

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class _PinnedStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream, fingerprint: str) -> None:
        self._inner = inner
        self._fingerprint = fingerprint

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, timeout)

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, timeout)

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, *args: Any, **kwargs: Any) -> httpcore.NetworkStream:
        stream = self._inner.start_tls(*args, **kwargs)
        try:
            check_pin(_leaf(stream), self._fingerprint)
        except TransportError:
            stream.close()
            raise
        return stream

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _AsyncPinnedBackend(httpcore.AsyncNetworkBackend):
    def __init__(self, fingerprint: str) -> None:
        self._inner = httpcore.AnyIOBackend()
        self._fingerprint = fingerprint

    async def connect_tcp(self, *args: Any, **kwargs: Any) -> httpcore.AsyncNetworkStream:
        return _AsyncPinnedStream(await self._inner.connect_tcp(*args, **kwargs), self._fingerprint)

    async def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore.AsyncNetworkStream:
        return await self._inner.connect_unix_socket(*args, **kwargs)

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


class _AsyncPinnedStream(httpcore.AsyncNetworkStream):
    def __init__(self, inner: httpcore.AsyncNetworkStream, fingerprint: str) -> None:
        self._inner = inner
        self._fingerprint = fingerprint

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return await self._inner.read(max_bytes, timeout)

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        await self._inner.write(buffer, timeout)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def start_tls(self, *args: Any, **kwargs: Any) -> httpcore.AsyncNetworkStream:
        stream = await self._inner.start_tls(*args, **kwargs)
        try:
            check_pin(_leaf(stream), self._fingerprint)
        except TransportError:
            await stream.aclose()
            raise
        return stream

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


def pinned_transport(fingerprint: str) -> httpx.HTTPTransport:
    """An httpx transport whose TLS connections are checked against `fingerprint`."""
    transport = httpx.HTTPTransport(verify=unverified_context())
    # httpx builds its httpcore pool without a network backend of ours: rebuild it with one.
    transport._pool = httpcore.ConnectionPool(
        ssl_context=unverified_context(), network_backend=_PinnedBackend(normalize(fingerprint))
    )
    return transport


def async_pinned_transport(fingerprint: str) -> httpx.AsyncHTTPTransport:
    transport = httpx.AsyncHTTPTransport(verify=unverified_context())
    transport._pool = httpcore.AsyncConnectionPool(
        ssl_context=unverified_context(), network_backend=_AsyncPinnedBackend(normalize(fingerprint))
    )
    return transport


def fetch_pinned_certificate(address: str, fingerprint: str, timeout: float | None = 10.0) -> bytes:
    """The PEM certificate the TLS server at `host:port` presents, checked against the pin."""
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout) as raw:
            with unverified_context().wrap_socket(raw, server_hostname=host) as tls:
                der = tls.getpeercert(binary_form=True)
    except OSError as error:
        raise TransportError(f"cannot read the certificate of {address}: {error}") from error
    check_pin(der, normalize(fingerprint))
    assert der is not None
    return ssl.DER_cert_to_PEM_cert(der).encode()
