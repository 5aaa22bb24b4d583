"""The rules pages' live examples (game/core/figures.py, Example; game/site/rules.py;
static/rules-live.js): each figure of both games names a board the reader steps through
or answers, embed.html takes its parameters, and it shows what the caption tells."""

from __future__ import annotations

import html.parser
from urllib.parse import parse_qsl, urlsplit

import pytest

from game.core.challenge import Challenge
from game.core.figures import Example, all_figures
from game.core.i18n import LANGUAGES
from game.core.registry import games
from game.core.rule_links import page_url
from game.site.head import RULES_POLICY
from game.site.rules import live_address
from game.web import embed as embedding

ALL = all_figures()


def example_of(name):
    info, figure = ALL[name]
    assert figure.example is not None, f"{name} has no live example"
    return info, figure, figure.example.parameters(info.key, figure)


def played(name):
    """A view example's state at its start and the events of each step of its line."""
    info, _figure, params = example_of(name)
    embed = embedding.read(dict(params))
    state, steps = embed.state.clone(), []
    for action in embed.line:
        steps.append(state.apply(action))
    return embed, state, steps


class Figures(html.parser.HTMLParser):
    def __init__(self, text):
        super().__init__()
        self.live, self.main, self.scripts = {}, None, []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "figure" and "data-live" in attrs:
            self.live[attrs["id"].removeprefix("diagram-")] = attrs
        elif tag == "main":
            self.main = attrs
        elif tag == "script":
            self.scripts.append(attrs)


def test_an_example_is_a_line_or_a_question_never_both_nor_neither():
    with pytest.raises(ValueError):
        Example()
    with pytest.raises(ValueError):
        Example(line=(["place", 1, 1],), goal="afloat")


@pytest.mark.parametrize("name", tuple(ALL))
def test_every_figure_is_a_board_embed_html_accepts(name):
    info, figure, params = example_of(name)
    embed = embedding.read(dict(params))  # a malformed one raises EmbedError
    if figure.example.goal is None:
        assert embed.mode == "view" and len(embed.line) == len(figure.example.line) > 0
        return
    assert embed.mode == "challenge" and embed.challenge is not None
    # a question has an answer from its position, and the answer solves it
    challenge = Challenge(embed.seat, figure.example.goal, (), info.goals)
    way = challenge.solution(embed.state)
    assert way, f"{name}: no way to answer the question"
    state, events = embed.state.clone(), []
    for action in way:
        events.extend(state.apply(action))
    verdict = challenge.judge(list(way), events, state)
    assert verdict is not None and verdict.solved, name


def test_a_question_that_ends_the_game_ends_it_as_its_picture_does():
    for name in ("tatsu-win-kind", "tatsu-win-battle"):
        info, figure, _params = example_of(name)
        start = info.state_class.from_position(figure.example.position)
        way = Challenge(0, "win", (), info.goals).solution(start)
        for action in way:
            start.apply(action)
        picture = info.state_class.from_position(figure.position)
        assert start.is_over and picture.is_over
        assert (start.winners, start.reason) == (picture.winners, picture.reason), name


def test_the_daikaiju_examples_roll_what_their_captions_tell():
    _embed, _state, steps = played("tsuro-daikaiju-move")
    (events,) = steps
    assert [e.data["face"] for e in events if e.kind == "daikaiju_die"] == [2]
    moved = {(e.data["from"], e.data["to"]) for e in events if e.kind == "daikaiju_moved"}
    assert moved == {(8, 9), (33, 26), (37, 38)}  # the figure's three arrows 2
    _embed, _state, (first, second) = played("tsuro-daikaiju-roll")
    rolls = [[e.data["acts"] for e in step if e.kind == "daikaiju_roll"]
             for step in (first, second)]
    assert rolls == [[False], [True]]  # a roll that does nothing, then one that moves them
    _embed, state, (events,) = played("tsuro-tile-eaten")
    assert [e.data["face"] for e in events if e.kind == "daikaiju_die"] == [1]
    assert any(e.kind == "tile_eaten" for e in events)
    assert any(e.kind == "ship_out" and e.data["seat"] == 0 for e in events)


def test_the_sailing_example_plays_a_turn_each_and_keeps_both_ships_afloat():
    _embed, state, steps = played("tsuro-sailing")
    assert len(steps) == 2 and not state.is_over
    assert not any(e.kind == "ship_out" for step in steps for e in step)
    assert [e.data["seat"] for step in steps for e in step if e.kind == "ship_moved"] == [1, 0]


def test_the_moving_example_steps_one_die_at_a_time():
    _embed, _state, steps = played("tatsu-moving")
    assert [[e.data.get("die") for e in step if e.kind == "move"] for step in steps] == [[2], [4]]


@pytest.mark.parametrize("lang", tuple(LANGUAGES))
def test_each_rules_page_frames_each_example_in_its_own_language(built_site, lang):
    for key in games():
        page = Figures((built_site / page_url(key, lang)).read_text(encoding="utf-8"))
        names = [name for name, (info, _f) in ALL.items() if info.key == key]
        assert sorted(page.live) == sorted(names)  # (in the order of the page)
        for name, attrs in page.live.items():
            info, figure, params = example_of(name)
            address = urlsplit(attrs["data-live"])
            assert address.path == "../embed.html"
            query = dict(parse_qsl(address.query))
            assert query == {**params, "id": name, "lang": lang,
                             **({"hint": "on"} if figure.example.goal else {})}
            assert attrs["data-live"] == live_address(name, params, lang)
            assert attrs["data-live-title"]
        assert page.main["data-show-picture"] and page.main["data-show-board"]
        assert [s.get("src") for s in page.scripts] == ["../static/rules-live.js"]
        assert "script-src 'self'" in RULES_POLICY
    assert (built_site / "static" / "rules-live.js").is_file()


@pytest.fixture(scope="module")
def built_site(site_built_once):
    return site_built_once
