"""The rules pages in every language (docs/rules-GAME.LANG.md -> rules/GAME.LANG.html):
each is built and kept for offline play, says its language, keeps every anchor of the
English page in its order (so that a refusal's link lands on its rule in any language),
shows the diagrams drawn with its own words, states the same limits, and links the same
page in the other languages."""

import re
from pathlib import Path

import pytest
from test_rules_pages import Page

from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from game.core.registry import games
from game.core.rule_links import page_url, rule_anchor
from game.site.rules import MarkdownError, convert, diagram_file, every_page_name, source_name

GAMES = tuple(games())
TRANSLATED = sorted(set(LANGUAGES) - {SOURCE_LANGUAGE})
ROOT_DOCS = Path(__file__).resolve().parents[2]
PAGES = [(key, lang) for key in GAMES for lang in TRANSLATED]


@pytest.fixture(scope="module")
def built(site_built_once):
    return site_built_once


def page(built, key, lang) -> tuple[str, Page]:
    text = (built / page_url(key, lang)).read_text(encoding="utf-8")
    return text, Page(text)


def test_every_game_has_a_page_in_every_language():
    assert len(every_page_name()) == len(GAMES) * len(LANGUAGES)
    assert page_url("tatsu", "es") == "rules/tatsu.es.html"
    assert page_url("tsuro", "en") == "rules/tsuro-of-the-seas.html"
    assert rule_anchor("tatsu", "escaping", "hu") == (
        "rules/tatsu.hu.html#escaping-an-entanglement")
    assert source_name("tatsu", "ro") == "docs/rules-tatsu.ro.md"


@pytest.mark.parametrize("key,lang", PAGES)
def test_a_translated_page_keeps_the_english_anchors_and_speaks_its_language(built, key, lang):
    english_text, english = page(built, key, SOURCE_LANGUAGE)
    text, translated = page(built, key, lang)
    assert not translated.problems
    assert f'<html lang="{lang}">' in text
    assert translated.ids == english.ids
    assert len(translated.headings) == len(english.headings)
    # not the English words: most headings differ
    same = [h["text"] for h, e in zip(translated.headings, english.headings)
            if h["text"] == e["text"]]
    assert len(same) <= len(english.headings) // 4, same
    sw = (built / "sw.js").read_text()
    assert f'"./{page_url(key, lang)}"' in sw


@pytest.mark.parametrize("key,lang", PAGES)
def test_a_translated_page_shows_its_own_diagrams(built, key, lang):
    _text, translated = page(built, key, lang)
    pictures = [url for url in translated.urls if "diagrams/" in url]
    _english_text, english = page(built, key, SOURCE_LANGUAGE)
    assert len(pictures) == len([url for url in english.urls if "diagrams/" in url]) > 0
    for url in pictures:
        name = re.fullmatch(r"\.\./diagrams/([a-z0-9-]+)\.([a-z]{2})\.svg", url)
        assert name and name.group(2) == lang, url
        drawn = (built / diagram_file(name.group(1), lang)).read_text()
        assert drawn != (built / diagram_file(name.group(1))).read_text()  # its words


@pytest.mark.parametrize("key,lang", PAGES)
def test_a_translated_page_states_the_same_limits_and_examples(key, lang):
    root = ROOT_DOCS
    english = (root / source_name(key)).read_text(encoding="utf-8")
    translated = (root / source_name(key, lang)).read_text(encoding="utf-8")

    def limits(text):
        section = text[text.index("{#limits}") if "{#limits}" in text else
                       text.index("### Limits"):]
        section = section[:section.index("\n## ")] if "\n## " in section else section
        # a number as each language writes it: 1,000,000 / 1.000.000 / 1 000 000
        found = re.findall(r"\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?!\d)|\d+",
                           section.split("\n#", 1)[0])
        return sorted(int(re.sub(r"\D", "", number)) for number in found)

    assert limits(translated) == limits(english)

    def code(text):  # code blocks and `code` stay as they are
        return (re.findall(r"```.*?```", text, re.S),
                sorted(re.findall(r"`[^`\n]+`", re.sub(r"```.*?```", "", text, flags=re.S))))

    blocks, spans = code(translated)
    english_blocks, english_spans = code(english)
    assert blocks == english_blocks  # the examples, exactly
    assert set(english_spans) <= set(spans), set(english_spans) - set(spans)  # every name


@pytest.mark.parametrize("key,lang", PAGES)
def test_a_page_links_itself_in_every_other_language(built, key, lang):
    text, translated = page(built, key, lang)
    others = re.findall(r'<a href="([^"]+)" hreflang="([a-z]{2})"', text)
    assert sorted(code for _url, code in others) == sorted(set(LANGUAGES) - {lang})
    for url, code in others:
        assert (built / "rules" / url).is_file()
        assert url == page_url(key, code).rsplit("/", 1)[1]
    assert f"index.html?game={key}&amp;lang={lang}" in text


def test_a_translation_that_loses_an_anchor_is_refused(tmp_path):
    from game.site.rules import rules_document

    root = tmp_path
    (root / "docs").mkdir()
    for key in GAMES:
        for lang in ("en", "es"):
            name = source_name(key, lang)
            (root / name).write_text((ROOT_DOCS / name).read_text(encoding="utf-8"))
    name = source_name("tatsu", "es")
    text = (root / name).read_text(encoding="utf-8")
    first = re.search(r" \{#([a-z0-9-]+)\}", text.split("\n## ", 1)[1])
    (root / name).write_text(text.replace(first.group(0), "", 1))
    with pytest.raises(MarkdownError, match="English file's ids"):
        rules_document("tatsu", root, lang="es")


def test_an_id_given_twice_is_refused():
    with pytest.raises(MarkdownError, match="given twice"):
        convert("# T\n\n## A {#same}\n\n## B {#same}\n")
    document = convert("# T\n\n## Uno {#one}\n\n**Decisión — algo.** {#decision-x} Texto.\n")
    assert document.ids == ["t", "one", "decision-x"]
    assert "{#" not in document.body

