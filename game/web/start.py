"""The first screen: a card for each game, with a picture of its real board in play, who
plays it and for how long, one line about it, a button to play it and a short "How to
play" (the full rules are docs/rules-*.md).

Pure: `start_screen_html()` returns HTML text and imports no browser code, so it can be
tested natively and later rendered when the site is built. The pictures are positions of
seeded games played by the `easy` computers (`PICTURES`), drawn by the games' own
`svg.board()`; they are computed once, on first use, and kept (`_pictures`).

    start_screen_html() -> '<section class="start">…'   replaces the game choice and the
        intro sentence when no game is chosen. Its buttons are `button[data-game]`
        ("tsuro" / "tatsu"), as the page's game choice, so the page's click handler
        opens the game as before.
"""

from html import escape

from game.web import GAMES
from game.web.setup import relabel

# Each picture: the game's config, the seed, and how many actions the easy computers play
# from the start (a position with ships afloat and daikaiju on the board, tiles laid; a
# battle with stones of every kind in the arena, on a mat and in a dead zone).
PICTURES = {
    "tsuro": ({"players": 4, "daikaiju": True, "first": 0}, 9, 18),
    "tatsu": ({"first": "black"}, 6, 40),
}

CARDS = {
    "tsuro": {
        "players": "2–8 players",
        "time": "20–40 min",  # the publisher's box; the rulebooks give no time
        "line": "Lay wake tiles, steer your ship, dodge the sea monsters: the last "
                "ship afloat wins.",
        "picture": "A game of Tsuro of the Seas in play: wake tiles laid on the seven by "
                   "seven sea, four ships on their wakes and daikaiju among them.",
        "how": (
            "Each captain starts a ship on a mark at the edge of a sea of seven by seven "
            "squares, and holds three wake tiles.",
            "On your turn, lay a tile on the square in front of your ship, turned any "
            "way you like, and sail to the end of its wake; every ship the tile reaches "
            "sails too. Then draw back up to three tiles.",
            "Before you lay it, the dice may move the daikaiju (sea monsters), which "
            "sink the tiles and ships they run into.",
            "Sail off the edge, into a daikaiju or round an endless loop and you are out: "
            "the last ship afloat wins.",
            "The line above the board always says what to do next.",
        ),
    },
    "tatsu": {
        "players": "2 players",
        "time": "about 30 min",  # as shops list the boxed game; the rulebook gives none
        "line": "A dice battle of dragon stones round a ring: entangle, wash away or "
                "burn your rival's dragons.",
        "picture": "A game of Tatsu in play: black and white dragon stones of vine, "
                   "water and fire round the ring of the arena, the dice of the turn in "
                   "the middle.",
        "how": (
            "Black and White each have nine dragon stones: four vines, three waters "
            "and two fires; Black moves clockwise round the ring, White anticlockwise.",
            "Each turn you roll two dice and use them one at a time: move a stone that "
            "many segments, or bring a stone from your mat onto your entry point 1, 2 "
            "or 3.",
            "Land on a lone enemy stone and your dragon's power acts: a vine entangles "
            "it, water washes it back to its tray, fire destroys it.",
            "Ending a move on a corner calls a stone of that corner's kind from your "
            "tray to your mat.",
            "You win when your rival has no stone in the arena or on the mat, or when "
            "you have destroyed every stone of one of their kinds.",
        ),
    },
}

_pictures = {}  # game -> the board's SVG text, drawn on first use


def picture_state(game: str):
    """The seeded position a card shows (a fresh state each call)."""
    from game.core.bots import make_bot

    if game == "tsuro":
        import game.tsuro as package
    else:
        import game.tatsu as package
    config, seed, actions = PICTURES[game]
    state = package.State(config, seed)
    bots = {seat: make_bot("easy", seat, f"{seed}:{seat}", package.BOTS)
            for seat in range(state.players)}
    for _ in range(actions):
        if state.is_over:
            break
        state.apply(bots[state.to_move](state))
    return state


def board_picture(game: str) -> str:
    """The card's board: the seeded position drawn without choices, ids prefixed with
    "start-<game>-" (two boards share the page)."""
    if game not in _pictures:
        if game == "tsuro":
            from game.tsuro.svg import board
        else:
            from game.tatsu.svg import board
        drawn = board(picture_state(game), highlight=False, id_prefix=f"start-{game}-")
        _pictures[game] = relabel(drawn, CARDS[game]["picture"])
    return _pictures[game]


def _card(game: str) -> str:
    card = CARDS[game]
    name = escape(GAMES[game])
    how = "".join(f"<li>{escape(sentence)}</li>" for sentence in card["how"])
    return (
        f'<article class="game-card" data-card="{game}" aria-labelledby="card-{game}-title">'
        f'<div class="card-board">{board_picture(game)}</div>'
        f'<div class="card-text"><h2 id="card-{game}-title" class="card-title">{name}</h2>'
        f'<p class="card-facts"><span>{card["players"]}</span> '
        f'<span class="card-dot" aria-hidden="true">·</span> <span>{card["time"]}</span></p>'
        f'<p class="card-line" id="card-{game}-line">{escape(card["line"])}</p></div>'
        f'<button type="button" class="choice play" data-game="{game}" '
        f'aria-describedby="card-{game}-line">Play {name}</button>'
        f'<details class="how-to"><summary>How to play</summary><ul>{how}</ul>'
        "</details></article>")


def start_screen_html() -> str:
    """The first screen's cards, one per game, in the order of GAMES."""
    cards = "".join(_card(game) for game in GAMES)
    return ('<section class="start" aria-label="Choose a game">'
            '<p class="start-lead">Play with friends at one screen, or against the '
            "computer.</p>"
            f'<div class="game-cards">{cards}</div></section>')
