"""The game's modules as the page gets them (game/site/slim.py): comments and docstrings
out, every line where it was, the code the same."""

import zipfile
from io import BytesIO

from game.site.bundle import GAME, game_archive
from game.site.slim import _compiled, _same_code, slim_source

SOURCE = '''"""A module's words: “quoted”, with an ellipsis…
over two lines."""
import math  # a comment


class Ship:
    """Its words."""

    def sail(self, x):  # why
        """Sails."""
        return math.floor(x)  # down


def nothing_more():
    """Nothing but words."""
'''


def test_comments_and_docstrings_go_and_every_line_stays():
    slim = slim_source(SOURCE.encode()).decode()
    assert "#" not in slim
    assert "words" not in slim and "Sails" not in slim
    assert len(slim.split("\n")) == len(SOURCE.split("\n"))
    for number, line in enumerate(SOURCE.split("\n")):
        if "return" in line or "def " in line or "class " in line:
            assert slim.split("\n")[number] == line.split("  #")[0]
    namespace: dict = {}
    exec(compile(slim, "slim", "exec"), namespace)
    assert namespace["Ship"]().sail(2.5) == 2 and namespace["nothing_more"]() is None


def test_a_change_of_code_is_caught():
    assert _same_code(_compiled("x = 1\n", "m"), _compiled("x = 1  # one\n", "m"))
    assert not _same_code(_compiled("x = 1\n", "m"), _compiled("x = 2\n", "m"))
    assert not _same_code(_compiled("x = 1\n", "m"), _compiled("\nx = 1\n", "m"))  # a line
    assert not _same_code(_compiled("def f():\n    return 1\n", "m"),
                          _compiled("def f():\n    return 2\n", "m"))  # nested code


def test_what_cannot_be_read_ships_as_it_is():
    assert slim_source(b"def broken(:\n") == b"def broken(:\n"
    assert slim_source(b"\xff\xfe") == b"\xff\xfe"


def test_every_module_of_the_archive_is_slimmed_to_the_same_code():
    archive = zipfile.ZipFile(BytesIO(game_archive()))
    for name in archive.namelist():
        if not name.endswith(".py"):
            continue
        source = (GAME.parent / name).read_text()
        shipped = archive.read(name).decode()
        assert _same_code(_compiled(source, name), _compiled(shipped, name)), name
        if "#" in source or '"""' in source:
            assert len(shipped) < len(source), name
