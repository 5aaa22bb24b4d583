"""`python3 -m game serve|build`: arguments and clear failures."""

import re
import socket
import threading
import urllib.request

import pytest

import game.__main__ as cli
import game.site.build
import game.site.runtime
from game.site.runtime import RuntimeFetchError
from game.site.server import SiteServer


def refuse(*args, **kwargs):
    raise RuntimeFetchError("integrity check failed for pyodide (test)")


def test_build_stops_with_a_clear_message(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(game.site.build, "ensure_runtime", refuse)
    assert cli.main(["build", "--out", str(tmp_path / "dist")]) == 1
    assert "error: integrity check failed" in capsys.readouterr().err
    assert not (tmp_path / "dist").exists()


def test_serve_stops_with_a_clear_message(monkeypatch, capsys):
    monkeypatch.setattr(game.site.runtime, "ensure_runtime", refuse)
    assert cli.main(["serve", "--port", "0"]) == 1
    assert "error: integrity check failed" in capsys.readouterr().err


def test_serve_on_a_busy_port_says_so(monkeypatch, capsys):
    monkeypatch.setattr(game.site.runtime, "ensure_runtime", lambda *a, **k: None)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == 1
    assert f"cannot serve on 127.0.0.1:{port}" in capsys.readouterr().err


def test_build_needs_out(capsys):
    with pytest.raises(SystemExit):
        cli.main(["build"])


def test_serve_prints_its_address_and_serves(monkeypatch, capsys):
    """The command's own path: runtime check, server on 127.0.0.1, address printed, Ctrl+C."""
    monkeypatch.setattr(game.site.runtime, "ensure_runtime", lambda *a, **k: None)
    statuses = []

    def one_request_then_ctrl_c(server, poll_interval=0.5):
        fetch = threading.Thread(target=lambda: statuses.append(
            urllib.request.urlopen(server.url + "?game=tsuro", timeout=10).status))
        fetch.start()
        server.handle_request()
        fetch.join()
        raise KeyboardInterrupt

    monkeypatch.setattr(SiteServer, "serve_forever", one_request_then_ctrl_c)
    assert cli.main(["serve", "--port", "0", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert re.match(r"Serving the game at http://127\.0\.0\.1:\d+/ \(Ctrl\+C to stop\)", out)
    assert statuses == [200]


def serve_one_request(monkeypatch, statuses):
    """Let `serve` answer one request, then stop it as Ctrl+C would."""
    def one_request_then_ctrl_c(server, poll_interval=0.5):
        fetch = threading.Thread(target=lambda: statuses.append(
            urllib.request.urlopen(server.url, timeout=10).status))
        fetch.start()
        server.handle_request()
        fetch.join()
        raise KeyboardInterrupt

    monkeypatch.setattr(game.site.runtime, "ensure_runtime", lambda *a, **k: None)
    monkeypatch.setattr(SiteServer, "serve_forever", one_request_then_ctrl_c)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_serve_listens_on_the_host_given(monkeypatch, capsys, host):
    statuses = []
    serve_one_request(monkeypatch, statuses)
    assert cli.main(["serve", "--host", host, "--port", "0", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(r"Serving the game at http://127\.0\.0\.1:\d+/ \(Ctrl\+C to stop\)\n",
                        out)  # loopback: one line, as without --host
    assert statuses == [200]


@pytest.mark.parametrize("host, message, code", [
    ("bad host!", "error: --host 'bad host!' is neither an IPv4 address nor a host name", 2),
    ("::1", "error: --host ::1 is an IPv6 address", 2),
    ("198.51.100.77", "error: cannot serve on 198.51.100.77:0: ", 1),  # not this machine's
])
def test_serve_on_a_bad_host_says_so_in_one_line(monkeypatch, capsys, host, message, code):
    monkeypatch.setattr(game.site.runtime, "ensure_runtime", lambda *a, **k: None)
    assert cli.main(["serve", "--host", host, "--port", "0"]) == code
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1 and "Traceback" not in err


def test_serve_on_a_port_out_of_range_says_so(monkeypatch, capsys):
    monkeypatch.setattr(game.site.runtime, "ensure_runtime", lambda *a, **k: None)
    assert cli.main(["serve", "--port", "70000"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot serve on 127.0.0.1:70000: ") and err.count("\n") == 1
