"""The rules pages (rules/*.html, from docs/rules-*.md by game/site/rules.py): built into the
site and kept for offline play, well-formed, every heading and reading anchored, every rule
an engine raises linked (game/core/rule_links.py), and the converter refusing what it does
not know, with the line."""

import ast
import html.parser
import re
import shutil
from pathlib import Path

import pytest

from game.core.registry import games
from game.core.rule_links import page_of, page_url, rule_anchor
from game.site.build import PAGE_FILES, BuildError, site_files
from game.site.rules import (
    MarkdownError,
    Picture,
    convert,
    rules_document,
    rules_page,
    source_name,
)
from game.site.server import SourceSite, mime_type
from game.tsuro.sailing import SELF_ELIMINATION_RULE

ROOT = Path(__file__).resolve().parents[2]
GAMES = tuple(games())
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
# Elements that may not stand inside a <p> (a browser would end the paragraph before them).
NOT_IN_P = {"p", "div", "ul", "ol", "table", "figure", "pre", "nav", "h1", "h2", "h3", "h4",
            "h5", "h6", "main", "section"}


def quiet(*_):
    pass


def copy_sources(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copy(ROOT / name, root / name)
    ignore = shutil.ignore_patterns("vendor", "__pycache__", "*.pyc", "game.zip")
    for folder in ("static", "game", "docs"):
        shutil.copytree(ROOT / folder, root / folder, ignore=ignore)
    return root


@pytest.fixture(scope="module")
def built(site_built_once):
    """The site built once per run from a copy of the sources (docs/ included), runtime
    faked (tests/site/conftest.py)."""
    return site_built_once


class Page(html.parser.HTMLParser):
    """An HTML page read for the tests: tags balanced (problems listed), ids, headings (with
    their self-links), the hrefs and srcs, the elements by id."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.tags_by_id: dict[str, str] = {}
        self.headings: list[dict] = []
        self.urls: list[str] = []
        self.start_tags: list[tuple[str, dict]] = []
        self.feed(text)
        self.close()
        if self.stack:
            self.problems.append(f"never closed: {self.stack}")

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        where = f"line {self.getpos()[0]}"
        if len(attributes) != len(attrs):
            self.problems.append(f"{where}: an attribute twice in <{tag}>")
        if tag in NOT_IN_P and "p" in self.stack:
            self.problems.append(f"{where}: <{tag}> inside a <p>")
        self.start_tags.append((tag, attributes))
        if "id" in attributes:
            self.ids.append(attributes["id"])
            self.tags_by_id[attributes["id"]] = tag
        for name in ("href", "src"):
            if name in attributes:
                self.urls.append(attributes[name])
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append({"tag": tag, "id": attributes.get("id"), "self": None,
                                  "text": ""})
        if (tag == "a" and "self-link" in attributes.get("class", "").split()
                and self.stack and re.fullmatch(r"h[1-6]", self.stack[-1])):
            self.headings[-1]["self"] = attributes.get("href")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        if tag not in VOID:
            self.problems.append(f"line {self.getpos()[0]}: <{tag}/> is not a void element")
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        where = f"line {self.getpos()[0]}"
        if tag in VOID:
            self.problems.append(f"{where}: </{tag}> closes a void element")
        elif not self.stack or self.stack[-1] != tag:
            self.problems.append(f"{where}: </{tag}> closes <{self.stack[-1:]}>")
            if tag in self.stack:
                del self.stack[len(self.stack) - 1 - self.stack[::-1].index(tag):]
        else:
            self.stack.pop()

    def handle_data(self, data):
        if any(re.fullmatch(r"h[1-6]", t) for t in self.stack) and self.headings:
            self.headings[-1]["text"] += data


def page_path(built: Path, key: str) -> Path:
    return built / page_url(key)


@pytest.fixture(scope="module")
def pages(built):
    return {key: Page(page_path(built, key).read_text(encoding="utf-8")) for key in GAMES}


def doc_text(key: str) -> str:
    return (ROOT / source_name(key)).read_text(encoding="utf-8")


# --- in the site --------------------------------------------------------------------------
def test_every_game_has_a_rules_page():
    assert {key: page_url(key) for key in GAMES} == {
        "tsuro": "rules/tsuro-of-the-seas.html", "tatsu": "rules/tatsu.html"}
    assert len(set(map(page_of, GAMES))) == len(GAMES)  # one page each
    assert page_of("tsu") is None and page_url("chess") is None


def test_the_pages_are_built_and_kept_for_offline_play(built):
    for key in GAMES:
        assert page_path(built, key).is_file()
    assert (built / "static" / "rules.css").is_file()
    sw = (built / "sw.js").read_text()
    for url in ("./rules/tsuro-of-the-seas.html", "./rules/tatsu.html", "./static/rules.css"):
        assert f'"{url}"' in sw, url


def test_the_pages_come_from_docs_and_are_served_live(built, tmp_path):
    files = site_files(ROOT)
    for key in GAMES:
        name = page_url(key)
        assert callable(files[name])  # generated from docs/, never a copy kept by hand
        assert not (ROOT / name).exists()
        assert files[name]() == page_path(built, key).read_bytes() == rules_page(key)
        assert SourceSite(ROOT).lookup(name) == page_path(built, key).read_bytes()
        assert mime_type(name) == "text/html; charset=utf-8"


def test_every_reference_is_in_the_site_and_relative(built, pages):
    for key, page in pages.items():
        text = page_path(built, key).read_text(encoding="utf-8")
        assert not re.search(r"https?://", text), key  # nothing from another origin
        base = page_path(built, key).parent
        for url in page.urls:
            path, _, anchor = url.partition("#")
            path = path.split("?")[0]
            assert not re.match(r"[a-z][a-z0-9+.-]*:|/", path), url
            target = (base / path).resolve() if path else page_path(built, key)
            assert target.is_file() and target.is_relative_to(built.resolve()), url
            if anchor:
                assert anchor in Page(target.read_text(encoding="utf-8")).ids, url


def test_a_page_links_its_game_the_other_rules_and_the_styles(pages):
    for key, page in pages.items():
        tags = page.start_tags
        html_tag = next(attrs for tag, attrs in tags if tag == "html")
        assert html_tag.get("lang") == "en"
        metas = [attrs for tag, attrs in tags if tag == "meta"]
        assert any(m.get("name") == "viewport" and "width=device-width" in m.get("content", "")
                   for m in metas)
        assert any(m.get("charset") == "utf-8" for m in metas)
        assert ("title", {}) in tags
        hrefs = [attrs.get("href") for tag, attrs in tags if tag == "a"]
        assert f"../index.html?game={key}" in hrefs
        for other in GAMES:
            if other != key:
                assert page_of(other) in hrefs
        sheets = [attrs["href"] for tag, attrs in tags
                  if tag == "link" and attrs.get("rel") == "stylesheet"]
        assert sheets == ["../static/style.css", "../static/rules.css"]


def test_the_rules_stylesheet_uses_the_games_theme():
    rules_css = (ROOT / "static" / "rules.css").read_text()
    game_css = (ROOT / "static" / "style.css").read_text()
    used = set(re.findall(r"var\((--[a-z-]+)\)", rules_css))
    defined = set(re.findall(r"^\s*(--[a-z-]+):", game_css, re.MULTILINE))
    assert used and used <= defined
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgb|hsl", rules_css)  # no colour of its own
    assert "url(" not in rules_css and "@import" not in rules_css


# --- well-formed and anchored ---------------------------------------------------------------
def test_the_pages_are_well_formed(pages, built):
    for key, page in pages.items():
        assert not page.problems, (key, page.problems)
        assert page_path(built, key).read_text().startswith("<!doctype html>\n")


def test_ids_are_unique(pages):
    for key, page in pages.items():
        duplicates = sorted({i for i in page.ids if page.ids.count(i) > 1})
        assert not duplicates, (key, duplicates)
        assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in page.ids), key


def test_every_heading_has_an_id_and_a_self_link(pages):
    for key, page in pages.items():
        written = re.findall(r"^(#{1,6}) (.+)$", doc_text(key), re.MULTILINE)
        made = [h for h in page.headings if h["id"] != "contents"]
        assert len(made) == len(written) > 5, key
        for heading, (hashes, words) in zip(made, written):
            assert heading["tag"] == f"h{len(hashes)}"
            assert heading["id"] and heading["self"] == f"#{heading['id']}", heading
            assert heading["text"].replace("§", "").strip() == words.strip()
        assert all(h["id"] for h in page.headings)


def test_the_contents_list_every_section(pages, built):
    for key, page in pages.items():
        text = page_path(built, key).read_text(encoding="utf-8")
        toc = re.search(r'<nav class="toc".*?</nav>', text, re.DOTALL).group(0)
        listed = re.findall(r'href="#([^"]+)"', toc)
        expected = [h["id"] for h in page.headings if h["tag"] in ("h2", "h3")
                    and h["id"] != "contents"]
        assert listed == expected and listed, key


def test_every_reading_has_its_anchor(pages):
    for key, page in pages.items():
        readings = re.findall(r"^(?:[-*] |\d+\. )?\*\*(D\d+) — ([^*]+)\*\*", doc_text(key),
                              re.MULTILINE)
        assert len(readings) >= 7, key
        seen = set()
        for label, title in readings:
            wanted = label.lower()
            anchor = wanted if wanted not in seen else \
                f"{wanted}-{re.sub(r'[^a-z0-9]+', '-', title.lower()).strip('-')}"
            seen.add(wanted)
            assert anchor in page.ids, (key, label, title)
            assert page.tags_by_id[anchor] in ("p", "li")
        # every D<n> from D1 up to the highest one, each at its own "d<n>"
        numbers = {int(label[1:]) for label, _ in readings}
        assert numbers == set(range(1, max(numbers) + 1))
        assert all(f"d{n}" in page.ids for n in numbers)


def test_the_tatsu_page_keeps_both_readings_numbered_d4(pages):
    ids = pages["tatsu"].ids
    assert "d4" in ids and "d4-escaping" in ids


def test_numbered_placing_rules_have_their_anchors(built):
    text = page_path(built, "tsuro").read_text(encoding="utf-8")
    for n in (1, 2, 3, 4):
        assert f'<li id="placing-rule-{n}">' in text
    assert '<ol start="4">\n<li id="placing-rule-4">' in text


# --- the rules the engines raise ------------------------------------------------------------
RULE_ERROR = re.compile(r"""RuleError\(\s*(f?)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""")
# The rule names built at run time, as the engine builds them.
TEMPLATES = {
    "placing rule {number}": [f"placing rule {n}" for n in sorted(
        set(SELF_ELIMINATION_RULE.values()))],
}


def raised_rules(folder: str) -> set[str]:
    found = set()
    for path in sorted((ROOT / "game" / folder).rglob("*.py")):
        for is_f, literal in RULE_ERROR.findall(path.read_text(encoding="utf-8")):
            name = ast.literal_eval(literal)
            if is_f and "{" in name:
                assert name in TEMPLATES, (f"{path}: rule name {name!r} is made at run time; "
                                           "list what it can be in TEMPLATES")
                found.update(TEMPLATES[name])
            else:
                found.add(name)
    return found


def test_every_rule_an_engine_raises_has_a_place_on_its_page(pages):
    shared = raised_rules("core")  # GameState.apply's, raised for every game
    assert {"action", "end of the game"} <= shared
    checked = 0
    for key, folder in (("tsuro", "tsuro"), ("tatsu", "tatsu")):
        rules = raised_rules(folder) | shared
        assert len(rules) >= 8, (key, rules)
        for rule in sorted(rules):
            url = rule_anchor(key, rule)
            assert url, f"{key}: the rule {rule!r} has no anchor in its GameInfo.rule_anchors"
            page, _, anchor = url.partition("#")
            assert page == page_url(key) and anchor, url
            assert anchor in pages[key].ids, f"{key}: {rule!r} -> #{anchor}, not on the page"
            checked += 1
    assert checked >= 20
    assert {"placing rule 1", "placing rule 2", "placing rule 3", "placing rule 4", "D5", "D8",
            "B3", "C2", "elimination bonus"} <= raised_rules("tsuro")
    assert {"moving", "holding", "escaping", "entering", "entangling", "using the dice",
            "turn order", "action"} <= raised_rules("tatsu")


def test_rule_anchor_answers_none_for_the_unknown():
    assert rule_anchor("tatsu", "escaping") == "rules/tatsu.html#escaping-an-entanglement"
    assert rule_anchor("tsuro", "placing rule 3") == "rules/tsuro-of-the-seas.html#placing-rule-3"
    assert rule_anchor("tsuro", "D11") == "rules/tsuro-of-the-seas.html#d11"
    assert rule_anchor("tatsu", "no such rule") is None
    assert rule_anchor("chess", "D1") is None


def test_every_anchor_in_the_table_is_on_its_page(pages):
    for key in GAMES:
        for rule, anchor in games()[key].rule_anchors.items():
            assert anchor in pages[key].ids, (key, rule, anchor)


def test_rule_links_is_light_for_the_page():
    tree = ast.parse((ROOT / "game" / "core" / "rule_links.py").read_text())
    imports = [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]
    assert [ast.unparse(node) for node in imports] == [
        "from game.core.i18n import N_, SOURCE_LANGUAGE, _, current",
        "from game.core.registry import games"]
    assert "open(" not in ast.unparse(tree)


def test_the_build_refuses_a_page_that_lost_a_rules_place(tmp_path):
    root = copy_sources(tmp_path / "src")
    doc = root / source_name("tsuro")
    doc.write_text(doc.read_text().replace("## The end\n", "## The finish\n"))
    with pytest.raises(MarkdownError, match=r"'end of the game' \(#the-end\)"):
        rules_document("tsuro", root)
    with pytest.raises(BuildError, match="docs/rules-tsuro-of-the-seas.md"):
        site_files(root)["rules/tsuro-of-the-seas.html"]()


def test_the_build_refuses_a_docs_edit_it_cannot_render(tmp_path):
    root = copy_sources(tmp_path / "src")
    doc = root / source_name("tatsu")
    lines = doc.read_text().split("\n")
    at = lines.index("## Setting up")
    lines[at + 2:at + 2] = ["> a quotation", ""]
    doc.write_text("\n".join(lines))
    with pytest.raises(BuildError, match=rf"docs/rules-tatsu.md:{at + 3}: a block quote"):
        site_files(root)["rules/tatsu.html"]()


# --- the converter ---------------------------------------------------------------------------
def body(markdown: str, **options) -> str:
    return convert("# Title\n\n" + markdown, "test.md", **options).body


@pytest.mark.parametrize("markdown, line, words", [
    ("> quoted", 3, "block quote"),
    ("<div>raw</div>", 3, "HTML is not supported"),
    ("text with <b>bold</b>", 3, "HTML"),
    ("see <https://example.org>", 3, "autolinks"),
    ("an ![image](x.png)", 3, "images"),
    ("##### deep", 3, "level-5"),
    ("### skipped a level", 3, "no level may be skipped"),
    ("some _emphasis_ here", 3, "underscore"),
    ("**never closed\nstill open", 4, "never closed"),
    ("a `code span", 3, "code span"),
    ("a lone * star", 3, "lone *"),
    ("~~struck~~", 3, "strikethrough"),
    ("an &amp; entity", 3, "entities"),
    ("a paragraph\n- then a list", 4, "blank line"),
    ("a paragraph\n## then a heading", 4, "blank line"),
    ("1. one\n3. three", 4, "without gaps"),
    ("- item\nlazy line", 4, "indented"),
    ("- item\n - badly indented", 4, "indent this line by 2"),
    ("- item\n\n  a second paragraph", 5, "indented line"),
    ("1) paren", 3, "list markers"),
    ("+ plus", 3, "list markers"),
    ("    indented code", 3, "indented"),
    ("```\nnever closed", 3, "never closed"),
    ("| a | b |\n|:--|---|\n| 1 | 2 |", 4, "alignment"),
    ("| a | b |\n|---|---|\n| 1 |", 5, "1 cells"),
    ("| a | b |\nno delimiter", 4, "'|---|---|'"),
    ("a [link](other.md)", 3, "does not hold"),
    ("a [reference][ref]", 3, "only [text](url)"),
    ("[ref]: https://example.org", 3, "reference"),
    ("line with a hard break  \nnext", 3, "hard line break"),
    ("text\n---", 4, "heading underline"),
    ("***", 3, "horizontal rule"),
    ("- item\n\n  - nested after a blank line", 5, "indented line"),
    ("tab\there", 3, "tab"),
    ("<!-- a comment -->", 3, "diagram: NAME"),
])
def test_an_unsupported_construct_is_refused_with_its_line(markdown, line, words):
    with pytest.raises(MarkdownError) as refused:
        body(markdown)
    error = refused.value
    assert (error.source, error.line) == ("test.md", line), str(error)
    assert str(error).startswith(f"test.md:{line}: ")
    assert words in str(error), str(error)


def test_a_document_starts_with_its_title():
    with pytest.raises(MarkdownError, match=r"^x.md:1: .*title"):
        convert("text first\n\n# Title\n", "x.md")
    with pytest.raises(MarkdownError, match=r"^x.md:3: .*second"):
        convert("# One\n\n# Two\n", "x.md")


def test_the_supported_subset():
    out = body(
        "Some **bold**, *italic*, `code`, [a link](https://example.org/?a=1&b=2) and\n"
        "a [rules link](rules-tatsu.md#moving), \\*not italic\\* and snake_case.\n\n"
        "## A section\n\n"
        "1. **First.** one\n   continued\n   - nested *a*\n     more\n   - nested b\n"
        "2. second\n\n"
        "- **Label.** text\n- plain\n\n"
        "| h1 | `a|b` |\n|---|---|\n| x | **y** |\n\n"
        "```python\nif a < b:\n    pass\n```\n",
        links={"rules-tatsu.md": "tatsu.html"})
    assert ("<p>Some <strong>bold</strong>, <em>italic</em>, <code>code</code>, "
            '<a href="https://example.org/?a=1&amp;b=2">a link</a> and\n'
            'a <a href="tatsu.html#moving">rules link</a>, *not italic* and snake_case.</p>'
            ) in out
    assert ('<ol>\n<li id="a-section-1"><strong>First.</strong> one\ncontinued\n<ul>\n'
            "<li>nested <em>a</em>\nmore</li>\n<li>nested b</li>\n</ul></li>\n"
            '<li id="a-section-2">second</li>\n</ol>') in out
    assert ('<li id="label"><strong>Label.</strong> <a class="self-link" href="#label" '
            'aria-label="Link to Label">§</a> text</li>\n<li>plain</li>') in out
    assert '<th scope="col"><code>a|b</code></th>' in out
    assert "<td><strong>y</strong></td>" in out
    assert ('<pre tabindex="0"><code class="language-python">if a &lt; b:\n    pass</code>'
            "</pre>") in out
    assert not Page(out).problems


def test_text_is_escaped():
    out = body("Use `a < b && c > \"d\"` when 1 < 2 & 3 > 2.\n\n## A < B & C\n")
    assert "<code>a &lt; b &amp;&amp; c &gt; \"d\"</code>" in out
    assert "when 1 &lt; 2 &amp; 3 &gt; 2." in out
    assert '<h2 id="a-b-c">A &lt; B &amp; C <a class="self-link"' in out
    assert "<b" not in out.replace("<br", "")
    document = convert("# Title `<script>`\n", "t.md")
    assert document.title == "Title <script>"
    assert "<script>" not in document.body


def test_readings_and_numbered_items_get_their_ids():
    document = convert(
        "# T\n\n**D1 — one** text\n\n**D1 — again** text\n\n**Decision — a choice** text\n\n"
        "## Where you may not place\n\n1. a\n2. b\n\ntext\n\n3. c\n\n## Other\n\n1. x\n",
        "t.md", item_prefixes={"where-you-may-not-place": "placing-rule"})
    assert document.ids == ["t", "d1", "d1-again", "decision-a-choice",
                            "where-you-may-not-place", "placing-rule-1", "placing-rule-2",
                            "placing-rule-3", "other", "other-1"]
    assert '<ol start="3">\n<li id="placing-rule-3">c</li>' in document.body


TINY = ('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
        'viewBox="0 0 40 30" width="40" height="30"><title>A dot &amp; a line.</title>'
        '<desc>The dot "here".</desc><circle r="1"/></svg>\n')


def test_a_diagram_line_becomes_a_figure():
    """The site's file diagrams/NAME.svg in an <img>: alt text its title and description,
    its size, and the caption under it (not the drawing inline: its own <style> stays
    its own)."""
    out = body("Before.\n\n<!-- diagram: tiny-dot -->\n\nAfter.\n",
               diagrams={"tiny-dot": lambda: Picture(TINY, "A dot <small> & a line.")})
    assert ('<p>Before.</p>\n<figure class="diagram" id="diagram-tiny-dot">'
            '<img src="../diagrams/tiny-dot.svg" '
            'alt="A dot &amp; a line. The dot &quot;here&quot;." width="40" height="30" '
            'loading="lazy"><figcaption>A dot &lt;small&gt; &amp; a line.</figcaption>'
            '</figure>\n<p>After.</p>') in out
    assert "<svg" not in out and not Page(out).problems


def test_an_unknown_or_broken_diagram_is_refused():
    tiny = {"tiny": lambda: Picture(TINY, "A dot.")}
    with pytest.raises(MarkdownError, match=r"^test.md:5: no diagram named 'missing' "
                                            r"\(known: tiny\)"):
        body("Before.\n\n<!-- diagram: missing -->\n", diagrams=tiny)
    with pytest.raises(MarkdownError, match=r"^test.md:3: no diagram named 'any' \(known: none"):
        body("<!-- diagram: any -->\n")
    for broken in (Picture("<p>no</p>", "x"), Picture("<svg", "x"), "<svg></svg>",
                   Picture(TINY.replace(' width="40"', ""), "x"),
                   Picture(TINY.replace("<title>A dot &amp; a line.</title>", "")
                           .replace("<desc>The dot \"here\".</desc>", ""), "x")):
        with pytest.raises(MarkdownError, match=r"^test.md:3: diagram 'tiny' did not give an "
                                                r"SVG document"):
            body("<!-- diagram: tiny -->\n", diagrams={"tiny": lambda broken=broken: broken})
    with pytest.raises(MarkdownError, match=r"^test.md:3: "):
        body("- <!-- diagram: tiny -->\n", diagrams=tiny)

