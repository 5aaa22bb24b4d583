"""A review travels with its game (issue 40, for teachers): a saved game and a share link
carry it, the game page opens a shared review on its summary, and an embedded board in
`view` mode (the `replay` parameter) marks its costliest choices; a review that is not
its game's is refused whole, with a reason."""

import base64
import functools
import json
import zlib

import pytest
from test_web_protocol import FakeBrowser, english, play, settle  # noqa: F401 (english: autouse)
from test_web_review import finished_table
from test_web_tables import run

from game.web.embed import EmbedError, read
from game.web.embed_page import EmbedPage
from game.web.index_page import IndexPage
from game.web.port import Port
from game.web.reviewing import ghost, note_html
from game.web.saved import SHARE_PREFIX, SavedGameError, from_fragment, saved_game, share_fragment


@functools.cache
def reviewed():
    """A finished Tsuro game of Ann (a person) against an easy computer, reviewed: its
    share link's packed text, and the review."""
    table = finished_table()
    run(table.click({"review": "1"}))
    assert table.reviewing.done is not None and table.reviewing.done.marked
    return share_fragment(table.match)[len(SHARE_PREFIX):], table.reviewing.done


def unpacked(packed):
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))))


def packed(saved):
    text = json.dumps(saved).encode()
    return base64.urlsafe_b64encode(zlib.compress(text)).rstrip(b"=").decode()


def session(page_class, hash_="", params=None):
    browser = FakeBrowser()
    page = page_class(Port(browser.send), {
        "page": "index", "search": "?game=tsuro", "hash": hash_,
        "href": "http://site/?game=tsuro" + hash_, "params": params or {}, "storage": {},
        "languages": ["en"], "built": None, "framed": False}, fetch=None)
    browser.session = page
    run(page.serve())
    run(settle(page))
    return browser, page


def shown(browser, region):
    return [m["html"] for m in browser.kinds("show") if m["region"] == region][-1]


def test_the_saved_game_and_its_share_link_carry_the_review():
    text, done = reviewed()
    saved = unpacked(text)
    assert saved["review"] == json.loads(json.dumps(done.to_json()))
    match, _pace = from_fragment(SHARE_PREFIX + text)
    assert match.review is not None and match.review.to_json() == done.to_json()
    assert saved_game(match, "normal")["review"] == saved["review"]  # (and downloaded again)
    without = {k: v for k, v in saved.items() if k != "review"}
    assert from_fragment(SHARE_PREFIX + packed(without))[0].review is None  # (older links)


@pytest.mark.parametrize("spoil, words", [
    (lambda s: s["review"][0].__setitem__(2, s["review"][1][2]), "decision 1 is not one of"),
    (lambda s: s["review"].append(s["review"][-1]), "is not one of this game's"),
    (lambda s: s.__setitem__("review", "all good"), "not a list of this game's decisions"),
    (lambda s: s["record"]["actions"].pop(), "has a review but is not over"),
])
def test_a_link_whose_review_is_not_its_games_is_refused_whole(spoil, words):
    saved = unpacked(reviewed()[0])
    spoil(saved)
    with pytest.raises(SavedGameError, match=words):
        from_fragment(SHARE_PREFIX + packed(saved))


def test_a_shared_review_opens_on_its_summary_and_its_marks_open_the_replay():
    text, done = reviewed()
    browser, page = session(IndexPage, "#" + SHARE_PREFIX + text)
    table = page.table
    assert table.spectator and table.replay_step is None  # (the summary, not step 0)
    panel = shown(browser, "panel")
    assert "The coach&#x27;s review" in panel and "<strong>Ann</strong>" in panel
    assert "Bob" not in panel.split('<section class="review"')[1]  # (only Ann was reviewed)
    assert 'data-share="1"' in panel
    worst = done.marked[0]
    assert f'data-costly="{worst.step}"' in panel
    assert "turn 0" not in panel  # (a start mark is "at the start")
    play(page, {"kind": "click", "data": {"replay": str(worst.step)}, "form": None})
    assert table.replay_step == worst.step
    assert 'class="ghost"' in shown(browser, "board")
    assert "% of the win." in shown(browser, "panel")


def test_a_view_board_of_a_reviewed_replay_marks_its_costliest_choices():
    text, done = reviewed()
    browser, page = session(EmbedPage, params={"game": "tsuro", "replay": text})
    assert browser.root("ready") == "true" and browser.root("embedError") == "false"
    panel = shown(browser, "panel")
    assert "Step 0 of" in panel and "The coach&#x27;s review" in panel
    worst = done.marked[0]
    assert f'data-view-at="{worst.step}"' in panel  # (the replay starts at step 0)
    assert ('class="ghost"' in shown(browser, "board")) == (ghost(done, 0) is not None)
    play(page, {"kind": "click", "data": {"viewAt": str(worst.step)}, "form": None})
    assert page.step == worst.step
    assert 'class="ghost"' in shown(browser, "board")
    panel = shown(browser, "panel")
    assert "Ann played: " in panel and "% of the win." in panel and "choice: " in panel
    # from a later step, only the marks still ahead are offered, at their place
    later = worst.step - 1
    browser, page = session(EmbedPage, params={"game": "tsuro", "replay": text,
                                               "step": str(later)})
    panel = shown(browser, "panel")
    assert 'data-view-at="1"' in panel
    assert all(f'data-view-at="{d.step - later}"' in panel for d in done.marked
               if d.step >= later)


def test_a_replay_with_a_line_of_its_own_shows_no_review():
    text, _done = reviewed()
    embed = read({"game": "tsuro", "replay": text, "line": "[]"})
    assert embed.review is None and embed.names == ["Ann", "Bob"]
    assert read({"game": "tsuro", "replay": text}).review is not None


@pytest.mark.parametrize("params, words", [
    ({"replay": " "}, "The parameter “replay” is empty"),
    ({"replay": "AAAA"}, "The replay cannot be opened: this replay link is broken"),
    ({"replay": "x", "record": "{}"}, "not two"),
    ({"game": "tatsu"}, "The replay is a game of Tsuro of the Seas, not of Tatsu."),
    ({"step": "9999"}, "The replay cannot be opened: the saved game has"),
])
def test_a_replay_that_cannot_be_shown_is_one_sentence(params, words):
    given = {"game": "tsuro", "replay": reviewed()[0], **params}
    with pytest.raises(EmbedError, match=words):
        read(given)


def test_a_choice_the_coach_rates_as_well_as_its_own_is_not_said_to_be_its_own():
    import game.tsuro as tsuro
    from game.core.coach import Advice
    from game.core.review import Decision
    from game.tsuro import coach

    state = tsuro.GAME.state_class(tsuro.config_for(2), 3)
    first, other = state.legal_actions()[:2]

    def said(played, value):
        advice = Advice(0, first, (first,), 0.5, played=played, played_value=value)
        return note_html(Decision(0, 0, advice), state, coach, ["Ann", "Ben"])
    assert "The coach agrees." in said(first, 0.5)
    assert "as well as its own choice" in said(other, 0.5)
    assert "as well as its own choice" in said(other, 0.6)  # (rated above: no cost)
    assert "of the win" in said(other, 0.3)
