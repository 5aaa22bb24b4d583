"""The words of the pages' scripts (game/web/page_words.py, static/words.js): written by
the build from the catalogs, every language, every text, its placeholders kept; the
script decides the language as the Python does."""

import json
import re
from pathlib import Path

import pytest

from game.core.i18n import LANGUAGE_KEY, LANGUAGES, SOURCE_LANGUAGE, speaking
from game.web.page_words import PAGE_WORDS, WORDS_TEMPLATE, words_script, words_table

ROOT = Path(__file__).resolve().parents[2]
HOLE = re.compile(r"\{\w+\}")


def test_every_language_has_every_text_with_its_placeholders():
    table = words_table()
    assert sorted(table) == sorted(set(LANGUAGES) - {SOURCE_LANGUAGE})
    for lang, words in table.items():
        assert sorted(words) == sorted(PAGE_WORDS)
        for text, said in words.items():
            assert said and sorted(HOLE.findall(said)) == sorted(HOLE.findall(text)), (lang, text)
            if len(text) > 8:
                assert said != text, (lang, text)  # translated, not left in English


def test_the_built_script_holds_the_table_once():
    template = (ROOT / WORDS_TEMPLATE).read_text()
    built = words_script(template).decode()
    line = re.search(r"^const WORDS = (.*);$", built, re.M).group(1)
    assert json.loads(line) == words_table()
    assert built.count("const WORDS =") == 1
    with pytest.raises(ValueError, match="const WORDS"):
        words_script("// nothing to fill in")


def test_the_script_keeps_the_choice_where_the_python_does():
    script = (ROOT / WORDS_TEMPLATE).read_text()
    assert f'localStorage.getItem("{LANGUAGE_KEY}")' in script


def test_the_table_does_not_change_the_language_spoken():
    with speaking("ro"):
        words_table()
        from game.core.i18n import current
        assert current() == "ro"
