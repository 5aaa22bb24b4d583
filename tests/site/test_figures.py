"""The games' figures (game/<game>/figures.py, drawn by game/core/figures.py): every one a
legal position with notes on real places, drawn the same every time as a standalone SVG;
each served and built as diagrams/NAME.svg, kept for offline play, and shown once on its
game's rules page, in an <img> with its words as alt text and its caption."""

import html.parser
import io
import random
import re
import xml.etree.ElementTree as ET
import zipfile
from importlib import import_module

import pytest

from game.core import RuleError, roll_die
from game.core.diagram import Notes, NotesError, image_file
from game.core.figures import Figure, all_figures, figures, render
from game.core.registry import games
from game.core.rule_links import page_url
from game.site.build import site_files
from game.site.bundle import game_archive
from game.site.rules import DIAGRAMS, Picture, source_name
from game.site.runtime import ROOT
from game.site.server import SourceSite, mime_type

NS = "{http://www.w3.org/2000/svg}"
ALL = all_figures()
NAMES = tuple(ALL)
# The figures other pages link by name (diagrams/NAME.svg): they must all exist.
REQUIRED = {
    "tsuro": ("tsuro-start-marks", "tsuro-sailing", "tsuro-placing-rule-1",
              "tsuro-placing-rule-2", "tsuro-placing-rule-3", "tsuro-placing-rule-4",
              "tsuro-daikaiju-roll", "tsuro-daikaiju-move", "tsuro-tile-eaten",
              "tsuro-elimination-bonus"),
    "tatsu": ("tatsu-moving", "tatsu-hold", "tatsu-entangle", "tatsu-expel", "tatsu-destroy",
              "tatsu-full-segment", "tatsu-enter", "tatsu-escape", "tatsu-recruit",
              "tatsu-win-kind", "tatsu-win-battle"),
}
DIAGRAM_LINE = re.compile(r"^<!--[ ]*diagram:[ ]*([a-z0-9-]+)[ ]*-->$", re.MULTILINE)


def words(svg: str) -> tuple:
    """(title, desc) of a drawing, whitespace folded."""
    root = ET.fromstring(svg.encode())
    return tuple(" ".join((root.findtext(NS + tag) or "").split()) for tag in ("title", "desc"))


@pytest.fixture(scope="module")
def built(site_built_once):
    """The site built once from the sources, runtime faked (tests/site/conftest.py)."""
    return site_built_once


# --- the figures ----------------------------------------------------------------------------
def test_the_figures_other_pages_link_all_exist():
    for key, names in REQUIRED.items():
        mine = figures(games()[key])
        assert set(names) <= set(mine), set(names) - set(mine)
        assert all(name.startswith(key + "-") for name in mine)  # unique across the games
    assert set(DIAGRAMS) == set(ALL) == {n for info in games().values() for n in figures(info)}


@pytest.mark.parametrize("name", NAMES)
def test_a_figure_is_a_legal_position_written_as_the_engine_writes_it(name):
    info, figure = ALL[name]
    assert isinstance(figure, Figure) and isinstance(figure.notes, dict)
    assert figure.seat is None or type(figure.seat) is int
    state = info.state_class.from_position(figure.position)  # refused if impossible
    to_text = import_module(f"{info.package}.position").to_text
    assert to_text(state.to_position()) == figure.position
    # the caption: one plain sentence
    caption = figure.caption
    assert caption[:1].isupper() and caption.endswith(".") and ". " not in caption
    assert "\n" not in caption and "  " not in caption and "<" not in caption


@pytest.mark.parametrize("name", NAMES)
def test_a_figure_renders_its_notes_on_real_places(name):
    info, figure = ALL[name]
    notes = Notes.from_dict(figure.notes)
    assert notes  # every figure says something over its board
    svg = render(info, figure)
    assert svg == render(info, figure) == DIAGRAMS[name]().svg  # the same text every time
    assert DIAGRAMS[name]().caption == figure.caption
    root = ET.fromstring(svg.encode())
    assert root.tag == NS + "svg"
    assert re.fullmatch(r"0 0 \d+ \d+", root.get("viewBox"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    title, desc = words(svg)
    assert title.startswith(info.name) and desc
    # every note is drawn, on a place the game knows (an unknown one is refused: below)
    assert desc.count("An arrow from ") == len(notes.arrows)
    assert desc.count("The label ") == len(notes.labels)
    assert ("Marked: " in desc) == bool(notes.highlight)
    assert ("Selected: " in desc) == (notes.select is not None)
    assert ("dashed lines where the ships would sail" in desc) == (notes.ghost is not None)
    classes = {e.get("class") for e in root.iter()}
    assert ("note-arrow" in classes) == bool(notes.arrows)
    assert ("note-tag label" in classes) == bool(notes.labels)
    assert ("note-highlight" in classes) == bool(notes.highlight)


@pytest.mark.parametrize("key, place", [("tsuro", "r8c1"), ("tatsu", "24")])
def test_a_figure_on_a_place_that_is_not_there_is_refused(key, place):
    info = games()[key]
    figure = next(iter(figures(info).values()))
    broken = Figure(figure.position, {"highlight": [place]}, None, "Nothing.")
    with pytest.raises(NotesError):
        render(info, broken)


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_the_placing_rule_figures_show_what_the_engine_refuses(number):
    """Each ghost tile is a placement the engine refuses by that rule (outlined in red)."""
    info, figure = ALL[f"tsuro-placing-rule-{number}"]
    state = info.state_class.from_position(figure.position)
    ghost = Notes.from_dict(figure.notes).ghost
    with pytest.raises(RuleError, match=f"placing rule {number}"):
        state.clone().apply(import_module("game.tsuro.actions").place(*ghost))
    assert "The rules forbid this placement" in words(render(info, figure))[1]


def test_the_elimination_bonus_figure_puts_another_captain_out():
    info, figure = ALL["tsuro-elimination-bonus"]
    state = info.state_class.from_position(figure.position)
    state.apply(import_module("game.tsuro.actions").place(*Notes.from_dict(figure.notes).ghost))
    assert state.decision == "bonus" and state.out[state.active] is None


def test_the_figures_stay_out_of_the_pages_bundle():
    shipped = " ".join(zipfile.ZipFile(io.BytesIO(game_archive())).namelist())
    assert "figures" not in shipped and "diagram" not in shipped


# --- in the rules pages and the site ------------------------------------------------------------
def test_every_diagram_line_names_a_figure_of_its_game_and_each_is_shown_once():
    for key, info in games().items():
        lines = DIAGRAM_LINE.findall((ROOT / source_name(key)).read_text(encoding="utf-8"))
        mine = figures(info)
        assert set(lines) <= set(mine), set(lines) - set(mine)
        assert sorted(lines) == sorted(mine)  # every figure once
    text = "".join((ROOT / source_name(key)).read_text(encoding="utf-8") for key in games())
    assert text.count("<!-- diagram:") == len(ALL)


class Figures(html.parser.HTMLParser):
    """The <figure class="diagram"> elements of a page: [{id, img attributes, caption}]."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.found, self.inside, self.caption = [], None, False
        self.images = []  # every <img>'s attributes
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "figure" and attributes.get("class") == "diagram":
            self.inside = {"id": attributes.get("id"), "img": None, "caption": ""}
            self.found.append(self.inside)
        elif tag == "img":
            self.images.append(attributes)
            if self.inside is not None:
                self.inside["img"] = attributes
        elif tag == "figcaption":
            self.caption = True

    def handle_endtag(self, tag):
        if tag == "figure":
            self.inside = None
        elif tag == "figcaption":
            self.caption = False

    def handle_data(self, data):
        if self.caption and self.inside is not None:
            self.inside["caption"] += data


def test_each_figure_is_in_the_built_site_and_shown_once_on_its_rules_page(built):
    sw = (built / "sw.js").read_text()
    for key, info in games().items():
        page = Figures((built / page_url(key)).read_text(encoding="utf-8"))
        mine = figures(info)
        lines = DIAGRAM_LINE.findall((ROOT / source_name(key)).read_text(encoding="utf-8"))
        assert [f["id"] for f in page.found] == [f"diagram-{name}" for name in lines]
        for name, figure in mine.items():
            svg = render(info, figure)
            assert (built / "diagrams" / f"{name}.svg").read_bytes() == image_file(svg).encode()
            assert f'"./diagrams/{name}.svg"' in sw  # kept for offline play
            shown = [f for f in page.found if f["id"] == f"diagram-{name}"]
            assert len(shown) == 1, name
            img = shown[0]["img"]
            linked = [i for i in page.images if i.get("src") == f"../diagrams/{name}.svg"]
            assert linked == [img]  # an <img>, once, in its figure
            root = ET.fromstring(svg.encode())
            assert img["alt"] == " ".join(words(svg))  # the drawing's words
            assert (img["width"], img["height"]) == (root.get("width"), root.get("height"))
            assert shown[0]["caption"] == figure.caption
    for key in games():  # never inline: the page keeps its styles, each drawing its own
        assert "<svg" not in (built / page_url(key)).read_text(encoding="utf-8")


def test_the_figures_are_generated_and_served_live():
    files = site_files(ROOT)
    for name, (info, figure) in ALL.items():
        path = f"diagrams/{name}.svg"
        assert callable(files[path]) and not (ROOT / path).exists()
        assert files[path]() == image_file(render(info, figure)).encode()
        assert SourceSite(ROOT).lookup(path) == files[path]()
        assert mime_type(path) == "image/svg+xml"


def test_a_picture_is_a_drawing_a_caption_and_its_live_example():
    info, figure = ALL[NAMES[0]]
    assert DIAGRAMS[NAMES[0]]() == Picture(render(info, figure), figure.caption,
                                           figure.example.parameters(info.key, figure))


def _rolling(faces) -> random.Random:
    """Dice whose first rolls are `faces` (a seeded generator found for them)."""
    for seed in range(100_000):
        dice = random.Random(seed)
        if all(roll_die(dice) == face for face in faces):
            return random.Random(seed)
    raise AssertionError(f"no seed rolls {faces}")


@pytest.mark.parametrize("name, die", [("tsuro-daikaiju-move", 2), ("tsuro-tile-eaten", 1)])
def test_the_daikaiju_arrows_are_where_the_engine_moves_them(name, die):
    """Gold 3 and blue 4 (a sum of 7) and then `die`: each arrow drawn is a daikaiju's
    move, and a daikaiju stepping onto a ship's tile eats it and sinks the ship."""
    from game.tsuro.diagram import square_of

    info, figure = ALL[name]
    state = info.state_class.at_turn_start(figure.position, rng=_rolling((3, 4, die)))
    events = [(e.kind, e.data) for e in state.setup_events]
    assert ("daikaiju_die", {"face": die}) in events
    moved = {(d["from"], d["to"]) for kind, d in events if kind == "daikaiju_moved"}
    arrows = Notes.from_dict(figure.notes).arrows
    assert arrows and {(square_of(a.start, "from"), square_of(a.end, "to"))
                       for a in arrows} <= moved
    if name == "tsuro-tile-eaten":
        eaten = [d["square"] for kind, d in events if kind == "tile_eaten"]
        assert eaten == [square_of(arrows[0].end, "to")]
        assert ("ship_out", {"seat": 0, "reason": "tile eaten"}) in events


def test_a_figures_file_is_its_drawing_without_what_only_a_page_uses():
    """diagrams/NAME.svg (game/core/diagram.py, image_file): the drawing's root, its own
    title, description and style as they are, every other element and class kept; no
    piece's <title> and no data attribute below the root (an <img> has no use for them)."""
    fewer = 0
    for info, figure in ALL.values():
        svg = render(info, figure)
        drawn, served = ET.fromstring(svg.encode()), ET.fromstring(image_file(svg).encode())
        assert served.attrib == drawn.attrib and words(image_file(svg)) == words(svg)
        assert served.findtext(NS + "style") == drawn.findtext(NS + "style")
        assert [e for e in served.iter(NS + "title")] == [served.find(NS + "title")]
        assert not [name for e in served.iter() if e is not served for name in e.attrib
                    if name.startswith("data-")]
        kept = [(e.tag, e.get("class")) for e in drawn.iter() if e.tag != NS + "title"
                or e is drawn.find(NS + "title")]
        assert [(e.tag, e.get("class")) for e in served.iter()] == kept
        fewer += len(list(drawn.iter())) - len(list(served.iter()))
    assert fewer > 100  # (Tatsu's stones have a title each)
