"""The standard library archive the pages get: the entries they need, each module lean.

Node.js runs this inside the pinned Pyodide (stdlib_trim.mjs; stdlib.py says when): the
standard library is written for that runtime's Python (3.14), newer than the one that
builds the site. Standard library only, like the rest of `game`.

A lean module is its source without docstrings and comments, with one space of indentation
a level and a space only where two tokens would otherwise run together, every token on its
own line still: a traceback names the line CPython's would, and the code compiled from it
is the code compiled from the original. That is checked for each module (`same_code`, both
compiled at optimize=2, where a docstring counts for nothing): a module whose lean source
fails it is kept as it was, and the caller says so.

The same modules compiled (`compiled`) make the archive a returning visitor's page starts
on (static/engine.js): no compiling at each start, at the price of bytes that only a
visit after the first downloads (the service worker keeps it for the next start).
"""

from __future__ import annotations

import ast
import importlib.util
import io
import marshal
import tokenize
import warnings
import zipfile
from collections.abc import Iterable
from types import CodeType

EPOCH = (1980, 1, 1, 0, 0, 0)  # every entry's date: the same entries give the same bytes
# What makes two code objects the same code; their line tables, positions, first lines and
# file names may differ (a lean module's tokens stand in other columns).
SAME_CODE = ("co_code", "co_names", "co_varnames", "co_freevars", "co_cellvars", "co_flags",
             "co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_stacksize",
             "co_exceptiontable", "co_name", "co_qualname")
# Python 3.12+ cuts an f-string (3.14: a t-string too) into tokens; a lean module copies it
# whole, from its start token to its end token.
STRING_STARTS = {getattr(tokenize, name) for name in ("FSTRING_START", "TSTRING_START")
                 if hasattr(tokenize, name)}
STRING_ENDS = {getattr(tokenize, name) for name in ("FSTRING_END", "TSTRING_END")
               if hasattr(tokenize, name)}
UNWRITTEN = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER}
DEFINITIONS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
UNCHECKED_HASH = (0b01).to_bytes(4, "little")  # a pyc by its source's hash, never checked


def trimmed(archive: bytes, entries: Iterable[str]) -> tuple[bytes, list[str]]:
    """(an archive of `entries` alone, sorted, each module lean and stored deflated; the
    modules kept as they were). An entry `archive` lacks is a KeyError."""
    out = io.BytesIO()
    kept = []
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as made:
        for name in sorted(set(entries)):
            data = source.read(name)
            if name.endswith(".py"):
                slim = lean_module(data, name)
                if slim is None:
                    kept.append(name)
                else:
                    data = slim
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            made.writestr(info, data, compresslevel=9)
    return out.getvalue(), kept


def compiled(archive: bytes, mount: str) -> bytes:
    """The archive with each module's source replaced by its bytecode (`json/decoder.py`
    by `json/decoder.pyc`, PEP 552's unchecked hash: zipimport loads it as it is, no
    source beside it), compiled as an import compiles it (optimize 0: asserts stay).
    `mount` is where the runtime puts the archive ("/lib/python314.zip"): tracebacks name
    the module's file as they would from its source."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as made:
        for entry in source.infolist():
            name, data = entry.filename, source.read(entry)
            if name.endswith(".py"):
                code = compile(data, f"{mount}/{name}", "exec", dont_inherit=True, optimize=0)
                name += "c"
                data = (importlib.util.MAGIC_NUMBER + UNCHECKED_HASH
                        + importlib.util.source_hash(data) + marshal.dumps(code))
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            made.writestr(info, data, compresslevel=9)
    return out.getvalue()


def lean_module(source: bytes, filename: str) -> bytes | None:
    """The lean source of a module, or None when it would not be the same code. A docstring
    is taken out, or made `pass` where this Python compiles it to a no-op of its line
    (3.11 does at optimize=2; 3.14, which the pages run, does not)."""
    try:
        original = compile(source, filename, "exec", optimize=2, dont_inherit=True)
        for docstring in ("", "pass"):
            slim = lean(source, docstring)
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # (a warning the original does not give)
                made = compile(slim, filename, "exec", optimize=2, dont_inherit=True)
            if same_code(original, made):
                return slim.encode()
    except (SyntaxError, ValueError, tokenize.TokenError, RecursionError):
        pass
    return None


def same_code(a: object, b: object) -> bool:
    """Whether two compiled modules (or constants of them) are the same code: the same
    bytecode, names, variables and constants, code among them compared the same way."""
    if isinstance(a, CodeType) and isinstance(b, CodeType):
        return (all(getattr(a, field) == getattr(b, field) for field in SAME_CODE)
                and same_code(a.co_consts, b.co_consts))
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same_code(x, y) for x, y in zip(a, b))
    if isinstance(a, (float, complex)):
        return repr(a) == repr(b)  # (-0.0 is not 0.0; a NaN is itself)
    return a == b


def lean(source: bytes, docstring: str = "") -> str:
    """A module's source without docstrings and comments, and with no spare blanks, its
    tokens on the lines they were on; each docstring replaced by `docstring`."""
    return _respaced(_without_bare_strings(source.decode("utf-8"), docstring))


def _without_bare_strings(text: str, docstring: str) -> str:
    """The source with each docstring replaced (by `pass` if it was a body's only
    statement) and each other bare string made `pass`: at optimize=2 a docstring compiles
    to nothing (3.14), and another bare string to what `pass` compiles to (a no-op of its
    line)."""
    lines = io.StringIO(text).readlines()
    edits = []
    for node in ast.walk(ast.parse(text)):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            for index, statement in enumerate(body):
                if not (isinstance(statement, ast.Expr)
                        and isinstance(statement.value, ast.Constant)
                        and isinstance(statement.value.value, str)):
                    continue
                first = isinstance(node, DEFINITIONS) and field == "body" and index == 0
                start = (statement.lineno, _column(lines, statement.lineno,
                                                   statement.col_offset))
                end_row = statement.end_lineno or statement.lineno
                end = (end_row, _column(lines, end_row, statement.end_col_offset or 0))
                edits.append((start, end, docstring if first and len(body) > 1 else "pass"))
    for (row, column), (end_row, end_column), replacement in sorted(edits, reverse=True):
        # (the rows it spanned stay, empty: every line after keeps its number)
        lines[row - 1] = (lines[row - 1][:column] + replacement + "\n" * (end_row - row)
                          + lines[end_row - 1][end_column:])
        del lines[row:end_row]
    return "".join(lines)


def _column(lines: list[str], row: int, offset: int) -> int:
    """ast counts a column in UTF-8 bytes; a line of text, in characters."""
    return len(lines[row - 1].encode("utf-8")[:offset].decode("utf-8"))


def _respaced(text: str) -> str:
    """The same tokens on the same lines, without comments, indented one space a level,
    with a space only where two tokens would otherwise run together."""
    lines = io.StringIO(text).readlines()
    out: list[str] = []
    row = 1  # the line `out` ends on
    depth = 0  # indentation levels
    brackets = 0
    previous: tuple[int, str] | None = None  # the token before on this logical line
    nested, opened = 0, (0, 0)  # inside an f-string, which began at `opened`
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        kind, piece, start = token.type, token.string, token.start
        if nested or kind in STRING_STARTS:
            if kind in STRING_STARTS:
                nested, opened = nested + 1, opened if nested else start
            elif kind in STRING_ENDS:
                nested -= 1
            if nested:
                continue
            kind, piece, start = tokenize.STRING, _span(lines, opened, token.end), opened
        elif kind in UNWRITTEN:
            continue
        elif kind in (tokenize.INDENT, tokenize.DEDENT):
            depth += 1 if kind == tokenize.INDENT else -1
            continue
        elif kind == tokenize.NEWLINE:
            previous = None
            continue
        if previous is None:
            out.append("\n" * (start[0] - row) + " " * depth)
        elif start[0] > row:  # the logical line goes on below: in brackets, or after a \
            out.append(("\n" if brackets else "\\\n") * (start[0] - row))
        elif _run_together(previous, (kind, piece)):
            out.append(" ")
        out.append(piece)
        row = start[0] + piece.count("\n")
        previous = (kind, piece)
        if kind == tokenize.OP:
            brackets += (piece in "([{") - (piece in ")]}")
    return "".join(out) + "\n"


def _span(lines: list[str], start: tuple[int, int], end: tuple[int, int]) -> str:
    (row, column), (end_row, end_column) = start, end
    if row == end_row:
        return lines[row - 1][column:end_column]
    return lines[row - 1][column:] + "".join(lines[row:end_row - 1]) + \
        lines[end_row - 1][:end_column]


def _run_together(left: tuple[int, str], right: tuple[int, str]) -> bool:
    """Whether two tokens written with nothing between would read as other tokens: two
    words or numbers (`if x`, `1 if`), a number and a dot (`1 .real`), two strings
    (`'' ''` is not `''''`)."""
    (left_kind, left_text), (right_kind, right_text) = left, right
    numeric = tokenize.NUMBER in (left_kind, right_kind)
    return ((_wordy(left_text[-1]) or left_kind == tokenize.NUMBER)
            and (_wordy(right_text[0]) or right_kind == tokenize.NUMBER)
            or numeric and "." in (left_text[-1], right_text[0])
            or left_kind == right_kind == tokenize.STRING)


def _wordy(character: str) -> bool:
    return character.isalnum() or character == "_" or not character.isascii()
