"""The first screen: a card for each game, with a picture of its real board in play, who
plays it and for how long, one line about it, a button to play it and a short "How to
play" (the full rules are docs/rules-*.md).

Pure: `start_screen_html()` returns HTML text and imports no browser code, so it can be
tested natively and later rendered when the site is built. Each card's words and the
position its picture shows are the game's description's (GameInfo.card, a Card): a seeded
game played by the `easy` computers, drawn by the game's own `svg.board()`; the pictures
are computed once, on first use, and kept (`_pictures`).

    start_screen_html() -> '<section class="start">…'   replaces the game choice and the
        intro sentence when no game is chosen. Its buttons are `button[data-game]`
        ("tsuro" / "tatsu"), as the page's game choice, so the page's click handler
        opens the game as before.
"""

from html import escape

from game.core.registry import game as described_game
from game.core.rule_links import page_url
from game.web import GAMES
from game.web.setup import relabel

_pictures = {}  # game -> the board's SVG text, drawn on first use


def picture_state(game: str):
    """The seeded position a card shows (a fresh state each call): the game's
    GameInfo.card names its config, its seed and how many actions the easy computers play
    from the start."""
    from game.core.bots import make_bot

    info = described_game(game)
    card = info.card
    state = info.state_class(card.config, card.seed)
    bots = {seat: make_bot("easy", seat, f"{card.seed}:{seat}", info.bot_classes)
            for seat in range(state.players)}
    for _ in range(card.actions):
        if state.is_over:
            break
        state.apply(bots[state.to_move](state))
    return state


def board_picture(game: str) -> str:
    """The card's board: the seeded position drawn without choices, ids prefixed with
    "start-<game>-" (two boards share the page)."""
    if game not in _pictures:
        info = described_game(game)
        drawn = info.svg.board(picture_state(game), highlight=False,
                               id_prefix=f"start-{game}-")
        _pictures[game] = relabel(drawn, info.card.picture)
    return _pictures[game]


def _card(game: str) -> str:
    card = described_game(game).card
    name = escape(GAMES[game])
    how = "".join(f"<li>{escape(sentence)}</li>" for sentence in card.how)
    return (
        f'<article class="game-card" data-card="{game}" aria-labelledby="card-{game}-title">'
        f'<div class="card-board">{board_picture(game)}</div>'
        f'<div class="card-text"><h2 id="card-{game}-title" class="card-title">{name}</h2>'
        f'<p class="card-facts"><span>{card.players}</span> '
        f'<span class="card-dot" aria-hidden="true">·</span> <span>{card.time}</span></p>'
        f'<p class="card-line" id="card-{game}-line">{escape(card.line)}</p></div>'
        f'<button type="button" class="choice play" data-game="{game}" '
        f'aria-describedby="card-{game}-line">Play {name}</button>'
        f'<p class="card-links"><a href="learn.html?game={game}">Learn to play {name}</a>'
        f'<a href="{page_url(game)}">Rules</a></p>'
        f'<details class="how-to"><summary>How to play</summary><ul>{how}</ul>'
        "</details></article>")


def start_screen_html() -> str:
    """The first screen's cards, one per game, in the order of GAMES."""
    cards = "".join(_card(game) for game in GAMES)
    return ('<section class="start" aria-label="Choose a game">'
            '<p class="start-lead">Play with friends at one screen, or against the '
            "computer.</p>"
            f'<div class="game-cards">{cards}</div></section>')
