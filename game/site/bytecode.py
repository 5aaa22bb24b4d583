"""A standard library archive with some of its modules compiled ahead, by the Python that
runs this (standard library only: Node.js runs it inside the pinned Pyodide, stdlib.py).

Each named source entry (`json/decoder.py`) becomes its bytecode (`json/decoder.pyc`), with
an unchecked source hash (PEP 552), which zipimport loads as it is. Every other entry is
copied as it was, in the same order, with the same dates, so the same archive and names
always give the same bytes.
"""

from __future__ import annotations

import importlib.util
import io
import marshal
import zipfile
from collections.abc import Iterable

UNCHECKED_HASH = (0b01).to_bytes(4, "little")  # hash-based, never checked against a source


class BytecodeError(Exception):
    """The archive cannot be compiled as asked (the message says why)."""


def pyc(source: bytes, filename: str) -> bytes:
    """The bytecode file of one module's source, as zipimport reads it."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return (importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source)
            + marshal.dumps(code))


def precompiled(archive: bytes, sources: Iterable[str], mount: str) -> bytes:
    """The archive with the named sources replaced by their bytecode. `mount` is where the
    runtime puts the archive ("/lib/python314.zip"): tracebacks name it."""
    wanted = set(sources)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename in wanted and info.filename.endswith(".py"):
                wanted.discard(info.filename)
                compiled = zipfile.ZipInfo(info.filename + "c", info.date_time)
                compiled.compress_type = info.compress_type
                compiled.external_attr = info.external_attr
                data = pyc(data, f"{mount}/{info.filename}")
                target.writestr(compiled, data)
            else:
                target.writestr(info, data)
    if wanted:
        raise BytecodeError("the standard library archive has no source "
                            + ", ".join(sorted(wanted)))
    return out.getvalue()
