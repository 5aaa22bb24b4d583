"""The start form (game/web/setup.py): its HTML, redrawing it after a change, checking it
field by field, reading it into seats, and the board drawn under it."""

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from game.core.rng import SEED_CHARACTERS, seed_refusal
from game.web.setup import (
    KIND_LABELS,
    NAME_MAX,
    FormError,
    default_name,
    form_errors,
    form_html,
    read_form,
    refreshed_form,
    sample_board,
    wants_casual,
)
from game.web.tatsu_setup import tatsu_form
from game.web.tsuro_setup import tsuro_form

VOID = {"input", "br", "img", "meta", "link", "hr", "col", "area", "base", "wbr", "source"}


class Tree(HTMLParser):
    """The form's elements, checked for balanced tags, with their attributes and the text
    of each element (labels, options, error messages)."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.stack, self.elements = [], []
        self.feed(html)
        self.close()
        assert not self.stack, f"unclosed: {[e['tag'] for e in self.stack]}"

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append({"tag": tag, "attrs": dict(attrs), "text": ""})

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1]["tag"] == tag, f"</{tag}> closes nothing open"
        self.stack.pop()

    def handle_data(self, data):
        for element in self.stack:
            element["text"] += data

    def find(self, tag=None, **attrs):
        return [e for e in self.elements if (tag is None or e["tag"] == tag)
                and all(e["attrs"].get(k.rstrip("_").replace("_", "-")) == v
                        for k, v in attrs.items())]

    def one(self, tag=None, **attrs):
        found = self.find(tag, **attrs)
        assert len(found) == 1, (tag, attrs, len(found))
        return found[0]

    def value(self, name):
        return self.one("input", name=name)["attrs"].get("value")

    def selected(self, name):
        select = self.elements.index(self.one("select", name=name))
        chosen = []
        for element in self.elements[select + 1:]:
            if element["tag"] != "option":
                break
            if "selected" in element["attrs"]:
                chosen.append(element["attrs"]["value"])
        assert len(chosen) == 1
        return chosen[0]


def tsuro_values(**changes) -> dict:
    values = {"players": "3", "daikaiju": "on", "seed": "", "speed": "normal",
              "name0": "Captain 1", "player0": "human", "name1": "Easy computer 2",
              "player1": "easy", "name2": "Easy computer 3", "player2": "easy"}
    values.update(changes)
    return values


def tatsu_values(**changes) -> dict:
    values = {"first": "black", "seed": "", "speed": "normal", "name0": "Player 1",
              "player0": "human", "name1": "Easy computer", "player1": "easy"}
    values.update(changes)
    return values


# --- the form's HTML --------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["tsuro", "tatsu"])
def test_every_control_has_a_label_and_the_form_parses(game):
    tree = Tree(form_html(game))
    labels = {e["attrs"]["for"]: e["text"].strip() for e in tree.find("label")}
    controls = [e for e in tree.elements if e["tag"] in ("input", "select")]
    assert controls
    for control in controls:
        ident = control["attrs"]["id"]
        assert ident.startswith("setup-") and labels.get(ident), ident  # a <label for>
    assert len({c["attrs"]["id"] for c in controls}) == len(controls)
    assert tree.one("form")["attrs"]["id"] == "setup-form"
    assert tree.one("button", type="submit")["text"] == "Start the game"
    assert tree.one("fieldset") and tree.one("legend")["text"]
    assert labels["setup-seed"].startswith("Seed")


def test_the_seat_menus_say_person_or_computer_and_its_level():
    tree = Tree(tsuro_form(2))
    texts = [e["text"] for e in tree.find("option") if e["attrs"]["value"] in KIND_LABELS]
    assert texts[:4] == ["Person", "Computer: easy", "Computer: medium", "Computer: hard"]
    assert max(len(text) for text in KIND_LABELS.values()) <= 16  # short enough for a phone
    for i in range(2):
        menu = tree.one("select", name=f"player{i}")
        assert menu["attrs"]["data-refresh"]  # the page redraws the form when it changes
    labels = {e["attrs"]["for"]: e["text"] for e in tree.find("label")}
    assert labels["setup-player0"] == "Red circle played by"
    assert labels["setup-name1"] == "Orange square name"
    assert tree.one("select", name="players")["attrs"]["data-refresh"]


def test_tatsu_names_who_starts_and_its_seats():
    tree = Tree(tatsu_form())
    labels = {e["attrs"]["for"]: e["text"] for e in tree.find("label")}
    assert labels["setup-first"] == "Who starts"
    assert [e["text"] for e in tree.find("option") if e["attrs"]["value"] in
            ("black", "white", "roll")] == ["Black", "White", "Roll a die each"]
    assert tree.one("legend")["text"] == "Players"
    assert [tree.value("name0"), tree.value("name1")] == ["Player 1", "Easy computer"]


def test_computer_seats_are_named_for_what_they_are():
    tree = Tree(tsuro_form(4, kinds=["human", "easy", "medium", "hard"]))
    assert [tree.value(f"name{i}") for i in range(4)] == [
        "Captain 1", "Easy computer 2", "Medium computer 3", "Hard computer 4"]
    assert default_name("tatsu", 1, "hard") == "Hard computer"
    assert default_name("tatsu", 0, "human") == "Player 1"
    assert "Player 2" not in form_html("tatsu") and "Player 2" not in form_html("tsuro")


def test_names_may_be_forty_characters_and_the_form_says_so():
    tree = Tree(form_html("tsuro"))
    hint = tree.one(id="setup-name-hint")
    assert "40 characters" in hint["text"]
    for i in range(3):
        name = tree.one("input", name=f"name{i}")["attrs"]
        assert name["maxlength"] == "40" == str(NAME_MAX)
        assert "setup-name-hint" in name["aria-describedby"].split()
    assert tree.one("input", name="seed")["attrs"]["maxlength"] == "200" == str(
        SEED_CHARACTERS)
    forty = "A" * 39 + "Z"
    _, _, seats, _ = read_form("tsuro", tsuro_values(name0=forty), 1)
    assert seats[0].name == forty  # kept whole, never cut


def test_names_are_escaped_and_never_run():
    attack = '"><script>alert(1)</script><img src=x onerror=alert(2)>'
    for html in (tsuro_form(2, names=[attack, "B"]), tatsu_form(names=[attack, "B"]),
                 refreshed_form("tsuro", tsuro_values(name0=attack[:40]))):
        assert "<script" not in html and "<img" not in html
        tree = Tree(html)
        assert not tree.find("script") and not tree.find("img")
        assert tree.value("name0").startswith('"><script>')  # the value, as typed


# --- redrawing after a change -------------------------------------------------------------
def test_a_refresh_keeps_typed_names_and_gives_defaults_by_kind():
    values = tsuro_values(name0="Ann", player1="hard", name2="Easy computer 3",
                          player2="human")
    tree = Tree(refreshed_form("tsuro", values))
    assert [tree.value(f"name{i}") for i in range(3)] == [
        "Ann", "Hard computer 2", "Captain 3"]
    assert [tree.selected(f"player{i}") for i in range(3)] == ["human", "hard", "human"]
    # a typed name stays whatever the menu says
    tree = Tree(refreshed_form("tsuro", tsuro_values(name1="Bob", player1="medium")))
    assert tree.value("name1") == "Bob" and tree.selected("player1") == "medium"


def test_a_refresh_follows_the_number_of_captains_and_keeps_the_rest():
    values = tsuro_values(players="5", name0="Ann", daikaiju="", seed="77", speed="fast")
    tree = Tree(refreshed_form("tsuro", values))
    assert len(tree.find("div", class_="seat-row")) == 5
    assert [tree.value(f"name{i}") for i in range(5)] == [
        "Ann", "Easy computer 2", "Easy computer 3", "Easy computer 4", "Easy computer 5"]
    assert tree.selected("players") == "5" and tree.selected("speed") == "fast"
    assert tree.value("seed") == "77"
    assert "checked" not in tree.one("input", name="daikaiju")["attrs"]
    fewer = Tree(refreshed_form("tsuro", dict(values, players="2")))
    assert len(fewer.find("div", class_="seat-row")) == 2 and fewer.value("name0") == "Ann"


def test_a_tatsu_refresh_keeps_who_starts_and_the_names():
    values = tatsu_values(name0="Ann", player1="medium", first="roll", seed="5")
    tree = Tree(refreshed_form("tatsu", values))
    assert [tree.value("name0"), tree.value("name1")] == ["Ann", "Medium computer"]
    assert tree.selected("first") == "roll" and tree.value("seed") == "5"
    tree = Tree(refreshed_form("tatsu", tatsu_values(player1="human")))
    assert tree.value("name1") == "Player 2"


# --- errors, field by field -----------------------------------------------------------------
@pytest.mark.parametrize("seed", ["1" * 41, "-" + "9" * 41, "x" * 201, "\ud800"])
def test_a_bad_seed_is_an_error_of_the_seed_field(seed):
    # the one rule of every seed (game/core/rng.py), in its one sentence, as a sentence
    errors = form_errors("tsuro", tsuro_values(seed=seed))
    assert set(errors) == {"seed"}
    rule = seed_refusal(seed).partition(", not ")[0]
    assert errors["seed"].startswith("A" + rule[1:] + ", not ") and errors["seed"][-1] == "."
    assert "40 digits" in rule and "200 characters" in rule
    with pytest.raises(FormError) as raised:
        read_form("tsuro", tsuro_values(seed=seed), 1)
    assert raised.value.errors == errors and isinstance(raised.value, ValueError)


@pytest.mark.parametrize("seed, expected", [
    ("", 7), (" 42 ", 42), ("0", 0), ("007", 7), ("999999999999", 999999999999),
    ("-3", -3), ("9" * 40, int("9" * 40)), ("x1", "x1"), ("1.5", "1.5"), ("１２", "１２"),
    ("a seed of my own", "a seed of my own"), ("y" * 200, "y" * 200)])
def test_good_seeds(seed, expected):
    # a whole number when it is one, else the text itself: what a record may hold
    assert form_errors("tatsu", tatsu_values(seed=seed)) == {}
    assert read_form("tatsu", tatsu_values(seed=seed), 7)[1] == expected


def test_each_error_is_shown_beside_its_field_and_announced():
    values = tsuro_values(seed="1" * 50, name1="B" * (NAME_MAX + 5))
    errors = form_errors("tsuro", values)
    assert set(errors) == {"seed", "name1"}
    assert "at most 40 characters" in errors["name1"] and "45" in errors["name1"]
    tree = Tree(refreshed_form("tsuro", values, errors))
    for field in ("seed", "name1"):
        control = tree.one("input", name=field)["attrs"]
        message = tree.one(id=f"setup-{field}-error")
        assert control["aria-invalid"] == "true"
        assert f"setup-{field}-error" in control["aria-describedby"].split()
        assert message["attrs"]["role"] == "alert" and message["text"] == errors[field]
        assert "field-error" in message["attrs"]["class"]
    # the error sits in the field's own box, right after the control
    seed_box = tree.elements.index(tree.one("input", name="seed"))
    assert tree.elements[seed_box + 1]["attrs"].get("id") == "setup-seed-error"
    assert "aria-invalid" not in tree.one("input", name="name0")["attrs"]
    assert tree.value("seed") == "1" * 50  # what was typed stays, to be corrected


def test_other_values_that_cannot_start_a_game():
    assert set(form_errors("tsuro", tsuro_values(players="9"))) == {"players"}
    assert set(form_errors("tsuro", tsuro_values(players="two"))) == {"players"}
    assert set(form_errors("tsuro", tsuro_values(player2="wizard"))) == {"player2"}
    assert set(form_errors("tsuro", tsuro_values(speed="warp"))) == {"speed"}
    assert set(form_errors("tatsu", tatsu_values(first="grey"))) == {"first"}
    assert form_errors("tsuro", tsuro_values()) == {} == form_errors("tatsu", tatsu_values())
    # a count out of range still draws a form (within 2 to 8 seats)
    assert Tree(refreshed_form("tsuro", tsuro_values(players="99"))).find(
        "div", class_="seat-row")


# --- reading the form -----------------------------------------------------------------------
def test_reading_the_form_into_seats():
    values = tsuro_values(players="4", daikaiju="", seed="42", speed="fast", name0=" Ann ",
                          name1="", player1="medium", name3="", player3="human")
    config, seed, seats, speed = read_form("tsuro", values, 5)
    assert config == {"players": 4, "daikaiju": False} and seed == 42 and speed == "fast"
    assert [s.name for s in seats] == ["Ann", "Medium computer 2", "Easy computer 3",
                                       "Captain 4"]
    assert [s.player for s in seats] == ["human", "medium", "easy", "human"]
    config, seed, seats, _ = read_form("tatsu", tatsu_values(name0="", first="white"), 3)
    assert config == {"first": "white"} and seed == 3
    assert [s.name for s in seats] == ["Player 1 (Black)", "Easy computer (White)"]
    _, _, seats, _ = read_form("tatsu", tatsu_values(name0="Black Jack"), 3)
    assert seats[0].name == "Black Jack"  # already says its side


# --- the board under the form -------------------------------------------------------------
def test_the_sample_tsuro_board_is_the_empty_sea():
    svg = ET.fromstring(sample_board("tsuro"))
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert svg.get("data-board") == "tsuro" and svg.get("role") == "img"
    assert len(svg.findall(".//s:rect[@class='square']", ns)) == 49
    for drawn in ("daikaiju", "ship", "tile", "trail", "choice", "target", "preview"):
        assert not [e for e in svg.iter() if drawn in (e.get("class") or "").split()], drawn
    assert "before a game" in svg.get("aria-label")
    assert svg.find("s:title", ns).text == svg.get("aria-label")


def test_the_sample_tatsu_board_has_no_dice_and_nobody_to_move():
    text = sample_board("tatsu")
    svg = ET.fromstring(text)
    assert svg.get("data-board") == "tatsu"
    assert svg.get("data-dice") == "" and svg.get("data-rolled") == ""
    assert svg.get("data-active") == "" and svg.get("data-decision") == ""
    classes = [(e.get("class") or "").split() for e in svg.iter()]
    assert not [c for c in classes if "die" in c or "movable" in c or "target" in c]
    stones = [e for e in svg.iter() if "stone" in (e.get("class") or "").split()]
    assert len(stones) == 6 and {s.get("data-kind") for s in stones} == {"vine"}
    trays = {(e.get("data-seat"), e.get("data-kind")): e.get("data-count") for e in svg.iter()
             if e.get("data-box") == "tray"}
    assert trays[("0", "water")] == "3" and trays[("1", "fire")] == "2"
    assert " to move" not in text and "turn 1" not in text


def test_the_sample_boards_ids_do_not_clash_with_a_game_board():
    for game in ("tsuro", "tatsu"):
        ids = [e.get("id") for e in ET.fromstring(sample_board(game)).iter() if e.get("id")]
        assert all(i.startswith("sample-") for i in ids)


@pytest.mark.parametrize("game", ["tsuro", "tatsu"])
def test_the_casual_switch_is_offered_kept_on_refresh_and_read(game):
    assert 'id="setup-casual"' in form_html(game)
    assert 'name="casual" checked' not in form_html(game)
    values = {"casual": "on", "name0": "Ann", "player0": "human"}
    assert 'name="casual" checked' in refreshed_form(game, values)
    assert wants_casual(values) and not wants_casual({}) and not wants_casual(None)


@pytest.mark.parametrize("game", ["tsuro", "tatsu"])
def test_the_hints_switch_is_offered_off_kept_on_refresh_and_read(game):
    from game.web.setup import wants_hints

    form = form_html(game)
    assert 'id="setup-hints"' in form and 'name="hints" checked' not in form
    assert 'aria-describedby="setup-hints-hint"' in form and 'id="setup-hints-hint"' in form
    values = {"hints": "on", "name0": "Ann", "player0": "human"}
    assert 'name="hints" checked' in refreshed_form(game, values)
    assert 'name="casual" checked' not in refreshed_form(game, values)
    assert wants_hints(values) and not wants_hints({"casual": "on"}) and not wants_hints(None)


def test_the_form_a_game_started_from_is_kept_for_next_time_without_its_seed():
    from game.web.setup import kept_form, kept_form_text, refreshed_form

    values = {"players": "3", "player0": "human", "name0": "Ann", "player1": "hard",
              "name1": "Bob", "player2": "human", "name2": "Cleo", "seed": "42",
              "speed": "fast", "daikaiju": "on", "casual": "on", "hints": "on"}
    kept = kept_form("tsuro", kept_form_text(values))
    assert kept == {k: v for k, v in values.items() if k != "seed"}
    form = refreshed_form("tsuro", kept)
    for shown in ('value="Ann"', 'value="Bob"', 'value="Cleo"'):
        assert shown in form
    assert 'value="42"' not in form


@pytest.mark.parametrize("text", [None, "", "{", "[]", '{"players": 3}', '{"speed": "warp"}',
                                  '{"name0": "' + "x" * 200 + '"}', '{"players": "12"}'])
def test_a_kept_form_that_is_not_a_form_of_ours_is_ignored(text):
    from game.web.setup import kept_form

    assert kept_form("tsuro", text) is None
