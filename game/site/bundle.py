"""The game's Python for the page, as one zip archive.

PyScript fetches it once and unpacks it into the interpreter's working folder
(`[files] "./static/game.zip" = "./*"` in pyscript.toml), so `import game.web.main` works
without one request per module. The archive holds the `game` package minus what only runs
on a developer's machine: this site tooling, the command line, tests and caches.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent  # the game package folder
ARCHIVE_NAME = "game.zip"

EXCLUDED_DIRS = {"site", "tests", "__pycache__"}  # at any depth below game/
EXCLUDED_FILES = {"__main__.py"}
INCLUDED_SUFFIXES = {".py", ".json", ".toml", ".txt"}  # source and small data files
_EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed timestamps: the same source gives the same bytes


def archive_members(package: Path = GAME) -> list[tuple[str, Path]]:
    """(name in the archive, source file) for every file the page needs, sorted by name."""
    members = []
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package)
        if any(part in EXCLUDED_DIRS or part.startswith(".") for part in relative.parts[:-1]):
            continue
        if not path.is_file() or path.name in EXCLUDED_FILES or path.name.startswith("."):
            continue
        if path.suffix not in INCLUDED_SUFFIXES:
            continue
        members.append((f"{package.name}/{relative.as_posix()}", path))
    return members


def game_archive(package: Path = GAME) -> bytes:
    """The zip archive's bytes (deterministic for the same sources)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, path in archive_members(package):
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()
