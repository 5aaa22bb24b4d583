"""The notes of a diagram (game/core/diagram.py) and the command line's `diagram` and
`position` verbs (game/__main__.py), for both games through the registry."""

import json
import random
import xml.etree.ElementTree as ET
from importlib import import_module

import pytest

from game.__main__ import main
from game.core.diagram import Arrow, Notes, NotesError
from game.core.registry import games
from game.tatsu import TatsuState
from game.tsuro import TsuroState

NS = "{http://www.w3.org/2000/svg}"
TATSU = "1VVV9vvv8_b34_-_-_1"  # Black's vines on 1-3, White's on 13-15; Black rolled 3, 4


# --- the notes ---------------------------------------------------------------------------
def test_notes_from_the_options():
    notes = Notes.from_options(highlight=["3/5", " 24 "], arrow=["0:r4c4:sails: far", "1:2"],
                               label=["5i=a = b"], dim=True, ghost="12/1", select="5i")
    assert notes == Notes(highlight=("3/5", "24"),
                          arrows=(Arrow("0", "r4c4", "sails: far"), Arrow("1", "2")),
                          labels=(("5i", "a = b"),), dim=True, ghost=(12, 1), select="5i")
    assert not Notes.from_options() and Notes.from_options(dim=True)
    # a ghost as the text form writes a tile: numbered from 1, where its top points
    assert Notes.from_options(ghost="13e").ghost == (12, 1)
    assert Notes.from_options(ghost="1N").ghost == (0, 0)
    assert Notes.from_options(ghost="56w").ghost == (55, 3)


def test_notes_from_a_file_and_the_options_added(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({
        "highlight": ["3/5", 24], "arrows": [{"from": 24, "to": 25, "label": "sails"}, "1:2"],
        "labels": [{"at": "3/5", "text": "A"}, "0=B"], "dim": True,
        "ghost": {"tile": 12, "rotation": 1}, "select": "5i"}))
    notes = Notes.from_options(notes=str(path), highlight=["0"], ghost="3/2")
    assert notes == Notes(highlight=("3/5", "24", "0"),
                          arrows=(Arrow("24", "25", "sails"), Arrow("1", "2")),
                          labels=(("3/5", "A"), ("0", "B")), dim=True, ghost=(3, 2),
                          select="5i")


@pytest.mark.parametrize("options, message", [
    ({"arrow": ["3"]}, "--arrow: an arrow is FROM:TO or FROM:TO:LABEL, not '3'"),
    ({"arrow": [":4"]}, "--arrow: an arrow is FROM:TO"),
    ({"label": ["3"]}, "--label: a label is PLACE=TEXT, not '3'"),
    ({"label": ["3= "]}, "--label: a label is PLACE=TEXT"),
    ({"ghost": "12"}, "--ghost: a ghost is TILE/ROTATION, like 12/1 (the tile 0-55"),
    ({"ghost": "a/1"}, "--ghost: a ghost is TILE/ROTATION"),
    ({"ghost": "0e"}, "--ghost: a ghost is TILE/ROTATION"),
    ({"ghost": "13x"}, "--ghost: a ghost is TILE/ROTATION"),
    ({"highlight": [" "]}, "--highlight: a place is a text"),
    ({"notes": "/nonexistent/notes.json"}, "--notes: cannot read /nonexistent/notes.json"),
])
def test_bad_options_are_refused_naming_the_option(options, message):
    with pytest.raises(NotesError) as caught:
        Notes.from_options(**options)
    assert str(caught.value).startswith(message)
    assert caught.value.option == message.split(":")[0]


@pytest.mark.parametrize("data, message", [
    ([], "--notes: the notes are a JSON object"),
    ({"arrow": []}, "--notes: unknown key 'arrow'"),
    ({"highlight": "5"}, "--notes: highlight: a list"),
    ({"arrows": [{"from": 1}]}, "--notes: arrows[0]: an arrow is"),
    ({"arrows": [{"from": 1, "to": 2, "label": 3}]}, "--notes: arrows[0]: a label is a text"),
    ({"labels": [{"at": 1}]}, "--notes: labels[0]: a label is"),
    ({"dim": "yes"}, "--notes: dim: true or false"),
    ({"ghost": [1, 2]}, "--notes: ghost: a ghost is"),
    ({"select": None, "highlight": [None]}, "--notes: highlight: a place is a text"),
])
def test_bad_notes_files_are_refused_naming_the_key(data, message):
    with pytest.raises(NotesError, match="^" + message.replace("[", r"\[").replace(
            "]", r"\]")):
        Notes.from_dict(data)


# --- the command line ----------------------------------------------------------------------
@pytest.fixture
def tsuro_record(tmp_path):
    """A saved game of Tsuro of the Seas: 3 captains, random moves; (path, actions)."""
    state = TsuroState({"players": 3, "daikaiju": True}, 11)
    rng = random.Random(11)
    for _ in range(14):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "tsuro.json"
    path.write_text(json.dumps(state.to_record()))
    return path, state


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_diagram_to_a_file_and_to_stdout(capsys, tmp_path):
    out = tmp_path / "d.svg"
    code, printed, err = run(capsys, "diagram", "--game", "tatsu", "--position", TATSU,
                             "--select", "3i", "--highlight", "5", "6", "--dim",
                             "--arrow", "3:7:the 4", "--label", "12=fire", "--out", str(out))
    assert (code, printed, err) == (0, "", "")
    root = ET.fromstring(out.read_bytes())
    assert root.tag == NS + "svg" and root.get("viewBox")
    assert "An arrow from segment 3 to segment 7, labelled" in root.find(NS + "desc").text
    code, printed, _ = run(capsys, "diagram", "--game", "tatsu", "--position", TATSU,
                           "--select", "3i", "--highlight", "5", "6", "--dim",
                           "--arrow", "3:7:the 4", "--label", "12=fire")
    assert code == 0 and printed == out.read_text()


def test_a_diagram_of_a_saved_game_at_a_step(capsys, tmp_path, tsuro_record):
    path, state = tsuro_record
    notes = tmp_path / "notes.json"
    notes.write_text(json.dumps({"highlight": ["3/5"], "dim": True}))
    code, printed, err = run(capsys, "diagram", "--game", "tsuro", "--record", str(path),
                             "--at", "14", "--notes", str(notes), "--seat", "3")
    assert (code, err) == (0, "")
    root = ET.fromstring(printed.encode())
    assert root.find(NS + "title").text.endswith("You are Yellow triangle (seat 3).")
    expected = import_module("game.tsuro.diagram").diagram(
        state, Notes(highlight=("3/5",), dim=True), seat=2)
    assert printed == expected


def test_a_diagram_with_a_ghost_from_a_saved_game(capsys, tmp_path):
    state = TsuroState({"players": 2, "daikaiju": True}, 4)
    rng = random.Random(4)
    while state.decision != "placement" or state.turn < 3:
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(state.to_json())
    tile = state.hands[state.active][1]
    code, printed, err = run(capsys, "diagram", "--game", "tsuro", "--record", str(path),
                             "--at", str(len(state.history)), "--ghost", f"{tile}/2")
    assert (code, err) == (0, "")
    (preview,) = [e for e in ET.fromstring(printed.encode()).iter()
                  if e.get("class") == "preview"]
    assert preview.get("data-tile") == str(tile) and preview.get("data-rotation") == "2"


def refused(capsys, *argv):
    code, printed, err = run(capsys, *argv)
    assert code == 2 and printed == ""
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err


def test_bad_notes_on_the_command_line_exit_2_with_one_line(capsys, tsuro_record):
    record = ("--record", str(tsuro_record[0]), "--at", "14")
    tatsu = ("diagram", "--game", "tatsu", "--position", TATSU)
    assert "--arrow: an arrow is FROM:TO" in refused(capsys, *tatsu, "--arrow", "3")
    assert "--label: a label is PLACE=TEXT" in refused(capsys, *tatsu, "--label", "x")
    assert "--highlight: no place '25'" in refused(capsys, *tatsu, "--highlight", "25")
    assert "--select: no stone on segment 6" in refused(capsys, *tatsu, "--select", "6i")
    assert "--ghost: a ghost tile is for Tsuro" in refused(capsys, *tatsu, "--ghost", "1/1")
    assert "--seat: a seat is 1 (Black) or 2 (White), not 5" in refused(capsys, *tatsu,
                                                                         "--seat", "5")
    assert "--notes: cannot read" in refused(capsys, *tatsu, "--notes", "missing.json")
    tsuro = ("diagram", "--game", "tsuro", *record)
    assert "--highlight: no square '7/7'" in refused(capsys, *tsuro, "--highlight", "7/7")
    assert "--select: selecting a stone is for Tatsu" in refused(capsys, *tsuro,
                                                                 "--select", "5i")
    assert "--ghost: " in refused(capsys, *tsuro, "--ghost", "99/0")


def test_bad_positions_and_records_exit_2_with_one_line(capsys, tmp_path, tsuro_record):
    path = str(tsuro_record[0])
    for verb in ("diagram", "position"):
        assert "error: --position: no file nope.json" in refused(
            capsys, verb, "--game", "tatsu", "--position", "nope.json")
        assert "error: text: " in refused(capsys, verb, "--game", "tatsu", "--position", "zz")
        assert "a step is a whole number from 0 to 14, not 15" in refused(
            capsys, verb, "--game", "tsuro", "--record", path, "--at", "15")
        assert "--record needs --at N" in refused(capsys, verb, "--game", "tsuro",
                                                  "--record", path)
        assert "--at goes with --record" in refused(capsys, verb, "--game", "tatsu",
                                                    "--position", TATSU, "--at", "3")
        assert "not 'tatsu'" in refused(capsys, verb, "--game", "tatsu", "--record", path,
                                        "--at", "1")
        assert "cannot read the saved game" in refused(capsys, verb, "--game", "tatsu",
                                                       "--record", str(tmp_path), "--at", "1")
    assert "cannot write" in refused(capsys, "diagram", "--game", "tatsu", "--position",
                                     TATSU, "--out", str(tmp_path / "no" / "d.svg"))


def test_position_prints_json_then_the_text_form(capsys, tmp_path):
    code, printed, err = run(capsys, "position", "--game", "tatsu", "--position", TATSU)
    assert (code, err) == (0, "")
    first, second = printed.splitlines()
    position = json.loads(first)
    assert position["game"] == TatsuState.GAME and position["dice"] == [3, 4]
    assert second == TATSU
    assert TatsuState.from_position(second).to_position() == position
    # the same position from its JSON typed in, and from a file of either form
    assert run(capsys, "position", "--game", "tatsu", "--position", first) == (0, printed, "")
    for name, text in (("p.json", first), ("p.txt", second + "\n")):
        (tmp_path / name).write_text(text)
        assert run(capsys, "position", "--game", "tatsu", "--position",
                   str(tmp_path / name)) == (0, printed, "")


@pytest.mark.parametrize("key", sorted(games()))
def test_position_of_a_saved_game_reads_back(capsys, tmp_path, key):
    info = games()[key]
    pytest.importorskip(f"{info.package}.position")  # each game's position format
    state = info.state_class(info.config_for(info.players[0]), 3)
    rng = random.Random(3)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(state.to_json())
    code, printed, err = run(capsys, "position", "--game", key, "--record", str(path),
                             "--at", "10")
    assert (code, err) == (0, "")
    first, second = printed.splitlines()
    assert json.loads(first) == state.to_position()
    cls = info.state_class
    assert cls.from_position(second).to_position() == state.to_position()
    assert cls.from_position(first).to_position() == state.to_position()
    # and the diagram of that text is the diagram of the game at that step
    code, drawn, _ = run(capsys, "diagram", "--game", key, "--position", second)
    assert code == 0 and drawn == import_module(f"{info.package}.diagram").diagram(
        state, Notes())


def test_position_reads_a_game_the_page_downloaded(capsys, tmp_path):
    """"Download this game" saves the record inside the page's own format (its seats and
    pace too): the command line opens it as it opens a bare record."""
    from game.core.match import Match, Seat
    from game.core.registry import game
    from game.web.saved import saved_text

    info = game("tatsu")
    match = Match(info, info.config_for(2), 11, [Seat("Ann"), Seat("Bob", "easy")])
    chooser = random.Random(11)
    while len(match.state.history) < 9:
        match.play(chooser.choice(match.state.legal_actions()))
    download = tmp_path / "tatsu-game.json"
    download.write_text(saved_text(match, "fast"))
    code, printed, err = run(capsys, "position", "--game", "tatsu", "--record",
                             str(download), "--at", "5")
    assert (code, err) == (0, "")
    expected = TatsuState.from_record(match.state.to_record(), upto=5).to_position()
    assert json.loads(printed.splitlines()[0]) == expected
    # of the other game, or a line of simulate --games-out: refused, saying why
    assert "a game of Tatsu, not Tsuro of the Seas" in refused(
        capsys, "position", "--game", "tsuro", "--record", str(download), "--at", "1")
    line = tmp_path / "games.jsonl"
    line.write_text(json.dumps({"game": 0, "seed": 5, "seats": ["random", "random"],
                                "winners": [1], "turns": 9, "shares": {"random": 1.0}}))
    assert "a line of simulate --games-out" in refused(
        capsys, "position", "--game", "tatsu", "--record", str(line), "--at", "1")
