"""A small static server for the site (standard library only), on 127.0.0.1 by default.

`python3 -m game serve` serves the sources live: the game archive and the service worker
are made afresh on each request, so an edit shows on reload. With `--host 0.0.0.0` it
serves the local network too (to try the game on a phone), and `open_lines` says which
address to open there. The tests serve a built folder the same way, optionally under a
sub-path (as a project page would be).
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import posixpath
import re
import socket
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from game.site.build import read, site_files
from game.site.runtime import ROOT, RUNTIME

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
}
DEFAULT_MIME = "application/octet-stream"
_HOST_NAME = re.compile(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.?")


def mime_type(name: str) -> str:
    suffix = posixpath.splitext(name)[1].lower()
    if not suffix and posixpath.basename(name) == "LICENSE":
        return MIME_TYPES[".txt"]
    return MIME_TYPES.get(suffix, DEFAULT_MIME)


class SourceSite:
    """The site as it is in the work tree, made afresh for each request."""

    def __init__(self, root: Path = ROOT, packages=RUNTIME):
        self.root, self.packages = Path(root), packages

    def lookup(self, name: str) -> bytes | None:
        source = site_files(self.root, self.packages).get(name)
        return None if source is None else read(source)


class DirectorySite:
    """A built site in a folder."""

    def __init__(self, folder: Path):
        self.folder = Path(folder).resolve()

    def lookup(self, name: str) -> bytes | None:
        if any(part.startswith(".") for part in name.split("/")):
            return None
        path = (self.folder / name).resolve()
        if not path.is_relative_to(self.folder) or not path.is_file():
            return None
        return path.read_bytes()


class Handler(BaseHTTPRequestHandler):
    server: SiteServer
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._respond(body=True)

    def do_HEAD(self) -> None:
        self._respond(body=False)

    def _respond(self, body: bool) -> None:
        base = self.server.base
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if path + "/" == base or (path == "/" and base != "/"):
            return self._redirect(base)
        if not path.startswith(base):
            return self._error(HTTPStatus.NOT_FOUND)
        name = path[len(base):]
        if name == "" or name.endswith("/"):
            name += "index.html"
        parts = name.split("/")
        if any(part in ("", ".", "..") for part in parts):
            return self._error(HTTPStatus.NOT_FOUND)
        try:
            data = self.server.site.lookup(name)
        except Exception as error:  # noqa: BLE001 -- a broken source file: say so, keep serving
            self.log_error("could not make %s: %r", name, error)
            return self._error(HTTPStatus.INTERNAL_SERVER_ERROR)
        if data is None:
            return self._error(HTTPStatus.NOT_FOUND)
        # Always checked with the server (no-cache), but answered "not modified" when the
        # browser's copy is current, as GitHub Pages does: a repeat visit moves no bytes.
        tag = f'"{hashlib.sha1(data).hexdigest()}"'
        if tag in (self.headers.get("If-None-Match") or ""):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", tag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", mime_type(name))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        self.send_header("ETag", tag)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _redirect(self, location: str) -> None:
        self.send_response(HTTPStatus.MOVED_PERMANENTLY)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _error(self, status: HTTPStatus) -> None:
        data = f"{status.value} {status.phrase}\n".encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def log_message(self, format: str, *args) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)

    def log_error(self, format: str, *args) -> None:
        """Said even by a quiet server (quiet leaves out the requests, not the errors)."""
        super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, site, host: str = "127.0.0.1", port: int = 0, base: str = "/",
                 quiet: bool = False):
        if not (base.startswith("/") and base.endswith("/")):
            raise ValueError("base must start and end with '/'")
        self.site, self.base, self.quiet = site, base, quiet
        super().__init__((host, port), Handler)

    def handle_error(self, request, client_address) -> None:
        """A browser that closed its connection before the answer was sent (a page left
        mid-download) is no error of the server's: nothing to print."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}{self.base}"  # type: ignore[str-bytes-safe]  # (an IPv4 text)

    def start(self) -> threading.Thread:
        """Serve in a background (daemon) thread; stop with shutdown() then server_close()."""
        thread = threading.Thread(target=self.serve_forever, args=(0.05,), name="site-server",
                                  daemon=True)
        thread.start()
        return thread


def host_problem(host: str) -> str | None:
    """Why `serve` cannot listen on host, for a person, or None if it may try.
    Checked before binding, so that a mistyped host is never looked up on the network."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        if _HOST_NAME.fullmatch(host):
            return None
        return f"{host!r} is neither an IPv4 address nor a host name"
    if address.version != 4:
        return f"{host} is an IPv6 address: give an IPv4 one (0.0.0.0 for every network)"
    return None


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its local network, as far as they can be found.
    Connecting a UDP socket sends nothing: it only asks the system which of its addresses
    it would send from (192.0.2.1 is a documentation address, never routed)."""
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
    except OSError:  # no route at all: try the addresses of this machine's name
        with contextlib.suppress(OSError):
            found += [info[4][0] for info in
                      socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    return [a for a in dict.fromkeys(found)
            if not (ipaddress.ip_address(a).is_loopback or ipaddress.ip_address(a).is_unspecified)]


def open_lines(host: str, port: int, base: str = "/", lan=lan_addresses) -> list[str]:
    """What `serve` prints, for a server bound to the IPv4 address host: the address to
    open here and, unless host is loopback, the ones another device on the network can open
    (lan() finds them when host is 0.0.0.0, every address of this machine)."""
    address = ipaddress.ip_address(host)
    here = "127.0.0.1" if address.is_unspecified else host
    lines = [f"Serving the game at http://{here}:{port}{base} (Ctrl+C to stop)"]
    if address.is_loopback:
        return lines
    others = lan() if address.is_unspecified else [host]
    if others:
        lines.append("From another device on the same network, open "
                     + " or ".join(f"http://{other}:{port}{base}" for other in others))
    else:
        lines.append("From another device on the same network, open http://THIS-MACHINE:"
                     f"{port}{base} (this machine's network address was not found)")
    lines.append("Over that http address the game plays, but offline play is not available:")
    lines.append("browsers allow service workers only on https or localhost.")
    return lines
