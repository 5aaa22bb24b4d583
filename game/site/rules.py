"""The rules pages of the site (rules/<stem>.html), made at build time from docs/rules-*.md.

docs/ holds the rules once; `python3 -m game serve|build` turns each game's file into a
page (site_files in build.py). Standard library only, and never part of the page's bundle.

The converter knows exactly the Markdown the rules files use, and refuses anything else
with the file and line, so that an edit of the docs cannot silently render wrong:

- `#` to `####` headings (one `#` title first; no level skipped); each gets an id (its
  slug) and a visible self-link;
- paragraphs; `-`/`*` and `1.` lists, tight (a blank line ends a list), nested by
  indenting to the item's text, numbered without gaps; a list after a blank line only;
- `**bold**`, `*italic*`, `` `code` ``, `[text](url)`, backslash escapes;
- tables (`| a | b |` rows under a `|---|---|` line; no alignment colons);
- fenced code blocks (three backticks);
- diagrams: a line `<!-- diagram: NAME -->` (alone, between blank lines) becomes a
  <figure class="diagram" id="diagram-NAME"> showing the site's file diagrams/NAME.svg in an
  <img> (its alt text the drawing's <title> and <desc>, its size the drawing's) over a
  <figcaption>; DIAGRAMS[NAME]() gives the drawing and the caption (see DIAGRAMS below).
  An unknown NAME is an error.

Anchors (see game/core/rule_links.py, which the engine's rule names map through): headings
by slug; a paragraph or bulleted item starting with a reading label **D5 — ...** gets
"d5", one starting with **Decision — ...** or another bold label ending in "." gets that
label's slug; numbered items get "<section>-<number>" or the prefix GameInfo.rule_items
names for their section ("placing-rule-3"). Ids are unique on a page.
"""

from __future__ import annotations

import html
import re
import string
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn
from urllib.parse import quote, urlencode

from game.core.figures import all_figures, render
from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE, _, speaking
from game.core.registry import games
from game.core.rule_links import page_of, page_url
from game.site.head import RULES_POLICY, head_lines
from game.site.runtime import ROOT

DOCS = "docs"
CONTENTS_ID = "contents"  # the table of contents' heading

DIAGRAM_FILE = "diagrams/{}.svg"  # a diagram's file in the site (build.py lists them)
# ... as a rules page (rules/<stem>.html) links it
DIAGRAM_SRC = "../" + DIAGRAM_FILE


def diagram_file(name: str, lang: str = SOURCE_LANGUAGE) -> str:
    """A diagram's file in the site, in a language (its words are the language's):
    diagrams/NAME.svg in English, diagrams/NAME.LANG.svg in another."""
    return DIAGRAM_FILE.format(name if lang == SOURCE_LANGUAGE else f"{name}.{lang}")


@dataclass(frozen=True)
class Picture:
    """A diagram for a page: its drawing (a standalone SVG document, with a viewBox, a
    width and a height, its <title> and <desc>) and its caption, one plain sentence."""

    svg: str
    caption: str
    live: dict[str, str] = field(default_factory=dict)  # the example's embed parameters


def figure_pictures() -> dict[str, Callable[[], Picture]]:
    """Every registered game's figures (game/<game>/figures.py, found by name through the
    registry: game/core/figures.py), by name, each as a function drawing it."""
    return {name: (lambda info=info, figure=figure: Picture(  # type: ignore[misc]  # bound by defaults
                       render(info, figure), _(figure.caption),
                       figure.example.parameters(info.key, figure) if figure.example else {}))
            for name, (info, figure) in all_figures().items()}


def live_address(name: str, parameters: Mapping[str, str], lang: str) -> str:
    """Where a rules page's example frames its live board: embed.html with the example's
    parameters, its name as the board's `id` and the page's language; a question gets
    hints (after a wrong try, "Try again with a hint")."""
    query = dict(parameters)
    if query.get("mode") == "challenge":
        query["hint"] = "on"
    query.update(id=name, lang=lang)
    return "../embed.html?" + urlencode(query, quote_via=quote, safe="_.-!()~*'")


# The hook for diagrams: NAME -> a function returning its Picture, for the docs' lines
# `<!-- diagram: NAME -->` and the site's files diagrams/NAME.svg (build.py). The functions
# run at build time, never in the browser, so they may import anything (the games'
# diagrams, game/<game>/diagram.py).
DIAGRAMS: dict[str, Callable[[], Picture]] = figure_pictures()


class MarkdownError(ValueError):
    """A rules file uses Markdown the converter does not support (or a page lacks an
    anchor); the message names the file and line."""

    def __init__(self, source: str, line: int, message: str):
        super().__init__(f"{source}:{line}: {message}")
        self.source, self.line, self.reason = source, line, message


@dataclass
class Heading:
    level: int
    id: str
    html: str  # the heading's words, as HTML (without the self-link)
    text: str  # the same, plain


@dataclass
class Document:
    title: str  # the `#` heading, plain text
    blocks: list[tuple[str, str]]  # (kind: "h1".."h4", "p", "ul", ...; its HTML), in order
    headings: list[Heading]
    ids: list[str] = field(default_factory=list)  # every id given, in order

    @property
    def body(self) -> str:
        return "\n".join(block for _kind, block in self.blocks)


_HEADING = re.compile(r"(#{1,6})(?:[ ]+(.*?))?(?:[ ]+#+)?[ ]*$")
# A translated rules file keeps the English file's anchors: `## Preparación {#setting-up}`,
# `**Decisión — un dado inútil.** {#decision-an-unusable-die} …` (tests/site checks that a
# translation gives the same ids in the same order as the English file).
_GIVEN_ID = re.compile(r"[ ]+\{#([a-z0-9][a-z0-9-]*)\}")
_MARKER = re.compile(r"(?:([-*])|(\d{1,9})\.)(?:([ ]{1,4})(?=\S)|[ ]*$)")
_ANY_MARKER = re.compile(r"(?:[-*+]|\d{1,9}[.)])(?:[ ]|$)")
_FENCE = re.compile(r"(`{3,}|~{3,})(.*)$")
_DIAGRAM = re.compile(r"<!--[ ]*diagram:[ ]*([a-z0-9][a-z0-9-]*)[ ]*-->$")
_DELIMITER_CELL = re.compile(r"[ ]*(:?)-+(:?)[ ]*")
_RULE = re.compile(r"(?:(?:\*[ ]*){3,}|(?:-[ ]*){3,}|(?:_[ ]*){3,}|=+[ ]*)$")
_REFERENCE = re.compile(r"\[[^\]]+\]:")
_READING = re.compile(r"(D\d+)\b")
_LINK = re.compile(r"\[((?:[^\[\]\\]|\\.)*)\]\(([^()\s]*)\)")
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_PUNCTUATION = set(string.punctuation)


def slug(text: str) -> str:
    """An id from words: lower case ASCII letters and digits joined by "-"."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "section"


def _drawing(svg) -> tuple[str, str, str] | None:
    """(alt text, width, height) of a standalone SVG document: its <title> and <desc> in
    words, its size in whole units; None if it is not one."""
    if not isinstance(svg, str):
        return None
    try:
        root = ET.fromstring(svg.encode("utf-8"))
    except ET.ParseError:
        return None
    ns = "{http://www.w3.org/2000/svg}"
    words = " ".join(" ".join((root.findtext(ns + tag) or "").split())
                     for tag in ("title", "desc")).strip()
    width, height = root.get("width", ""), root.get("height", "")
    if root.tag != ns + "svg" or not words or not all(
            re.fullmatch(r"\d+(?:\.\d+)?", size) for size in (width, height)):
        return None
    return words, str(round(float(width))), str(round(float(height)))


def plain(fragment: str) -> str:
    """The text of an HTML fragment made here (tags dropped, characters unescaped)."""
    return html.unescape(re.sub(r"<[^>]*>", "", fragment)).strip()


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


class _Converter:
    def __init__(self, source: str, diagrams: Mapping[str, Callable[[], Picture]],
                 item_prefixes: Mapping[str, str], links: Mapping[str, str],
                 reserved: tuple[str, ...], lang: str = SOURCE_LANGUAGE):
        self.source, self.diagrams, self.lang = source, diagrams, lang
        self.item_prefixes, self.links = item_prefixes, links
        self.ids: list[str] = list(reserved)
        self.headings: list[Heading] = []
        self.section = ""  # the id of the heading above, for numbered items

    def fail(self, line: int, message: str) -> NoReturn:
        raise MarkdownError(self.source, line, message)

    def given_id(self, anchor: str, number: int) -> str:
        """An id written in the file ({#id}): it must be free."""
        if anchor in self.ids:
            self.fail(number, f"the id {anchor!r} is given twice")
        self.ids.append(anchor)
        return anchor

    def new_id(self, wanted: str, alternative: str | None = None) -> str:
        """wanted if free, else alternative if free, else wanted-2, wanted-3, ..."""
        candidates = [wanted] + ([alternative] if alternative else [])
        candidates += [f"{wanted}-{n}" for n in range(2, len(self.ids) + 3)]
        chosen = next(c for c in candidates if c not in self.ids)
        self.ids.append(chosen)
        return chosen

    # --- blocks ------------------------------------------------------------------------
    def document(self, text: str) -> Document:
        if "\t" in text:
            self.fail(text[:text.index("\t")].count("\n") + 1,
                      "a tab character: indent with spaces")
        lines = text.replace("\r\n", "\n").split("\n")
        fence = None
        for number, line in enumerate(lines, 1):
            match = _FENCE.match(line.lstrip(" "))
            if match and (fence is None or match.group(1).startswith(fence)):
                fence = match.group(1)[:3] if fence is None else None
            elif fence is None and line.strip() and line.endswith("  "):
                self.fail(number, "trailing spaces (a hard line break) are not supported")
        blocks: list[tuple[str, str]] = []
        i = 0
        while i < len(lines):
            line, number = lines[i], i + 1
            if not line.strip():
                i += 1
                continue
            if _indent(line) > 0:
                self.fail(number, "an indented line outside a list (an indented code block, or "
                                  "text after a blank line in a list item) is not supported")
            if _HEADING.match(line):
                blocks.append(self.heading(line, number))
                i += 1
            elif _FENCE.match(line):
                i = self.code_block(lines, i, blocks)
            elif line.startswith("<"):
                blocks.append(self.diagram(line, number))
                i += 1
            elif line.startswith("|"):
                i = self.table(lines, i, blocks)
            elif _MARKER.match(line):
                i = self.list_block(lines, i, blocks)
            else:
                i = self.paragraph(lines, i, blocks)
        if not blocks or blocks[0][0] != "h1":
            self.fail(1, "a rules file starts with its title, one '# ' heading")
        return Document(self.headings[0].text, blocks, self.headings, self.ids)

    def block_start(self, line: str) -> str | None:
        """What block an unindented line would start, if not a paragraph's text."""
        stripped = line.lstrip(" ")
        if stripped.startswith("#") and _HEADING.match(stripped):
            return "a heading"
        if _FENCE.match(stripped):
            return "a code block"
        if stripped.startswith("|"):
            return "a table"
        if stripped.startswith("<!--"):
            return "a comment"
        if stripped.startswith(">"):
            return "a block quote"
        if _RULE.match(stripped):
            return "a horizontal rule or heading underline"
        if _ANY_MARKER.match(stripped):
            return "a list"
        if _REFERENCE.match(stripped):
            return "a link reference definition"
        return None

    def heading(self, line: str, number: int) -> tuple[str, str]:
        match = _HEADING.match(line)
        level, words = len(match.group(1)), (match.group(2) or "").strip()  # type: ignore[union-attr]  # a heading line
        if not words:
            self.fail(number, "an empty heading")
        if level > 4:
            self.fail(number, f"a level-{level} heading: only # to #### are supported")
        if level == 1 and self.headings:
            self.fail(number, "a second '# ' title: a rules file has one")
        if level > 1 and not self.headings:
            self.fail(number, "a rules file starts with its title, one '# ' heading")
        if level > 1 and level > self.headings[-1].level + 1:
            self.fail(number, f"a level-{level} heading right after a level-"
                              f"{self.headings[-1].level} one: no level may be skipped")
        given = _GIVEN_ID.search(words)
        if given and given.end() == len(words):
            words = words[:given.start()]
        content = self.inline(words, number)
        text = plain(content)
        anchor = self.given_id(given.group(1), number) if given else self.new_id(slug(text))
        self.section = anchor
        self.headings.append(Heading(level, anchor, content, text))
        link = f' <a class="self-link" href="#{anchor}" aria-label="Link to this section">§</a>'
        return f"h{level}", f'<h{level} id="{anchor}">{content}{link}</h{level}>'

    def code_block(self, lines: list[str], i: int, blocks) -> int:
        fence, info = _FENCE.match(lines[i]).groups()  # type: ignore[union-attr]  # a fence line
        if "`" in info:
            self.fail(i + 1, "a backtick after a code fence")
        language = info.strip().split(" ")[0]
        end = i + 1
        while end < len(lines) and not (lines[end].startswith(fence[0] * len(fence))
                                        and not lines[end].strip(fence[0] + " ")):
            end += 1
        if end == len(lines):
            self.fail(i + 1, "a code block that is never closed")
        code = html.escape("\n".join(lines[i + 1:end]), quote=False)
        css = f' class="language-{html.escape(language)}"' if language else ""
        # focusable, so that a block wider than the column scrolls from the keyboard too
        blocks.append(("pre", f'<pre tabindex="0"><code{css}>{code}</code></pre>'))
        return end + 1

    def diagram(self, line: str, number: int) -> tuple[str, str]:
        match = _DIAGRAM.match(line.rstrip())
        if not match:
            self.fail(number, "HTML is not supported (only a '<!-- diagram: NAME -->' line, "
                              "NAME in lower case letters, digits and '-')")
        name = match.group(1)
        if name not in self.diagrams:
            known = ", ".join(sorted(self.diagrams)) or "none yet"
            self.fail(number, f"no diagram named {name!r} (known: {known})")
        picture = self.diagrams[name]()
        drawing = _drawing(picture.svg) if isinstance(picture, Picture) else None
        if drawing is None:
            self.fail(number, f"diagram {name!r} did not give an SVG document with a "
                              "title, a width and a height")
        alt, width, height = drawing
        anchor = self.new_id(f"diagram-{name}")
        live = ""
        if isinstance(picture, Picture) and picture.live:  # static/rules-live.js frames it
            title = _("A live board: {caption}").format(caption=picture.caption)
            live = (f' data-live="{html.escape(live_address(name, picture.live, self.lang))}"'
                    f' data-live-title="{html.escape(title)}"')
        return "figure", (f'<figure class="diagram" id="{anchor}"{live}>'
                          f'<img src="../{html.escape(diagram_file(name, self.lang))}" '
                          f'alt="{html.escape(alt)}" width="{width}" height="{height}" '
                          'loading="lazy">'
                          f'<figcaption>{html.escape(picture.caption, quote=False)}'
                          "</figcaption></figure>")

    def paragraph(self, lines: list[str], i: int, blocks) -> int:
        start = i
        text = [lines[i]]
        i += 1
        while i < len(lines) and lines[i].strip():
            what = self.block_start(lines[i])
            if what:
                self.fail(i + 1, f"{what} right under a paragraph: put a blank line before it")
            if lines[i].endswith("  "):
                self.fail(i + 1, "trailing spaces (a hard line break) are not supported")
            text.append(lines[i].strip())
            i += 1
        what = self.block_start(text[0])
        if what:
            hint = " (list markers: '-', '*', '1.')" if what == "a list" else ""
            self.fail(start + 1, f"{what} is not supported here{hint}")
        content = self.inline("\n".join(text), start + 1)
        attributes, content = self.labelled(content, start + 1)
        blocks.append(("p", f"<p{attributes}>{content}</p>"))
        return i

    def labelled(self, content: str, number: int = 0) -> tuple[str, str]:
        """The id attribute for a paragraph or item that starts with a bold label (and
        the content with a self-link after the label), or ("", content)."""
        if not content.startswith("<strong>"):
            return "", content
        end = content.index("</strong>") + len("</strong>")
        label = plain(content[:end])
        reading = _READING.match(label)
        given = _GIVEN_ID.match(content, end)
        if given:  # a translation's label, with the English file's id
            content = content[:end] + content[given.end():]
            anchor = self.given_id(given.group(1), number)
        else:
            if reading:
                title = re.split(r"\s+[—–-]\s+", label, maxsplit=1)[1:]
                wanted = reading.group(1).lower()
                alternative = f"{wanted}-{slug(title[0])}" if title else None
            elif label.startswith("Decision") or label.endswith("."):
                wanted, alternative = slug(label), None
            else:
                return "", content
            anchor = self.new_id(wanted, alternative)
        words = _("Link to {part}").format(part=label.rstrip("."))
        link = (f' <a class="self-link" href="#{anchor}" '
                f'aria-label="{html.escape(words)}">§</a>')
        return f' id="{anchor}"', content[:end] + link + content[end:]

    def table(self, lines: list[str], i: int, blocks) -> int:
        start = i
        header = self.cells(lines[i], i + 1)
        if i + 1 >= len(lines) or not lines[i + 1].startswith("|"):
            self.fail(i + 2, "a table needs a '|---|---|' line under its header")
        delimiter = self.cells(lines[i + 1], i + 2)
        for cell in delimiter:
            match = _DELIMITER_CELL.fullmatch(cell)
            if not match:
                self.fail(i + 2, "a table needs a '|---|---|' line under its header")
            if any(match.groups()):
                self.fail(i + 2, "table column alignment (':') is not supported")
        if len(delimiter) != len(header):
            self.fail(i + 2, f"{len(delimiter)} columns under a header of {len(header)}")
        rows = []
        i += 2
        while i < len(lines) and lines[i].strip():
            if not lines[i].startswith("|"):
                self.fail(i + 1, "a table row starts with '|' (or put a blank line before "
                                 "the text under a table)")
            row = self.cells(lines[i], i + 1)
            if len(row) != len(header):
                self.fail(i + 1, f"a row of {len(row)} cells in a table of {len(header)} "
                                 "columns")
            rows.append((i + 1, row))
            i += 1
        head = "".join(f'<th scope="col">{self.inline(c.strip(), start + 1)}</th>'
                       for c in header)
        body = "\n".join("<tr>" + "".join(f"<td>{self.inline(c.strip(), n)}</td>"
                                          for c in row) + "</tr>" for n, row in rows)
        blocks.append(("table", f'<div class="table-wrap"><table>\n<thead><tr>{head}</tr>'
                                f'</thead>\n<tbody>\n{body}\n</tbody>\n</table></div>'))
        return i

    def cells(self, line: str, number: int) -> list[str]:
        """The cells of a table row, split at the '|' outside code spans."""
        row = line.strip()
        if not (row.startswith("|") and row.endswith("|") and len(row) > 1):
            self.fail(number, "a table row starts and ends with '|'")
        cells, current, j = [], [], 1
        while j < len(row) - 1:
            c = row[j]
            if c == "\\" and j + 1 < len(row) - 1:
                current.append(row[j:j + 2])
                j += 2
                continue
            if c == "`":
                run = len(row[j:]) - len(row[j:].lstrip("`"))
                close = row.find("`" * run, j + run)
                if close < 0:
                    self.fail(number, "a code span that is never closed")
                current.append(row[j:close + run])
                j = close + run
                continue
            if c == "|":
                cells.append("".join(current))
                current = []
            else:
                current.append(c)
            j += 1
        cells.append("".join(current))
        return cells

    def list_block(self, lines: list[str], i: int, blocks) -> int:
        end = i
        while end < len(lines) and lines[end].strip():
            if _indent(lines[end]) == 0 and not _MARKER.match(lines[end]):
                self.fail(end + 1, "a line under a list item must be indented to the item's "
                                   "text (or put a blank line before a paragraph)")
            end += 1
        items = [(n + 1, lines[n]) for n in range(i, end)]
        for tag, content in self.lists(items, top=True):
            blocks.append((tag, content))
        return end

    def lists(self, items: list[tuple[int, str]], top: bool, parent: str = "") -> list:
        """The lists in these lines (numbered, unindented markers start the items)."""
        found = []
        j = 0
        while j < len(items):
            number, line = items[j]
            match = _MARKER.match(line)
            if not match:
                self.fail(number, "a line under a list item must be indented to the item's "
                                  "text")
            kind = match.group(1) or "."
            first = int(match.group(2)) if match.group(2) else None
            entries: list[list[tuple[int, str]]] = []
            while j < len(items):
                number, line = items[j]
                match = _MARKER.match(line)
                if not match or (match.group(1) or ".") != kind:
                    break
                width = len(match.group(0)) if match.group(3) else len(line)
                # (an item of the same kind as the first is numbered as it is: first is set)
                if match.group(2) and int(match.group(2)) != (first + len(entries)):  # type: ignore[operator]
                    self.fail(number, f"item {match.group(2)} where "
                                      f"{first + len(entries)} comes: number the items "  # type: ignore[operator]
                                      "without gaps (the page numbers them so)")
                body = [(number, line[width:])]
                j += 1
                while j < len(items) and _indent(items[j][1]) > 0:
                    n, text = items[j]
                    if _indent(text) < width:
                        self.fail(n, f"indent this line by {width} spaces, to the item's text")
                    body.append((n, text[width:]))
                    j += 1
                entries.append(body)
            found.append(self.one_list(kind, first, entries, top, parent))
        return found

    def one_list(self, kind: str, first: int | None, entries: list, top: bool,
                 parent: str) -> tuple[str, str]:
        ordered = kind == "."
        prefix = self.item_prefixes.get(self.section, self.section) if top else parent
        out = []
        for k, body in enumerate(entries):
            text: list[str]
            nested: list[tuple[int, str]]
            text, nested = [], []
            for n, line in body:
                if nested or _indent(line) == 0 and _MARKER.match(line) and text:
                    nested.append((n, line))
                    continue
                if not text and not line.strip():
                    self.fail(n, "an empty list item")
                what = self.block_start(line)
                if text and what == "a list":
                    self.fail(n, "indent a nested list exactly to the item's text")
                if text and what:
                    self.fail(n, f"{what} inside a list item is not supported")
                text.append(line.strip())
            content = self.inline("\n".join(text), body[0][0])
            if ordered and prefix:
                anchor = self.new_id(f"{prefix}-{first + k}")  # type: ignore[operator]  # ordered
                attributes = f' id="{anchor}"'
            else:
                anchor = ""
                attributes, content = self.labelled(content, body[0][0])
            inner = "".join("\n" + block for _kind, block in
                            self.lists(nested, top=False, parent=anchor)) if nested else ""
            out.append(f"<li{attributes}>{content}{inner}</li>")
        if ordered:
            start = f' start="{first}"' if first != 1 else ""
            return "ol", f"<ol{start}>\n" + "\n".join(out) + "\n</ol>"
        return "ul", "<ul>\n" + "\n".join(out) + "\n</ul>"

    # --- inline ------------------------------------------------------------------------
    def inline(self, text: str, first_line: int) -> str:
        out: list[str] = []
        stack: list[str] = []  # open "strong" / "em", innermost last
        i = 0

        def line_at(k: int) -> int:
            return first_line + text.count("\n", 0, k)

        # each construct at text[i] adds its HTML to `out` and says where the text goes on
        while i < len(text):
            c = text[i]
            if c == "`":
                i = self.code_span(text, i, out, line_at)
            elif c == "\\":
                i = self.backslash(text, i, out, line_at)
            elif c == "*":
                i = self.emphasis(text, i, out, stack, line_at)
            elif c == "[":
                i = self.link(text, i, out, line_at)
            else:
                i = self.character(text, i, out, line_at)
        if stack:
            self.fail(line_at(len(text)), f"a {'**' if stack[-1] == 'strong' else '*'} "
                                          "that is never closed")
        return "".join(out)

    def code_span(self, text: str, i: int, out: list[str], line_at) -> int:
        """`code`, ``code with a ` in it``: closed by a run of as many backquotes."""
        run = len(text[i:]) - len(text[i:].lstrip("`"))
        close = text.find("`" * run, i + run)
        while close >= 0 and text[close + run:close + run + 1] == "`":
            close = text.find("`" * run, close + run + 1)
        if close < 0:
            self.fail(line_at(i), "a code span that is never closed")
        code = text[i + run:close].replace("\n", " ")
        if len(code) > 2 and code[0] == code[-1] == " " and code.strip():
            code = code[1:-1]
        out.append(f"<code>{html.escape(code, quote=False)}</code>")
        return close + run

    def backslash(self, text: str, i: int, out: list[str], line_at) -> int:
        """A backslash escapes a punctuation character; before anything else it is
        itself (a backslash line break is refused)."""
        following = text[i + 1] if i + 1 < len(text) else ""
        if following in _PUNCTUATION:
            out.append(html.escape(following, quote=False))
            return i + 2
        if following == "\n" or not following:
            self.fail(line_at(i), "a backslash line break is not supported")
        out.append("\\")
        return i + 1

    def emphasis(self, text: str, i: int, out: list[str], stack: list[str], line_at) -> int:
        """** opens or closes bold, * italic (`stack`: the ones open); they must nest."""
        run = len(text[i:]) - len(text[i:].lstrip("*"))
        if run > 2:
            self.fail(line_at(i), f"{'*' * run}: only **bold** and *italic* are "
                                  "supported (not both at once)")
        tag = "strong" if run == 2 else "em"
        before = text[i - 1] if i else " "
        after = text[i + run] if i + run < len(text) else " "
        if stack and stack[-1] == tag and not before.isspace():
            stack.pop()
            out.append(f"</{tag}>")
        elif tag in stack:
            self.fail(line_at(i), "bold and italic overlap instead of nesting")
        elif not after.isspace():
            stack.append(tag)
            out.append(f"<{tag}>")
        else:
            self.fail(line_at(i), f"a lone {'*' * run}: write \\* for the character")
        return i + run

    def link(self, text: str, i: int, out: list[str], line_at) -> int:
        """[text](url); a [ that starts no link is itself (reference links are refused)."""
        match = _LINK.match(text, i)
        if match:
            label = self.inline(match.group(1), line_at(i))
            href = self.href(match.group(2), line_at(i))
            out.append(f'<a href="{html.escape(href)}">{label}</a>')
            return match.end()
        if re.match(r"\[[^\]]*\][\[(]", text[i:]):
            self.fail(line_at(i), "only [text](url) links are supported")
        out.append("[")
        return i + 1

    def character(self, text: str, i: int, out: list[str], line_at) -> int:
        """Any other character: itself, escaped for HTML, unless it starts something
        Markdown has that the rules files do not use (refused by name)."""
        c = text[i]
        following = text[i + 1] if i + 1 < len(text) else ""
        if c == "_":
            before = text[i - 1] if i else " "
            if not (before.isalnum() and following.isalnum()):
                self.fail(line_at(i), "'_' outside a word (underscore emphasis) is not "
                                      "supported: use * or write \\_")
        elif c == "~" and following == "~":
            self.fail(line_at(i), "~~strikethrough~~ is not supported")
        elif c == "!" and following == "[":
            self.fail(line_at(i), "images are not supported (use a diagram line)")
        elif c == "<":
            if following.isalpha() or following in "/!?":
                self.fail(line_at(i), "HTML and <autolinks> are not supported in text "
                                      "(write \\< for the character)")
            c = "&lt;"
        elif c == "&":
            if _ENTITY.match(text, i):
                self.fail(line_at(i), "HTML entities are not supported: write the "
                                      "character itself")
            c = "&amp;"
        elif c == ">":
            c = "&gt;"
        out.append(c)
        return i + 1

    def href(self, url: str, number: int) -> str:
        """A link's target: another rules file becomes its page; anything else must work
        from the built site as it is (web addresses, or #anchors on the same page)."""
        path, hash_mark, anchor = url.partition("#")
        name = path.rsplit("/", 1)[-1]
        if name in self.links:
            return self.links[name] + hash_mark + anchor
        if not path or re.match(r"(https?:|mailto:)", path):
            return url
        self.fail(number, f"a link to {url!r}, which the site does not hold (link another "
                          "rules file, a web address or a #heading)")


def convert(text: str, source: str = "<markdown>", *,
            diagrams: Mapping[str, Callable[[], Picture]] | None = None,
            item_prefixes: Mapping[str, str] | None = None,
            links: Mapping[str, str] | None = None,
            reserved: tuple[str, ...] = (), lang: str = SOURCE_LANGUAGE) -> Document:
    """Markdown (the subset above) to HTML blocks. `source` names the file in errors;
    `diagrams` maps the names of diagram lines to functions giving their Picture;
    `item_prefixes` {section id: prefix} names numbered items; `links` maps the file
    names a link may point at to their URL on the site; `reserved` ids are taken by the
    page around the document (they come first in Document.ids); `lang`, the language
    whose diagram files the page shows."""
    return _Converter(source, diagrams or {}, item_prefixes or {}, links or {},
                      reserved, lang).document(text)


# --- the pages -----------------------------------------------------------------------------
def source_name(game_key: str, lang: str = SOURCE_LANGUAGE) -> str:
    """The rules file of a game, relative to the project root: docs/rules-<stem>.md in
    English, docs/rules-<stem>.<lang>.md translated."""
    stem = page_of(game_key).removesuffix(".html")  # type: ignore[union-attr]  # a game with rules
    suffix = "" if lang == SOURCE_LANGUAGE else f".{lang}"
    return f"{DOCS}/rules-{stem}{suffix}.md"


def page_names() -> dict[str, str]:
    """{game key: its English page's path in the site} for every registered game that has
    a rules page (all of them: tests/site/test_rules_pages.py), e.g. "rules/tatsu.html"."""
    return {key: page_url(key, SOURCE_LANGUAGE) for key in games() if page_of(key)}  # type: ignore[misc]


def every_page_name() -> dict[str, tuple[str, str]]:
    """{path in the site: (game key, language)} of every rules page, in every language
    ("rules/tatsu.es.html": ("tatsu", "es"))."""
    return {page_url(key, lang): (key, lang) for key in page_names() for lang in LANGUAGES}  # type: ignore[misc]


def _contents(headings: list[Heading]) -> str:
    """The table of contents: the ## headings, each with its ### ones ("" if none)."""
    sections: list[tuple[Heading, list[Heading]]] = []
    for heading in headings:
        if heading.level == 2:
            sections.append((heading, []))
        elif heading.level == 3:  # always under a ## (no level is skipped)
            sections[-1][1].append(heading)
    if not sections:
        return ""

    def entry(heading: Heading, inner: str = "") -> str:
        return f'<li><a href="#{heading.id}">{heading.html}</a>{inner}</li>'

    items = [entry(top, "\n<ul>\n" + "\n".join(map(entry, subs)) + "\n</ul>" if subs else "")
             for top, subs in sections]
    title = html.escape(_("Contents"))
    return (f'<nav class="toc" aria-labelledby="{CONTENTS_ID}">\n'
            f'<h2 id="{CONTENTS_ID}">{title}</h2>\n'
            "<ul>\n" + "\n".join(items) + "\n</ul>\n</nav>")


def rules_document(game_key: str, root: Path = ROOT,
                   diagrams: Mapping[str, Callable[[], Picture]] | None = None,
                   lang: str = SOURCE_LANGUAGE) -> Document:
    """A game's rules file in a language, converted, with every anchor rule_links
    promises checked; a translation must give the English file's ids, in its order."""
    name = source_name(game_key, lang)
    path = Path(root) / name
    if not path.is_file():
        raise MarkdownError(name, 1, "no such file: every language needs its rules file")
    text = path.read_text(encoding="utf-8")
    pages = [page_of(key) for key in games() if page_of(key)]
    links = {f"rules-{page.removesuffix('.html')}.md": page_url(key, lang).rsplit("/", 1)[1]  # type: ignore[union-attr]
             for key, page in zip(games(), pages)}
    with speaking(lang):
        document = convert(text, name, diagrams=DIAGRAMS if diagrams is None else diagrams,
                           item_prefixes=games()[game_key].rule_items, links=links,
                           reserved=(CONTENTS_ID,), lang=lang)
    missing = {rule: anchor for rule, anchor in games()[game_key].rule_anchors.items()
               if anchor not in document.ids}
    if missing:
        raise MarkdownError(name, 1, "no place on the page for the rules " + ", ".join(
            f"{rule!r} (#{anchor})" for rule, anchor in missing.items())
            + f": see rule_anchors in {games()[game_key].package}")
    if lang != SOURCE_LANGUAGE:
        english = rules_document(game_key, root, diagrams).ids
        if document.ids != english:
            extra = [i for i in document.ids if i not in english]
            lacking = [i for i in english if i not in document.ids]
            raise MarkdownError(name, 1, "a translation gives the English file's ids in "
                                "its order (write {#id} after a heading or a bold label): "
                                f"lacking {lacking[:5]}, extra {extra[:5]}"
                                + ("" if extra or lacking else ", out of order"))
    return document


def rules_page(game_key: str, root: Path = ROOT,
               diagrams: Mapping[str, Callable[[], Picture]] | None = None,
               lang: str = SOURCE_LANGUAGE) -> bytes:
    """The complete page rules/<stem>.html of a game (UTF-8), in a language
    (rules/<stem>.<lang>.html)."""
    document = rules_document(game_key, root, diagrams, lang)
    with speaking(lang):
        return _page(game_key, document, lang).encode("utf-8")


def _page(game_key: str, document: Document, lang: str) -> str:
    known = games()
    name = known[game_key].name
    query = "" if lang == SOURCE_LANGUAGE else f"&amp;lang={lang}"
    play = html.escape(_("Play {game}").format(game=name))
    back = (f'<a href="../index.html?game={html.escape(game_key)}{query}">'
            f'<span aria-hidden="true">←</span>{play}</a>')
    rules_of = _("{game} rules")
    others = "".join(
        f'\n    <a href="{page_url(key, lang).rsplit("/", 1)[1]}">'  # type: ignore[union-attr]
        f'{html.escape(rules_of.format(game=info.name))}</a>'
        for key, info in known.items() if key != game_key and page_of(key))
    languages = "".join(
        f'\n    <a href="{page_url(game_key, other).rsplit("/", 1)[1]}" hreflang="{other}" '  # type: ignore[union-attr]
        f'lang="{other}">{html.escape(words)}</a>'
        for other, words in LANGUAGES.items() if other != lang)
    site_words = html.escape(_("Site"))
    language_words = html.escape(_("Other languages"))
    blocks, body = document.blocks, []
    contents = _contents(document.headings)
    for kind, block in blocks:
        if kind == "h2" and contents:
            body.append(contents)
            contents = ""
        body.append(block)
    if contents:
        body.append(contents)
    # the words of the button each live example gets (static/rules-live.js)
    show_picture, show_board = (html.escape(_("Show the picture")),
                                html.escape(_("Show the live board")))
    head = head_lines("../", RULES_POLICY)  # the policy, manifest, colours and icon
    return f"""<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
{head}  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>{html.escape(document.title)}</title>
  <link rel="icon" href="../static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="../static/style.css">
  <link rel="stylesheet" href="../static/rules.css">
  <script src="../static/rules-live.js" defer></script>
</head>
<body class="rules-page">
  <nav class="rules-nav" aria-label="{site_words}">
    {back}{others}
  </nav>
  <nav class="rules-languages" aria-label="{language_words}">{languages}
  </nav>
  <main class="rules" data-show-picture="{show_picture}" data-show-board="{show_board}">
{chr(10).join(body)}
  </main>
</body>
</html>
"""
