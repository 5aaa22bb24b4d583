"""gettext message catalogs: reading a .po source and writing the compiled .mo form.

The page reads its words with the standard library's `gettext` (game/core/i18n.py), which
reads compiled catalogs (.mo). The build compiles each language's game/locale/LANG/
LC_MESSAGES/game.po into a file of the site (game/site/bundle.py), and the tests and the
command line compile them in memory, with the two functions below: the same work as
GNU msgfmt and CPython's Tools/i18n/msgfmt.py, for what the project's catalogs use
(messages, plural forms, the header, no contexts). Extracting the messages from the code
and updating the .po files is done with Babel (`pybabel`, pinned with the test packages):
see game/locale/README.md.
"""

from __future__ import annotations

import re
import struct

_ESCAPES = set('\\"ntrabfv01234567x')  # what may follow a backslash in a .po text
_ESCAPE = re.compile(r'\\(?:([\\"ntrabfv])|([0-7]{1,3})|x([0-9a-fA-F]{2}))')
_SIMPLE = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b",
           "f": "\f", "v": "\v"}
# read_po's result: {msgid: msgstr}, or {(msgid, plural): (form, ...)}
Messages = dict[str | tuple[str, str], str | tuple[str, ...]]


class CatalogError(ValueError):
    """A .po file that cannot be read; the message names the line."""


def read_po(text: str) -> Messages:
    """{msgid: msgstr} of a .po text, where a plural message's key is (msgid, plural) and
    its value a tuple of forms; the header is under "". Fuzzy and untranslated entries
    are left out, as msgfmt does."""
    messages: Messages = {}
    entry: dict[str, str] = {}
    field: str | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal entry, fuzzy
        if "msgid" in entry and not fuzzy:
            if "msgid_plural" in entry:
                forms = tuple(entry.get(f"msgstr[{i}]", "") for i in range(
                    len([k for k in entry if k.startswith("msgstr[")])))
                if forms and all(forms):
                    messages[(entry["msgid"], entry["msgid_plural"])] = forms
            elif entry.get("msgstr"):
                messages[entry["msgid"]] = entry["msgstr"]
        entry, fuzzy = {}, False

    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in entry:
                    finish()
                fuzzy = True
            continue
        if line.startswith('"'):
            if field is None:
                raise CatalogError(f"line {number}: a text with no field before it")
            entry[field] += _unquoted(line, number)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgid", "msgid_plural", "msgstr") and not (
                keyword.startswith("msgstr[") and keyword.endswith("]")):
            raise CatalogError(f"line {number}: unknown keyword {keyword[:20]!r}")
        if keyword == "msgid" and "msgid" in entry:
            finish()
        field = keyword
        entry[field] = _unquoted(rest.strip(), number)
    finish()
    return messages


def _unquoted(text: str, number: int) -> str:
    if not (len(text) >= 2 and text[0] == text[-1] == '"'):
        raise CatalogError(f"line {number}: a text in double quotes was expected")
    if any(escape not in _ESCAPES for escape in re.findall(r"\\(.)", text[1:-1])):
        raise CatalogError(f"line {number}: an escape that C and msgfmt do not know")
    # Read here rather than by ast.literal_eval: CPython 3.11's parser is not safe in
    # several threads at once, and `serve` reads catalogs for parallel requests.
    body, out, at = text[1:-1], [], 0
    while at < len(body):
        char = body[at]
        if char == '"':
            raise CatalogError(f"line {number}: the text's escapes are not valid")
        if char != "\\":
            out.append(char)
            at += 1
            continue
        found = _ESCAPE.match(body, at)
        if found is None:
            raise CatalogError(f"line {number}: the text's escapes are not valid")
        simple, octal, hexadecimal = found.groups()
        out.append(_SIMPLE[simple] if simple else chr(int(octal, 8)) if octal
                   else chr(int(hexadecimal, 16)))
        at = found.end()
    return "".join(out)


def write_mo(messages: Messages) -> bytes:
    """The compiled (.mo, little-endian, revision 0) form of read_po's result."""
    keys, values = [], []
    for key in sorted(messages, key=lambda k: k if isinstance(k, str) else "\0".join(k)):
        value = messages[key]
        keys.append(("\0".join(key) if isinstance(key, tuple) else key).encode())
        values.append(("\0".join(value) if isinstance(value, tuple) else value).encode())
    count = len(keys)
    keys_start = 7 * 4
    values_start = keys_start + count * 8
    data_start = values_start + count * 8
    table, data = [], b""
    for text in keys + values:
        table.append((len(text), data_start + len(data)))
        data += text + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, keys_start, values_start, 0, 0)
    offsets = b"".join(struct.pack("<2I", length, start) for length, start in table)
    return header + offsets + data


__all__ = ["CatalogError", "read_po", "write_mo"]
