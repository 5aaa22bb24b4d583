"""Helpers for the site tooling tests: fake runtime tarballs and a fake npm registry on
127.0.0.1 (no real network)."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import io
import tarfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from game.site.runtime import Package

# Files shaped like the real tarball: what the page needs, and what it must not get (the
# real one has no LICENSE file, which Package.keep would take: none here either).
FAKE_PYODIDE_FILES = {
    "package/pyodide.mjs": b"export const loadPyodide = () => {};\n",
    "package/pyodide.asm.mjs": b"// fake\n",
    "package/pyodide.asm.wasm": b"\x00asm\x01\x00\x00\x00",
    "package/python_stdlib.zip": b"PK\x05\x06" + bytes(18),
    "package/pyodide-lock.json": b'{"info": {}, "packages": {}}',
    "package/pyodide.js": b"// the classic script: not needed\n",
    "package/console.html": b"<!doctype html>\n",
    "package/package.json": b"{}",
}
# A package of another shape than Pyodide's flat tarball, as many npm packages are: a
# scoped name, its files under dist/ (unpacked flat), kept by glob patterns. For the tests
# of what the runtime module must handle whatever package it is given.
FAKE_SCOPED = Package(
    name="@fake/helper", version="0.0.0-test", integrity="", dest="helper",
    keep=("dist/helper.js", "dist/helper-*.js", "dist/helper.css", "LICENSE"),
    required=("dist/helper.js", "dist/helper-*.js"))
FAKE_SCOPED_FILES = {
    "package/dist/helper.js": b'export*from"./helper-Fake1234.js";\n',
    "package/dist/helper-Fake1234.js": b"export const fake = 1;\n",
    "package/dist/helper.css": b"body{}\n",
    "package/dist/helper.js.map": b"{}",
    "package/dist/extra-Fake1234.js": b"// not needed by the page\n",
    "package/src/helper.js": b"// sources: not needed\n",
    "package/LICENSE": b"Apache-2.0 (fake)\n",
    "package/package.json": b"{}",
}


def make_tarball(files: dict[str, bytes], extra: list[tarfile.TarInfo] | None = None) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for info in extra or []:
            tar.addfile(info)
    return buffer.getvalue()


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


class FakeRegistry:
    """An npm-registry stand-in on 127.0.0.1: serves tarballs by URL path, counts requests."""

    def __init__(self):
        self.files: dict[str, bytes] = {}
        self.requests: list[str] = []
        registry = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                registry.requests.append(self.path)
                data = registry.files.get(self.path)
                if data is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,),
                                       daemon=True)
        self.thread.start()

    def publish(self, package, data: bytes) -> None:
        """Serve data as package's tarball (at the URL the runtime module will ask for)."""
        self.files["/" + package.tarball_url(self.url)[len(self.url):]] = data

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def fake_package(real, files: dict[str, bytes], **changes):
    """The real pin's shape (dest, kept files) with a fake tarball and its integrity."""
    data = make_tarball(files)
    changes = {"version": "0.0.0-test", **changes}
    package = dataclasses.replace(real, integrity=integrity(data), **changes)
    return package, data
