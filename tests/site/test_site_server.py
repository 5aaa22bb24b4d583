"""The static server: MIME types, index, sub-path, 404s and no way out of the site."""

import http.client

import pytest

from game.site.build import build
from game.site.server import DirectorySite, SiteServer, SourceSite, mime_type


def quiet(*_):
    pass


@pytest.fixture
def built(tmp_path, source_root, fake_runtime):
    packages, registry = fake_runtime
    out = tmp_path / "dist"
    build(out, root=source_root, packages=packages, registry=registry.url, log=quiet)
    (out / "static" / "data.json").write_text("{}")
    return out


def get(server, path, method="GET"):
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=10)
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
    ("/pyscript.toml", "application/toml; charset=utf-8"),
    ("/sw.js", "text/javascript; charset=utf-8"),
    ("/static/style.css", "text/css; charset=utf-8"),
    ("/static/favicon.svg", "image/svg+xml"),
    ("/static/game.zip", "application/zip"),
    ("/static/data.json", "application/json"),
    ("/static/vendor/pyscript/core.js", "text/javascript; charset=utf-8"),
    ("/static/vendor/pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
    ("/static/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
    ("/static/vendor/pyodide/python_stdlib.zip", "application/zip"),
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
        (source_root / "game" / "web" / "extra.py").write_text("x = 1\n")
        second = get(server, "/static/game.zip")
        assert first[0] == second[0] == 200 and first[2] != second[2]
        status, _headers, body = get(server, "/sw.js")
        assert status == 200 and b"./static/game.zip" in body
        assert get(server, "/static/sw.js")[0] == 404
        assert get(server, "/game/web/main.py")[0] == 404  # only the site is served
        assert get(server, "/static/vendor/pyodide/pyodide.asm.wasm")[1]["Content-Type"] == \
            "application/wasm"
    finally:
        server.shutdown()
        server.server_close()


def test_mime_type_fallback():
    assert mime_type("static/vendor/pyscript/LICENSE") == "text/plain; charset=utf-8"
    assert mime_type("x.unknown") == "application/octet-stream"
    assert mime_type("a/B.MJS") == "text/javascript; charset=utf-8"
