"""The game's modules as the page gets them: comments and docstrings out, every line
where it was.

The page never reads a docstring or a comment, and they are a third of what game.zip
weighs compressed. Each line keeps its number (a docstring becomes "" followed by blank
lines), so a traceback in the browser's console points at the right line of the source.
`slim_source` checks its own work: the slimmed module must compile, with docstrings
dropped (`optimize=2`), to the same code, names, constants and line numbers as the
source; where it does not, the source ships as it is.
"""

from __future__ import annotations

import ast
import io
import tokenize
import types


def _lines(text: str) -> list[str]:
    """The lines of `text`, each with its newline: split at "\\n" only, as the tokenizer
    and the compiler count lines (str.splitlines also splits at other characters)."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _without_comments(source: str) -> str:
    lines = _lines(source)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:column].rstrip() + ("\n" if line.endswith("\n") else "")
    return "".join(lines)


def _without_docstrings(source: str) -> str:
    spans = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str) and first.end_lineno is not None \
                    and first.end_col_offset is not None:
                spans.append((first.lineno - 1, first.col_offset, first.end_lineno - 1,
                              first.end_col_offset))
    lines = _lines(source)
    for start, column, end, end_column in sorted(spans, reverse=True):
        tail = lines[end].encode()[end_column:].decode()  # (ast's columns count UTF-8 bytes)
        lines[start] = lines[start].encode()[:column].decode() + '""' + tail
        for row in range(start + 1, end + 1):
            lines[row] = "\n"
    return "".join(lines)


def _same_code(a: types.CodeType, b: types.CodeType) -> bool:
    if (a.co_code, a.co_names, a.co_varnames, list(a.co_lines()), len(a.co_consts)) != (
            b.co_code, b.co_names, b.co_varnames, list(b.co_lines()), len(b.co_consts)):
        return False
    for one, other in zip(a.co_consts, b.co_consts):
        if isinstance(one, types.CodeType):
            if not isinstance(other, types.CodeType) or not _same_code(one, other):
                return False
        elif type(one) is not type(other) or one != other:
            return False
    return True


def _compiled(source: str, name: str) -> types.CodeType:
    return compile(source, name, "exec", optimize=2, dont_inherit=True)


def slim_source(source: bytes, name: str = "<module>") -> bytes:
    """The module `source` without comments and docstrings, or as it is where that would
    change its code."""
    try:
        text = source.decode()
        slim = _without_docstrings(_without_comments(text))
        if _same_code(_compiled(text, name), _compiled(slim, name)):
            return slim.encode()
    except (SyntaxError, ValueError, UnicodeDecodeError, tokenize.TokenError):
        pass
    return source
