"""Every page's <head> (game/site/head.py): one Content-Security-Policy, allowing the
site's own origin and only what the runtime needs, placed before anything it governs;
nothing inline that it would refuse (no event handler attribute, no inline script or
style); and the manifest, theme colours and home-screen icon linked from every page."""

import html.parser
import re
from pathlib import Path

import pytest

from game.site.head import (
    DOCUMENT_POLICY,
    RULES_POLICY,
    RUNTIME_POLICY,
    THEME_COLORS,
    head_lines,
)
from game.site.rules import every_page_name

ROOT = Path(__file__).resolve().parents[2]
PYTHON_PAGES = ("index.html", "embed.html", "learn.html")
HAND_WRITTEN = (*PYTHON_PAGES, "teach.html")
# A tag with an attribute on...= (onclick, onload, ...): an inline event handler.
INLINE_HANDLER = re.compile(r"<[a-zA-Z][^>]*?\son[a-z]+\s*=", re.DOTALL)


class Head(html.parser.HTMLParser):
    """The elements of a page in order (tag, attributes), and its inline scripts' types."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))


def built_pages(site: Path) -> dict[str, str]:
    return {path.relative_to(site).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(site.rglob("*.html"))}


def policy_of(name: str) -> str:
    if name in PYTHON_PAGES:
        return RUNTIME_POLICY
    return RULES_POLICY if name.startswith("rules/") else DOCUMENT_POLICY


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        assert name not in parsed, f"{name} given twice"
        parsed[name] = sources
    return parsed


def test_the_site_has_exactly_these_pages(site_built_once):
    assert set(built_pages(site_built_once)) == {*HAND_WRITTEN, *every_page_name()}


def test_every_page_carries_the_head_lines_for_its_place_and_kind(site_built_once):
    for name, text in built_pages(site_built_once).items():
        prefix = "../" * name.count("/") or "./"
        assert head_lines(prefix, policy_of(name)) in text, name
    for name in HAND_WRITTEN:  # the sources, as `serve` gives them
        assert head_lines("./", policy_of(name)) in (ROOT / name).read_text(), name


def test_the_policy_comes_before_anything_it_governs(site_built_once):
    for name, text in built_pages(site_built_once).items():
        elements = Head(text).elements
        tags = [tag for tag, _ in elements]
        policy = next(i for i, (tag, attrs) in enumerate(elements)
                      if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy")
        first = min(i for i, tag in enumerate(tags) if tag in ("script", "link", "style", "img"))
        assert policy < first, name
        assert sum(attrs.get("http-equiv") == "Content-Security-Policy"
                   for _, attrs in elements) == 1, name


@pytest.mark.parametrize("policy", [RUNTIME_POLICY, DOCUMENT_POLICY, RULES_POLICY])
def test_a_policy_allows_the_site_itself_and_nothing_from_elsewhere(policy):
    parsed = directives(policy)
    assert parsed["default-src"] == ["'self'"]
    assert parsed["object-src"] == ["'none'"] and parsed["base-uri"] == ["'self'"]
    sources = [source for values in parsed.values() for source in values]
    assert all(source.startswith("'") and source.endswith("'") for source in sources), \
        "only keywords: no host, scheme (data:, blob:, https:) or wildcard"
    assert "'unsafe-inline'" not in sources
    # A <meta> policy cannot say frame-ancestors (browsers ignore it there, and it would
    # keep embed.html out of other sites' frames); nor report-uri or sandbox.
    assert not {"frame-ancestors", "report-uri", "sandbox"} & set(parsed)


def test_the_runtime_pages_allow_scripts_of_the_site_only():
    """The pages that run the game compile no WebAssembly and evaluate no code: Python runs
    in the game's worker (static/engine.js), which takes no policy from the page's <meta>.
    So a page allows its own scripts and nothing more: no eval of any kind."""
    runtime = directives(RUNTIME_POLICY)
    assert runtime["script-src"] == ["'self'"]
    sources = [source for values in runtime.values() for source in values]
    assert "'unsafe-eval'" not in sources and "'wasm-unsafe-eval'" not in sources
    assert directives(DOCUMENT_POLICY)["script-src"] == ["'none'"]
    rules = directives(RULES_POLICY)  # one script of the site's own, no eval, no form
    assert rules["script-src"] == ["'self'"] and rules["form-action"] == ["'none'"]


def test_no_page_has_an_inline_event_handler(site_built_once):
    for name, text in built_pages(site_built_once).items():
        assert not INLINE_HANDLER.search(text), name
        assert "javascript:" not in text.lower(), name
    # nor the HTML the page's Python writes
    for path in sorted((ROOT / "game" / "web").glob("*.py")):
        found = INLINE_HANDLER.search(path.read_text(encoding="utf-8"))
        assert not found, f"{path.name}: {found.group(0) if found else ''}"


def test_nothing_inline_that_the_policy_refuses(site_built_once):
    for name, text in built_pages(site_built_once).items():
        for tag, attrs in Head(text).elements:
            assert "style" not in attrs, f"{name}: a style attribute on <{tag}>"
            assert tag != "style", f"{name}: a <style> element"
            if tag == "script":  # a script comes from a file (no <script type="py"> now)
                assert "src" in attrs, name


def test_the_theme_colours_are_the_pages_background(site_built_once):
    css = (ROOT / "static" / "style.css").read_text()
    light = re.search(r"^:root \{(.*?)^\}", css, re.MULTILINE | re.DOTALL).group(1)
    dark = re.search(r"prefers-color-scheme: dark\) \{\s*:root \{(.*?)\}", css,
                     re.DOTALL).group(1)
    background = re.compile(r"--bg:\s*(#[0-9a-f]{6});")
    backgrounds = {"light": background.search(light).group(1),
                   "dark": background.search(dark).group(1)}
    assert backgrounds == THEME_COLORS


def test_the_teaching_page_keeps_its_styles_in_a_file(site_built_once):
    links = [attrs["href"] for tag, attrs in Head((site_built_once / "teach.html").read_text())
             .elements if tag == "link" and attrs.get("rel") == "stylesheet"]
    assert links == ["./static/teach.css"]
    assert (site_built_once / "static" / "teach.css").is_file()
