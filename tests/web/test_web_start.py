"""The first screen (game/web/start.py): a card per game with its real board in play, who
plays and for how long, a line about it, a button to play it and how to play."""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from test_web_setup import Tree

from game.core.i18n import LANGUAGES, _, speaking
from game.core.registry import game
from game.web import GAMES
from game.web.start import board_picture, card_picture_files, picture_state, start_screen_html

ROOT = Path(__file__).resolve().parents[2]
SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def boards(html: str) -> list:
    """The game boards drawn in the HTML (not the small icons), parsed."""
    return [svg for svg in map(ET.fromstring, SVG.findall(html)) if svg.get("data-board")]


def test_the_start_screen_parses_and_has_a_card_per_game_in_order():
    html = start_screen_html()
    tree = Tree(html)
    cards = tree.find("article")
    assert [c["attrs"]["data-card"] for c in cards] == list(GAMES) == ["tsuro", "tatsu"]
    titles = [e["text"] for e in tree.find("h2")]
    assert titles == ["Tsuro of the Seas", "Tatsu"]
    for card in cards:
        assert tree.one(id=card["attrs"]["aria-labelledby"])["tag"] == "h2"


def test_the_play_buttons_open_the_games():
    tree = Tree(start_screen_html())
    buttons = tree.find("button")
    assert [b["attrs"]["data-game"] for b in buttons] == ["tsuro", "tatsu"]
    assert [b["text"] for b in buttons] == ["Play Tsuro of the Seas", "Play Tatsu"]
    for button in buttons:
        assert button["attrs"]["type"] == "button"
        line = tree.one(id=button["attrs"]["aria-describedby"])
        assert line["text"] == game(button["attrs"]["data-game"]).card.line


def test_the_cards_show_their_boards_as_image_files_of_the_language():
    """Each card's picture is an <img> of the file the build writes for the language, its
    place kept by the drawing's size, its alt text the card's words."""
    files = card_picture_files()
    assert sorted(files) == sorted(f"cards/{key}-{lang}.svg" for key in GAMES
                                   for lang in LANGUAGES)
    for lang in LANGUAGES:
        with speaking(lang):
            tree = Tree(start_screen_html())
            images = tree.find("img")
            assert [i["attrs"]["src"] for i in images] == [f"cards/{key}-{lang}.svg"
                                                           for key in GAMES]
            for image, key in zip(images, GAMES):
                card = game(key).card
                assert image["attrs"]["alt"] == _(card.picture)
                svg = ET.fromstring(files[image["attrs"]["src"]]())
                width, height = svg.get("viewBox").split()[2:]
                assert (int(width), int(height)) == card.picture_size
                assert (image["attrs"]["width"], image["attrs"]["height"]) == (width, height)
    assert not SVG.findall(start_screen_html())  # no board drawn into the page itself


def test_the_picture_files_are_boards_with_nothing_to_click():
    files = card_picture_files()
    for key in GAMES:
        svg = ET.fromstring(files[f"cards/{key}-en.svg"]())
        assert svg.get("data-board") == key and svg.get("role") == "img"
        assert svg.get("aria-label") == game(key).card.picture
        assert not [e for e in svg.iter() if e.get("tabindex") or e.get("role") == "button"]
        own = {e.get("id") for e in svg.iter() if e.get("id")}
        assert own and all(i.startswith(f"start-{key}-") for i in own)
        for e in svg.iter():  # every href points at an id of its own file
            href = e.get("href")
            if href and href.startswith("#"):
                assert href[1:] in own
        # an image: one title, its own; no classes or data attributes within
        titles = [e for e in svg.iter() if e.tag.endswith("}title")]
        assert [t.text for t in titles] == [game(key).card.picture] and svg[0] is titles[0]
        inner = [e for e in svg.iter() if e is not svg]
        assert not [e for e in inner if any(a == "class" or a.startswith("data-")
                                            for a in e.attrib)]
        drawn = ET.fromstring(board_picture(key))  # the same drawing else
        assert len(inner) == sum(1 for e in drawn.iter() if not e.tag.endswith("}title"))


def test_the_pictures_are_games_in_progress():
    tsuro = picture_state("tsuro")
    assert not tsuro.is_over and tsuro.decision == "placement"
    assert sum(1 for t in tsuro.tile_at if t >= 0) >= 8
    assert sum(1 for seat in range(tsuro.players) if tsuro.out[seat] is None) >= 3
    assert sum(1 for square in tsuro.kaiju_square if square >= 0) >= 3
    tatsu = picture_state("tatsu")
    assert not tatsu.is_over and tatsu.turn > 10
    kinds = {tatsu.stone_at(s, f)[1] for s in range(24) for f in ("inner", "outer")
             if tatsu.stone_at(s, f)}
    assert kinds == {"vine", "water", "fire"}
    assert game("tsuro").card.config["players"] == 4


def test_who_plays_for_how_long_and_how():
    html = start_screen_html()
    text = re.sub(r"<[^>]+>", " ", SVG.sub(" ", html))
    for words in ("2–8 players", "20–40 min", "2 players", "about 30 min"):
        assert words in text
    tree = Tree(html)
    assert len(tree.find("details")) == 2
    assert [e["text"] for e in tree.find("summary")] == ["How to play", "How to play"]
    cards = [game(key).card for key in GAMES]
    for card in cards:
        assert 3 <= len(card.how) <= 5
    assert "last ship afloat wins" in text and "vine entangles" in text
    assert len(tree.find("li")) == sum(len(card.how) for card in cards)
    # the only links: each game's lesson and rules page (tests/site checks they are built)
    hrefs = re.findall(r'href="([^"]*)"', SVG.sub("", html))
    assert hrefs == [url for key in GAMES
                     for url in (f"learn.html?game={key}", f"rules/{game(key).rules_page}")]


def test_the_pictures_are_made_once():
    first = board_picture("tsuro")
    assert board_picture("tsuro") is first


def test_the_start_screen_needs_no_browser_and_loads_no_engine():
    """The module imports no drawing or engine until asked (how fast the screen is made
    is measured by `python3 -m lab.bench_start`, not here)."""
    code = ("import sys\n"
            "import game.web.start as start\n"
            "heavy = [m for m in ('game.tsuro.state', 'game.tatsu.state', 'js', 'pyodide') "
            "if m in sys.modules]\n"
            "print(heavy, bool(start.start_screen_html()))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "[] True", out


def test_the_start_screen_is_the_same_every_time():
    assert start_screen_html() == start_screen_html()
