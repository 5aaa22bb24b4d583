"""The first screen (game/web/start.py): a card per game with its real board in play, who
plays and for how long, a line about it, a button to play it and how to play."""

import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from test_web_setup import Tree

from game.core.registry import game
from game.web import GAMES
from game.web.start import board_picture, picture_state, start_screen_html

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


def test_both_boards_are_drawn_with_distinct_ids():
    html = start_screen_html()
    drawn = boards(html)
    assert [svg.get("data-board") for svg in drawn] == ["tsuro", "tatsu"]
    ids = [e.get("id") for svg in drawn for e in svg.iter() if e.get("id")]
    assert ids and len(ids) == len(set(ids))
    assert all(i.startswith(("start-tsuro-", "start-tatsu-")) for i in ids)
    for svg in drawn:  # a picture: nothing to click or focus
        assert svg.get("role") == "img"
        assert not [e for e in svg.iter() if e.get("tabindex") or e.get("role") == "button"]
        assert svg.get("aria-label") == game(svg.get("data-board")).card.picture
    # every href points at an id of its own board
    for svg in drawn:
        own = {e.get("id") for e in svg.iter() if e.get("id")}
        for e in svg.iter():
            href = e.get("href")
            if href and href.startswith("#"):
                assert href[1:] in own


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


def test_the_start_screen_is_fast_and_needs_no_browser():
    """Natively, well under 50 ms once the games' modules are loaded; the module itself
    imports no drawing or engine until asked."""
    code = ("import sys, time\n"
            "import game.web.start as start\n"
            "heavy = [m for m in ('game.tsuro.state', 'game.tatsu.state', 'pyscript', 'js') "
            "if m in sys.modules]\n"
            "assert not heavy, heavy\n"
            "import game.tsuro.svg, game.tatsu.svg, game.tsuro.state, game.tatsu.state\n"
            "t = time.perf_counter(); start.start_screen_html()\n"
            "first = time.perf_counter() - t\n"
            "t = time.perf_counter(); start.start_screen_html()\n"
            "print(first, time.perf_counter() - t)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    first, again = map(float, out)
    assert first < 0.05 and again < 0.005, (first, again)


def test_the_start_screen_is_the_same_every_time():
    start = time.perf_counter()
    assert start_screen_html() == start_screen_html()
    assert time.perf_counter() - start < 0.05
