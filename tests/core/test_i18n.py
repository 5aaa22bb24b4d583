"""The languages (game/core/i18n.py) and their catalogs (game/locale, game/core/catalogs.py):
every marked message is in every language's catalog with the same placeholders; the
compiled form reads as Babel's own does; the plural forms are each language's; and the
start screen in another language shows no English words of its catalog."""

import gettext
import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import PYTHON_FORMAT
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo as babel_write_mo
from babel.messages.pofile import read_po as babel_read_po

from game.core import i18n
from game.core.catalogs import CatalogError, read_po, write_mo
from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE, catalog_path, chosen_language

GAME = Path(__file__).resolve().parents[2] / "game"
TRANSLATED = sorted(set(LANGUAGES) - {SOURCE_LANGUAGE})
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
PLURALS = {"es": 2, "pt": 2, "hu": 2, "ro": 3}  # gettext's forms for each language


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(SOURCE_LANGUAGE)


def marked_messages() -> set:
    """Every message the code marks (_, N_, ngettext), as Babel extracts them."""
    found = set()
    with (GAME / "locale" / "babel.cfg").open(encoding="utf-8") as config:
        from babel.messages.frontend import parse_mapping_cfg

        method_map, options_map = parse_mapping_cfg(config)
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(GAME), method_map, options_map, keywords=KEYWORDS):
        found.add(message if isinstance(message, str) else tuple(message))
    return found


def fields(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_marked_message_is_translated_in_every_language_with_its_placeholders():
    marked = marked_messages()
    assert len(marked) >= 20
    for lang in TRANSLATED:
        catalog = read_po(catalog_path(lang).read_text("utf-8"))
        missing = [m for m in marked if m not in catalog]
        assert not missing, (lang, missing[:5])
        for message in marked:
            translated = catalog[message]
            sources = message if isinstance(message, tuple) else (message,)
            forms = translated if isinstance(translated, tuple) else (translated,)
            for form in forms:  # (the form for exactly one may leave the number out:
                # in these languages it is never used for another number)
                assert fields(form) <= fields(sources[-1]), (lang, message, form)
                assert form.strip(), (lang, message)
            assert fields(forms[-1]) == fields(sources[-1]), (lang, message, forms[-1])
            if len(forms) > 2:
                assert fields(forms[1]) == fields(sources[-1]), (lang, message, forms[1])


def test_no_message_looks_like_a_percent_format_to_gettexts_tools():
    """A "%" beside a placeholder ("{chance}% chance") reads to Babel and msgfmt as a C or
    Python format, and `pybabel compile` then refuses the translations: the sign goes with
    the number (game/core/words.py, percent)."""
    flagged = [message for message in marked_messages()
               for text in (message if isinstance(message, tuple) else (message,))
               if PYTHON_FORMAT.search(text)]
    assert not flagged


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_reads_as_babels_own(lang):
    text = catalog_path(lang).read_text("utf-8")
    ours = gettext.GNUTranslations(io.BytesIO(write_mo(read_po(text))))
    buffer = io.BytesIO()
    babel_write_mo(buffer, babel_read_po(io.StringIO(text)))
    theirs = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    for message in marked_messages():
        if isinstance(message, tuple):
            for count in (0, 1, 2, 5, 21, 101):
                assert ours.ngettext(*message, count) == theirs.ngettext(*message, count)
        else:
            assert ours.gettext(message) == theirs.gettext(message)
    assert ours.info()["language"] == lang


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_language_has_its_plural_forms(lang):
    header = read_po(catalog_path(lang).read_text("utf-8"))[""]
    match = re.search(r"Plural-Forms: nplurals=(\d+);", header)
    assert match and int(match.group(1)) == PLURALS[lang]


def screens() -> str:
    """What is translated so far: the start screen and both games' new-game forms."""
    from game.web.setup import form_errors, form_html
    from game.web.start import start_screen_html

    bad = {"seed": "x", "speed": "warp", "players": "9", "first": "green"}
    errors = {**form_errors("tsuro", bad), **form_errors("tatsu", bad)}
    return (start_screen_html() + form_html("tsuro") + form_html("tatsu")
            + " ".join(errors.values()))


def test_the_start_screen_and_forms_speak_the_chosen_language():
    english = screens()
    for lang in TRANSLATED:
        i18n.use(lang)
        shown = screens()
        catalog = read_po(catalog_path(lang).read_text("utf-8"))
        for message in marked_messages():
            if isinstance(message, str) and catalog[message] != message and len(message) > 12:
                assert message not in shown, (lang, message)
        assert shown != english
    i18n.use(SOURCE_LANGUAGE)
    assert screens() == english


def test_a_language_is_chosen_by_its_code_else_english():
    assert chosen_language("es") == "es" and chosen_language("PT-br") == "pt"
    assert chosen_language("hu_HU") == "hu" and chosen_language(" ro ") == "ro"
    for other in (None, "", "de", "<script>", "e"):
        assert chosen_language(other) == SOURCE_LANGUAGE
    assert i18n.use("xx") == SOURCE_LANGUAGE and i18n.current() == SOURCE_LANGUAGE


def test_the_language_is_the_address_then_the_saved_choice_then_the_browsers():
    assert i18n.negotiate() == SOURCE_LANGUAGE
    assert i18n.negotiate("hu", "es", ["pt-BR"]) == "hu"  # ?lang= first
    assert i18n.negotiate("de", "es", ["pt-BR"]) == "es"  # a language we lack: next
    assert i18n.negotiate(None, None, ["de-DE", "pt-BR", "es"]) == "pt"  # first we speak
    assert i18n.negotiate("", "", ["de", "fr"]) == SOURCE_LANGUAGE
    assert i18n.negotiate(None, "RO") == "ro"
    assert i18n.negotiate(["es"], 7, [None, 3, "en-GB"]) == "en"  # nonsense is passed over
    assert i18n.known_language("es-419") == "es" and i18n.known_language("x") is None


def test_a_large_number_is_grouped_as_each_language_writes_it():
    said = {}
    for lang in LANGUAGES:
        with i18n.speaking(lang):
            said[lang] = [i18n.grouped(n) for n in (7, 4000, 1_000_000, -12345)]
    assert said == {"en": ["7", "4,000", "1,000,000", "-12,345"],
                    "es": ["7", "4000", "1.000.000", "-12.345"],
                    "pt": ["7", "4.000", "1.000.000", "-12.345"],
                    "hu": ["7", "4000", "1\u00a0000\u00a0000", "-12\u00a0345"],
                    "ro": ["7", "4.000", "1.000.000", "-12.345"]}


def test_speaking_a_language_ends_with_the_one_spoken_before():
    i18n.use("pt")
    with i18n.speaking("hu"):
        assert i18n.current() == "hu"
        with i18n.speaking("xx"):
            assert i18n.current() == SOURCE_LANGUAGE
        assert i18n.current() == "hu"
    assert i18n.current() == "pt"


def test_each_context_with_a_voice_of_its_own_speaks_its_own_language():
    """Two pages served by one runtime (game/web/session.py): each one's tasks speak the
    language it chose, however their steps interleave, and the runtime's own is left as
    it was."""
    import asyncio
    import contextvars
    from concurrent.futures import ThreadPoolExecutor

    i18n.use("pt")
    heard = []

    async def page(lang):
        i18n.use(lang)
        first = i18n.current()
        await asyncio.sleep(0)  # the other page's step comes between
        follow = asyncio.create_task(later())  # a task it starts keeps its voice
        heard.append((lang, first, i18n.current(), await follow))

    async def later():
        await asyncio.sleep(0)
        return i18n.current()

    async def both():
        contexts = [contextvars.copy_context() for _ in range(2)]
        for context in contexts:
            context.run(i18n.own_voice)
        assert contexts[0].run(i18n.current) == SOURCE_LANGUAGE  # (until it chooses)
        tasks = [context.run(asyncio.ensure_future, page(lang))
                 for context, lang in zip(contexts, ("hu", "ro"))]
        await asyncio.gather(*tasks)

    with ThreadPoolExecutor(1) as thread:  # (a browser test may have left a loop running here)
        thread.submit(asyncio.run, both()).result()
    assert sorted(heard) == [("hu", "hu", "hu", "hu"), ("ro", "ro", "ro", "ro")]
    assert i18n.current() == "pt"


def test_a_fetched_catalog_is_spoken_gzipped_or_not_and_a_damaged_one_changes_nothing(
        monkeypatch):
    """The page has no .po sources: it fetches a language's compiled catalog and hands it
    to add_catalog (game/web/language.py); a server may have unpacked the gzip already."""
    import gzip

    hungarian, romanian = (read_po(catalog_path(lang).read_text("utf-8")) for lang in ("hu", "ro"))
    compiled = write_mo(hungarian)
    monkeypatch.setattr(i18n, "_translations", {})
    monkeypatch.setattr(i18n, "LOCALE", Path("/nonexistent"))  # as in the page
    assert i18n.has_catalog("en") and i18n.has_catalog("xx") and not i18n.has_catalog("hu")
    for broken in (b"", b"not a catalog", gzip.compress(b"not a catalog"), compiled[:40],
                   gzip.compress(compiled)[:100]):
        with pytest.raises(ValueError, match="Magyar catalog cannot be read"):
            i18n.add_catalog("hu", broken)
        assert not i18n.has_catalog("hu")
    with pytest.raises(ValueError):
        i18n.add_catalog("en", compiled)
    i18n.add_catalog("hu", gzip.compress(compiled))
    i18n.add_catalog("ro", write_mo(romanian))
    assert i18n.has_catalog("hu") and i18n.has_catalog("ro")
    with i18n.speaking("hu"):
        assert i18n._("Language") == hungarian["Language"] != "Language"
    with i18n.speaking("ro"):
        assert i18n._("Language") == romanian["Language"] != "Language"


PO = '''msgid ""
msgstr ""
"Language: es\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: game/x.py:1
msgid "Play {game}"
msgstr "Jugar a "
"{game}"

#, fuzzy
msgid "Rules"
msgstr "Reglas"

msgid "Untranslated"
msgstr ""

msgid "one stone"
msgid_plural "{n} stones"
msgstr[0] "una piedra"
msgstr[1] "{n} piedras"

msgid "A \\"quoted\\" word"
msgstr "Una palabra \\"citada\\""
'''


def test_a_po_file_is_read_as_msgfmt_reads_it():
    catalog = read_po(PO)
    assert catalog["Play {game}"] == "Jugar a {game}"  # continued lines joined
    assert "Rules" not in catalog and "Untranslated" not in catalog  # fuzzy, empty: left out
    assert catalog[("one stone", "{n} stones")] == ("una piedra", "{n} piedras")
    assert catalog['A "quoted" word'] == 'Una palabra "citada"'
    words = gettext.GNUTranslations(io.BytesIO(write_mo(catalog)))
    assert words.ngettext("one stone", "{n} stones", 3) == "{n} piedras"
    assert words.gettext("Rules") == "Rules"


@pytest.mark.parametrize("broken", ['msgid "a"\nmsgstr b', 'msgid "a"\nmsgfoo "b"',
                                    '"orphan"', 'msgid "\\q"\nmsgstr "x"'])
def test_a_broken_po_file_is_refused_with_its_line(broken):
    with pytest.raises(CatalogError, match="line"):
        read_po(broken)


def test_no_marked_word_hides_where_the_extractor_cannot_see_it():
    """Babel reads no call inside an f-string on Python 3.11: a word marked there would
    never reach the catalogs. Every `_("…")` and `N_("…")` of one literal is extracted."""
    extracted = marked_messages()
    call = re.compile(r'\bN?_\("((?:[^"\\]|\\.)*)"\)')
    for path in GAME.rglob("*.py"):
        if path.name == "i18n.py":  # (its docstring shows the marks themselves)
            continue
        for text in call.findall(path.read_text("utf-8")):
            word = text.encode().decode("unicode_escape").encode("latin-1").decode()
            assert word in extracted, (path.name, word)


def test_a_number_chooses_the_form_each_language_has_for_it():
    one, many = "you against {computers} computer", "you against {computers} computers"
    expected = {"en": ("computer", "computers", "computers"),
                "ro": ("calculator", "calculatoare", "de calculatoare"),  # 1, 2, 20: 3 forms
                "es": ("ordenador", "ordenadores", "ordenadores")}
    for lang, words in expected.items():
        i18n.use(lang)
        for count, word in zip((1, 2, 20), words):
            assert i18n.ngettext(one, many, count).endswith(f"{{computers}} {word}")
