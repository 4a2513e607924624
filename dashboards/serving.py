"""How `sim dash` serves the app: waitress, a production WSGI server, in front of the Dash app, and
the checks a request passes before a page sees it.

Every request first passes the Host check (`HostCheck`: the header read as a host and a port, and
the host one of the names this server answers to, so a web page elsewhere cannot reach it through
DNS rebinding), then the token (dashboards.app), and is written to the access log with any token
in its query replaced by "***" (`AccessLog`). Tokens are at least `MIN_TOKEN_LENGTH` characters
(`checked_token`), best read from a file (`token_from_file`) or the environment rather than the
command line, where every user of the machine sees them. Request bodies are capped (waitress's
`max_request_body_size` and Flask's MAX_CONTENT_LENGTH, from the upload limit), so an oversized
upload is refused before it is read into memory.

Why waitress and not gunicorn: one process with threads, so the app's caches, its background
warm-up and the runs it launches are shared by every request (gunicorn's forked workers would each
read every run again), and it runs wherever Python does (gunicorn needs a Unix)."""

from __future__ import annotations

import ipaddress
import logging
import re
import secrets
import socket
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

import waitress
from waitress import trigger, wasyncore

from sim.core.errors import InputError

MIN_TOKEN_LENGTH = 16
TOKEN_CHARACTERS = re.compile(r"[A-Za-z0-9._~-]+")  # unreserved in a URL: the token goes in ?token= as it is
TOKEN_PARAMETER = "token"
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_BINDS = frozenset({"0.0.0.0", "::", ""})
DEFAULT_MAX_UPLOAD_BYTES = 1024 * 1024
# a callback that carries an upload also carries the page's other inputs and states (small), and
# the file itself base64-encoded (4/3 of its size): room for both, no more
REQUEST_OVERHEAD_BYTES = 1024 * 1024
SERVER_THREADS = 8
ACCESS_LOG = logging.getLogger("sim.dash.access")

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def checked_token(token: str | None, source: str) -> str | None:
    """`token` when it is one `sim dash` accepts (None or empty: no token); else an InputError that
    says why without repeating the token, and suggests a good one."""
    if not token:
        return None
    problems = []
    if len(token) < MIN_TOKEN_LENGTH:
        problems.append(f"{len(token)} characters, at least {MIN_TOKEN_LENGTH} are needed")
    if not TOKEN_CHARACTERS.fullmatch(token):
        problems.append("only letters, digits and - _ . ~ are allowed (it goes in the address as it is)")
    if problems:
        raise InputError(f"{source}: the token is refused: {'; '.join(problems)}. A random one: "
                         f"{secrets.token_urlsafe(24)}")
    return token


MAX_TOKEN_FILE_BYTES = 4096  # a token is a line: a larger file is the wrong file


def token_from_file(path: Path) -> str:
    """The token `sim dash --token-file PATH` reads: the file's first line, without its line end
    (so `echo TOKEN > file` and an editor's saved file both work). Any way the file cannot give one
    (missing, a folder, unreadable, not UTF-8, empty, larger than a line could be) is an InputError
    naming --token-file and the file, never showing what it holds."""
    flag = f"--token-file {path}"
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_TOKEN_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"{flag}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{flag}: is a folder; give the file that holds the token") from None
    except OSError as exc:
        raise InputError(f"{flag}: cannot be read: {exc.strerror or exc}") from None
    if len(raw) > MAX_TOKEN_FILE_BYTES:
        raise InputError(f"{flag}: more than {MAX_TOKEN_FILE_BYTES:,} bytes; a token file holds one line, the token")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{flag}: not UTF-8 text; a token file holds one line, the token") from None
    token = text.splitlines()[0].strip() if text.strip() else ""
    if not token:
        raise InputError(f"{flag}: is empty; write the token on its first line")
    return token


def request_body_limit(max_upload_bytes: int) -> int:
    """The largest request body the server reads: an upload of `max_upload_bytes`, base64-encoded
    as the page sends it, with the rest of its callback."""
    return (max_upload_bytes * 4 + 2) // 3 + REQUEST_OVERHEAD_BYTES


def host_name(header: str) -> str:
    """The name in a Host header, lower case, without its port, the brackets of an IPv6 address or
    a final dot: "[::1]:8050" -> "::1", "Example.org.:80" -> "example.org"."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    if header.count(":") == 1:  # more than one is a bare IPv6 address, which has no port
        header = header.split(":", 1)[0]
    return header.rstrip(".")


# A Host header as RFC 9110 writes it: uri-host [":" port], the host a name, an IPv4 address or an
# IPv6 address in brackets. Anything else (a user-info part "user@host", a path, a second colon, a
# port that is not a number) is no host this server answers to.
HOST_HEADER = re.compile(r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(?P<port>[0-9]{1,5}))?")


def request_host(header: str) -> str | None:
    """The host a request's Host header names, as `host_name` writes names ("[::1]:8050" -> "::1",
    "Example.org.:80" -> "example.org"); None when the header is not a host and an optional port:
    "localhost:80@evil.example" (user-info), "localhost/x", "::1" without brackets, "host:http",
    "host:99999", or empty."""
    found = HOST_HEADER.fullmatch(header.strip())
    if found is None or (found["port"] is not None and not 0 < int(found["port"]) <= 65535):
        return None
    host = found["host"].lower()
    if host.startswith("["):
        try:
            return str(ipaddress.IPv6Address(host[1:-1]))
        except ValueError:
            return None
    return host.rstrip(".") or None


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostCheck:
    """Answer only requests whose Host header names this server, with 403 otherwise.

    A page on another site can make the browser send requests to this server through DNS rebinding
    (its own name, made to resolve to 127.0.0.1), and such requests carry the other site's name in
    Host. Allowed: localhost, 127.0.0.1 and ::1, the address the server binds to, and the names given
    with --allow-host. Bound to every interface (0.0.0.0 or ::), the machine's host name and any
    address literal are allowed too: a browser sends an address as Host only when it was pointed at
    that address itself, which rebinding cannot do."""

    def __init__(self, app: WSGIApp, bind_host: str, extra_names: Iterable[str] = ()) -> None:
        self.app = app
        self.any_address = bind_host in WILDCARD_BINDS
        names = set(LOOPBACK_HOSTS) | {host_name(bind_host)} | {host_name(n) for n in extra_names if n.strip()}
        if self.any_address:
            names.add(host_name(socket.gethostname()))  # not getfqdn: it may wait on a DNS server
        self.allowed = frozenset(names - {""})

    def allows(self, header: str) -> bool:
        """Whether the Host header `header` names this server: parsed as a host and a port first
        (`request_host`), so "localhost:80@rebind.attacker.example" is not read as localhost."""
        name = request_host(header)
        return name is not None and (name in self.allowed or (self.any_address and is_address(name)))

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        header = environ.get("HTTP_HOST", "")
        if self.allows(header):
            return self.app(environ, start_response)
        name = request_host(header)
        refused = (f"does not answer to the name {name!r}" if name is not None else
                   "was sent a Host header that is not a host and a port (HOST or HOST:PORT, no user@ part, no path)")
        body = (f"sim dash: this server {refused}; it answers to {', '.join(sorted(self.allowed))}. "
                "Start it with --allow-host NAME to add a name.\n").encode()
        start_response("403 Forbidden", [("Content-Type", "text/plain; charset=utf-8"),
                                         ("Content-Length", str(len(body)))])
        return [body]


def redacted_query(query: str) -> str:
    """A query string with the value of every `token` parameter replaced by ***."""
    if not query:
        return ""
    pairs = parse_qsl(query, keep_blank_values=True)
    return urlencode([(k, "***" if k == TOKEN_PARAMETER else v) for k, v in pairs], quote_via=quote, safe="*/:,")


class RedactToken(logging.Filter):
    """Replace the token wherever it would appear in a log line (the access log never writes it;
    this guards every other logger writing through the same handler)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, "***"), None
        if record.exc_text and self.token in record.exc_text:
            record.exc_text = record.exc_text.replace(self.token, "***")
        return True


class AccessLog:
    """One line per request on the `sim.dash.access` logger: client, method, path, query with its
    token redacted, status and seconds."""

    def __init__(self, app: WSGIApp, logger: logging.Logger = ACCESS_LOG) -> None:
        self.app = app
        self.logger = logger

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        started = time.perf_counter()
        status: list[str] = []

        def start(line: str, headers: list, exc_info: Any = None) -> Any:
            status.append(line.split(" ", 1)[0])
            return start_response(line, headers, exc_info) if exc_info else start_response(line, headers)

        try:
            return self.app(environ, start)
        finally:
            query = redacted_query(environ.get("QUERY_STRING", ""))
            self.logger.info('%s "%s %s%s" %s %.3fs', environ.get("REMOTE_ADDR", "-"), environ.get("REQUEST_METHOD"),
                             quote(environ.get("PATH_INFO", ""), safe="/:@!$&'()*+,;=-._~"),
                             f"?{query}" if query else "", status[0] if status else "-",
                             time.perf_counter() - started)


class DashServer:
    """waitress serving one WSGI app: `run` until Ctrl-C (or `shutdown` from another thread)."""

    def __init__(self, app: WSGIApp, host: str, port: int, max_request_bytes: int,
                 threads: int = SERVER_THREADS) -> None:
        self.server = waitress.create_server(
            app, host=host, port=port, threads=threads, ident="sim dash", max_request_body_size=max_request_bytes,
            clear_untrusted_proxy_headers=True, channel_timeout=60)

    @property
    def port(self) -> int:
        listening = getattr(self.server, "effective_listen", None)  # a name such as localhost: one socket an address
        return listening[0][1] if listening else self.server.effective_port

    def run(self) -> None:
        """Serve until Ctrl-C or `shutdown`; waitress turns KeyboardInterrupt into a clean stop."""
        self.server.run()

    def shutdown(self) -> None:
        """Stop serving from another thread: the socket map is emptied in the server's own loop
        (through its trigger), which then ends `run`."""
        sockets = getattr(self.server, "map", None) or self.server._map
        wake = next((channel for channel in sockets.values() if isinstance(channel, trigger.trigger)), None)
        try:
            if wake is None:
                raise OSError("no trigger left in the socket map")
            wake.pull_trigger(lambda: wasyncore.close_all(sockets))
        except OSError:
            # the trigger is closed already (waitress closes it with a listening socket it gave up
            # on): no loop is left to wake, so the sockets still open are closed from here
            wasyncore.close_all(sockets, ignore_all=True)
        self.server.task_dispatcher.shutdown(cancel_pending=True, timeout=5)


def make_server(app: Any, host: str, port: int, max_upload_bytes: int = DEFAULT_MAX_UPLOAD_BYTES,
                access_log: bool = True) -> DashServer:
    """The production server `sim dash` runs, over a Dash app from `create_app` (whose own checks,
    Host and token, are in its WSGI app already)."""
    wsgi: WSGIApp = app.server
    if access_log:
        wsgi = AccessLog(wsgi)
    return DashServer(wsgi, host, port, request_body_limit(max_upload_bytes))


def log_to_stderr(token: str | None, access_log: bool = True) -> None:
    """Where `sim dash` logs: one handler on stderr for every logger (the access log at INFO when
    `access_log`, the rest from WARNING), which writes no line with the token in it."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    if token:
        handler.addFilter(RedactToken(token))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    ACCESS_LOG.setLevel(logging.INFO if access_log else logging.WARNING)
