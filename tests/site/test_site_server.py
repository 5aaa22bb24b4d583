"""The static server: MIME types, index, sub-path, 404s and no way out of the site; the
addresses `serve` prints, for this machine and for another device on the network."""

import http.client
import shutil

import pytest

from game.site import server as server_module
from game.site.server import (
    DirectorySite,
    SiteServer,
    SourceSite,
    host_problem,
    lan_addresses,
    mime_type,
    open_lines,
)


def quiet(*_):
    pass


@pytest.fixture(scope="module")
def built(tmp_path_factory, site_built_once):
    """A copy of the site built once per session, with one file the build never writes
    (the server serves what is there): the tests here only read it."""
    out = tmp_path_factory.mktemp("served") / "dist"
    shutil.copytree(site_built_once, out)
    (out / "static" / "data.json").write_text("{}")
    return out


def get(server, path, method="GET", timeout=10):
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request(method, path)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.fixture
def server(built):
    server = SiteServer(DirectorySite(built), quiet=True)
    server.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("path, expected", [
    ("/", "text/html; charset=utf-8"),
    ("/index.html", "text/html; charset=utf-8"),
    ("/sw.js", "text/javascript; charset=utf-8"),
    ("/static/style.css", "text/css; charset=utf-8"),
    ("/static/favicon.svg", "image/svg+xml"),
    ("/static/game.zip", "application/zip"),
    ("/static/data.json", "application/json"),
    ("/static/page.js", "text/javascript; charset=utf-8"),
    ("/static/engine.js", "text/javascript; charset=utf-8"),
    ("/static/vendor/pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
    ("/static/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
    ("/static/vendor/pyodide/python_stdlib.zip", "application/zip"),
    ("/static/vendor/pyodide/pyodide-lock.json", "application/json"),
])
def test_mime_types(server, built, path, expected):
    status, headers, body = get(server, path)
    assert status == 200 and headers["Content-Type"] == expected
    name = path.lstrip("/") or "index.html"
    assert body == (built / name).read_bytes()
    assert int(headers["Content-Length"]) == len(body)


def test_query_strings_are_ignored(server, built):
    status, _, body = get(server, "/?game=tsuro")
    assert status == 200 and body == (built / "index.html").read_bytes()


@pytest.mark.parametrize("path", ["/missing.js", "/static/../../etc/passwd", "/.nojekyll",
                                  "/static/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd",
                                  "/.tsuro-tatsu-site"])
def test_not_found(server, path):
    status, _headers, _ = get(server, path)
    assert status == 404


def test_head(server, built):
    status, headers, body = get(server, "/static/game.zip", "HEAD")
    assert status == 200 and body == b""
    assert int(headers["Content-Length"]) == (built / "static" / "game.zip").stat().st_size


def test_sub_path(built):
    server = SiteServer(DirectorySite(built), base="/project/", quiet=True)
    server.start()
    try:
        assert server.url.endswith("/project/")
        assert get(server, "/project/static/favicon.svg")[0] == 200
        assert get(server, "/project/")[0] == 200
        status, headers, _ = get(server, "/project")
        assert status == 301 and headers["Location"] == "/project/"
        assert get(server, "/static/favicon.svg")[0] == 404
    finally:
        server.shutdown()
        server.server_close()


def test_source_site_serves_generated_files_live(source_root, fake_runtime):
    packages, registry = fake_runtime
    from game.site.runtime import ensure_runtime

    ensure_runtime(source_root / "static" / "vendor", packages, registry.url, log=quiet)
    server = SiteServer(SourceSite(source_root, packages), quiet=True)
    server.start()
    try:
        first = get(server, "/static/game.zip")
        with open(source_root / "game" / "web" / "index_page.py", "a") as page:
            page.write("\nEDITED = True\n")  # an edit to a module the page imports
        second = get(server, "/static/game.zip")
        assert first[0] == second[0] == 200 and first[2] != second[2]
        status, _headers, body = get(server, "/sw.js")
        assert status == 200 and b"./static/game.zip" in body
        assert get(server, "/static/sw.js")[0] == 404
        assert get(server, "/game/web/worker.py")[0] == 404  # only the site is served
        assert get(server, "/static/vendor/pyodide/pyodide.asm.wasm")[1]["Content-Type"] == \
            "application/wasm"
    finally:
        server.shutdown()
        server.server_close()


def test_mime_type_fallback():
    assert mime_type("static/vendor/pyodide/LICENSE") == "text/plain; charset=utf-8"
    assert mime_type("x.unknown") == "application/octet-stream"
    assert mime_type("a/B.MJS") == "text/javascript; charset=utf-8"


def test_loopback_prints_one_address_as_before():
    assert open_lines("127.0.0.1", 8000) == [
        "Serving the game at http://127.0.0.1:8000/ (Ctrl+C to stop)"]


def test_every_address_prints_where_another_device_opens_it():
    lines = open_lines("0.0.0.0", 8000, lan=lambda: ["192.168.1.23", "10.0.0.5"])
    assert lines[0] == "Serving the game at http://127.0.0.1:8000/ (Ctrl+C to stop)"
    assert lines[1] == ("From another device on the same network, open "
                        "http://192.168.1.23:8000/ or http://10.0.0.5:8000/")
    assert "offline play is not available" in lines[2] and "https or localhost" in lines[3]


def test_a_network_address_is_itself_what_another_device_opens():
    def never():
        raise AssertionError("no lookup needed")

    lines = open_lines("192.168.1.23", 8080, "/play/", lan=never)
    assert lines[0] == "Serving the game at http://192.168.1.23:8080/play/ (Ctrl+C to stop)"
    assert lines[1].endswith("open http://192.168.1.23:8080/play/")


def test_an_unknown_network_address_is_said_so():
    lines = open_lines("0.0.0.0", 8000, lan=lambda: [])
    assert "http://THIS-MACHINE:8000/" in lines[1] and "not found" in lines[1]


class FakeUdp:
    """A UDP socket that notes where it is connected and refuses to send anything."""
    connected = []

    def __init__(self, family, kind):
        assert kind == server_module.socket.SOCK_DGRAM

    def __enter__(self):
        return self

    def __exit__(self, *_):
        return False

    def connect(self, address):
        FakeUdp.connected.append(address)

    def getsockname(self):
        return ("192.168.1.23", 40000)


def test_lan_address_is_asked_of_the_system_without_sending(monkeypatch):
    monkeypatch.setattr(server_module.socket, "socket", FakeUdp)
    FakeUdp.connected.clear()
    assert lan_addresses() == ["192.168.1.23"]
    assert FakeUdp.connected == [("192.0.2.1", 9)]  # a documentation address, never routed


def test_without_a_route_the_machine_name_gives_the_addresses(monkeypatch):
    class NoRoute(FakeUdp):
        def connect(self, address):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(server_module.socket, "socket", NoRoute)
    monkeypatch.setattr(server_module.socket, "getaddrinfo", lambda *a: [
        (2, 2, 17, "", ("127.0.1.1", 0)), (2, 2, 17, "", ("10.0.0.5", 0))])
    assert lan_addresses() == ["10.0.0.5"]  # loopback left out


@pytest.mark.parametrize("host, problem", [
    ("127.0.0.1", None), ("0.0.0.0", None), ("localhost", None), ("my-pc.local", None),
    ("bad host!", "neither an IPv4 address nor a host name"), ("", "neither"),
    ("::1", "IPv6"),
])
def test_host_check(host, problem):
    found = host_problem(host)
    assert found is None if problem is None else problem in found


# Every file of the site rendered, a third of them twice over (again while other threads
# render): some 8 s on a quiet 2-core machine (game.zip, which index.html and sw.js read
# too, parsed once per content: game/site/bundle.py), more when the browser tests share it.
@pytest.mark.timeout(180)
def test_served_sources_are_the_built_site_byte_for_byte_whatever_the_concurrency(
        sources_once, site_built_once):
    """`serve` renders each page when it is asked for, in many threads at once, each page
    in its own language: every answer is the built file, byte for byte (no page speaks
    another's language, so the site's version never changes without an edit)."""
    import random
    from concurrent.futures import ThreadPoolExecutor

    root, packages = sources_once
    made = [path.relative_to(site_built_once).as_posix()
            for folder in ("cards", "diagrams", "rules", "static/first", "static/locale")
            for path in sorted((site_built_once / folder).rglob("*")) if path.is_file()]
    asked = [*made, *made[::3], *["index.html", "static/words.js", "static/game.zip"] * 6,
             "sw.js", "sw.js"]
    random.Random(7).shuffle(asked)
    server = SiteServer(SourceSite(root, packages), quiet=True)
    server.start()
    try:
        with ThreadPoolExecutor(16) as pool:
            answers = list(pool.map(lambda name: (name, get(server, "/" + name, timeout=300)),
                                    asked))
    finally:
        server.shutdown()
        server.server_close()
    assert len(made) > 100  # (every language of every rules page, diagram, card and lesson)
    for name, (status, _headers, body) in answers:
        assert status == 200, name
        assert body == (site_built_once / name).read_bytes(), name


def test_the_sites_version_is_the_same_in_every_run(sources_once, site_built_once):
    """A new process (another hash seed, another order of work) makes the same service
    worker, so a restart of `serve` without an edit offers no "new version"."""
    import os
    import subprocess
    import sys

    root, packages = sources_once
    script = ("import sys, pickle; from game.site.server import SourceSite; "
              "root, packages = pickle.loads(bytes.fromhex(sys.argv[1])); "
              "sys.stdout.buffer.write(SourceSite(root, packages).lookup('sw.js'))")
    import pickle

    argument = pickle.dumps((root, packages)).hex()
    running = [subprocess.Popen([sys.executable, "-c", script, argument],  # (both at once)
                                stdout=subprocess.PIPE, cwd=root.parent,
                                env=dict(os.environ, PYTHONHASHSEED=seed,
                                         PYTHONPATH=str(server_module.ROOT)))
               for seed in ("1", "2")]
    made = set()
    for process in running:
        out, _ = process.communicate(timeout=120)
        assert process.returncode == 0
        made.add(out)
    assert made == {(site_built_once / "sw.js").read_bytes()}
