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

import re
from html import escape

from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE, _, current, speaking
from game.core.registry import game as described_game
from game.core.rule_links import page_url
from game.web import GAMES, game_name
from game.web.setup import relabel

# (game, language) -> the board's SVG text, drawn on first use
_pictures: dict[tuple[str, str], str] = {}
# Where the build writes each card's picture, one per game and language (its words, such
# as Tatsu's "TRAY", are the language's): an image file rather than SVG in the page, so
# that index.html stays small and the browser lays out two <img> instead of two boards.
CARD_PICTURE = "cards/{game}-{lang}.svg"


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
    for _step in range(card.actions):
        if state.is_over:
            break
        state.apply(bots[state.to_move](state))  # type: ignore[index]
    return state


def board_picture(game: str) -> str:
    """The card's board: the seeded position drawn without choices, ids prefixed with
    "start-<game>-" (two boards share the page)."""
    if (game, current()) not in _pictures:
        info = described_game(game)
        drawn = info.svg.board(info.svg.board_view(picture_state(game)), highlight=False,
                               id_prefix=f"start-{game}-")
        _pictures[game, current()] = relabel(drawn, _(info.card.picture))
    return _pictures[game, current()]


def card_picture_files() -> dict:
    """The cards' pictures as the build writes them: URL path -> a function giving the
    SVG file's bytes (every game, every language)."""
    def picture(game, lang):
        with speaking(lang):
            return as_image(board_picture(game)).encode()
    return {CARD_PICTURE.format(game=game, lang=lang):
            (lambda game=game, lang=lang: picture(game, lang))
            for game in GAMES for lang in LANGUAGES}


def as_image(svg_text: str) -> str:
    """A drawn board as an image file: without what only a board in the page uses, the
    <title> of each piece (an image is one picture, named by its alt text) and the classes
    and data attributes of the elements in it (no style sheet reaches into an image, no
    script reads it). The <svg> element keeps its own. A third fewer bytes for the
    browser to parse, on the page's thread, while the runtime starts."""
    head, close, body = svg_text.partition(">")
    root_title, _sep, body = body.partition("</title>")  # (the picture's own, kept)
    body = _PIECE_TITLE.sub("", body)
    return head + close + root_title + _sep + _PIECE_MARKS.sub("", body)


_PIECE_TITLE = re.compile(r"<title>[^<]*</title>")
_PIECE_MARKS = re.compile(r' (?:class|data-[a-z-]+)="[^"]*"')


def board_stand_in(game: str) -> str:
    """What holds the board's place when a game's screen is first drawn: an empty <svg>
    of the board's classes and viewBox, so of the board's size. static/page.js lays out
    that screen in a frame and draws the board in the next: on a phone (4x CPU slowdown),
    the two laid out at once for the first time made a task of 150 ms that a tap waited
    for; nothing moves when the board comes. (Not the empty board's picture that
    learn.html and embed.html show, game/site/first_paint.py: an SVG image is parsed on
    the page's thread when it is first laid out, 130 ms more.)"""
    width, height = described_game(game).card.picture_size
    return (f'<svg id="poster" class="board {game}-board" viewBox="0 0 {width} {height}" '
            'aria-hidden="true" focusable="false"></svg>')


def _picture_img(game: str) -> str:
    """The card's <img>: its size is the board's viewBox, so that its place is kept
    before the file arrives; its alt text says what the picture shows."""
    card = described_game(game).card
    width, height = card.picture_size
    src = CARD_PICTURE.format(game=game, lang=current())
    alt = escape(_(card.picture))
    return (f'<img class="card-picture" src="{src}" alt="{alt}" width="{width}" '
            f'height="{height}" decoding="async">')


def _card(game: str) -> str:
    card = described_game(game).card
    name = escape(game_name(game))
    how = "".join(f"<li>{escape(_(sentence))}</li>" for sentence in card.how)
    play = escape(_("Play {game}").format(game=game_name(game)))
    learn = escape(_("Learn to play {game}").format(game=game_name(game)))
    # the lesson and the rules in the language spoken (its own page; ?lang= for a lesson)
    lang = "" if current() == SOURCE_LANGUAGE else f"&amp;lang={current()}"
    # (the words are looked up outside the f-strings: Babel's extractor reads no
    # calls inside an f-string on Python 3.11)
    rules, how_to_play = escape(_("Rules")), escape(_("How to play"))
    who = escape(described_game(game).players_words)  # "2–8 players"
    return (
        f'<article class="game-card" data-card="{game}" aria-labelledby="card-{game}-title">'
        f'<div class="card-board">{_picture_img(game)}</div>'
        f'<div class="card-text"><h2 id="card-{game}-title" class="card-title">{name}</h2>'
        f'<p class="card-facts"><span>{who}</span> '
        f'<span class="card-dot" aria-hidden="true">·</span> '
        f"<span>{escape(_(card.time))}</span></p>"
        f'<p class="card-line" id="card-{game}-line">{escape(_(card.line))}</p></div>'
        f'<button type="button" class="choice play" data-game="{game}" '
        f'aria-describedby="card-{game}-line">{play}</button>'
        f'<p class="card-links"><a href="learn.html?game={game}{lang}">{learn}</a>'
        f'<a href="{page_url(game)}">{rules}</a></p>'
        f'<details class="how-to"><summary>{how_to_play}</summary>'
        f"<ul>{how}</ul></details></article>")


def language_picker() -> str:
    """The language picker every screen shows: each language by its own name (read in
    that language), the one spoken chosen. The page switches at once when it changes
    (game/web/index_page.py and learn_page.py; static/first.js before Python is
    ready), and keeps the choice (game/web/session.py)."""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == current() else ""}>'
        f"{escape(words)}</option>" for code, words in LANGUAGES.items())
    label = escape(_("Language"))
    return (f'<label class="language"><span class="language-word">{label}</span> '
            f'<select data-language="1" autocomplete="off">{options}</select></label>')


def masthead() -> str:
    """The page's title, and the language picker."""
    return ('<header class="masthead"><h1>Tsuro of the Seas <span class="amp">&amp;</span> '
            f"Tatsu</h1>{language_picker()}</header>")


def first_screen_html(notice: str = "", unknown: bool = False, below: str = "") -> str:
    """The whole first screen (the page's <main>, when no game is chosen): the title, the
    status line (`notice`; `unknown` when it says that a ?game= named no game), what goes
    `below` it, and the cards."""
    return (f'{masthead()}<p class="notice" id="status" role="status"'
            f'{" data-unknown" if unknown else ""}>{notice}</p>{below}'
            f"{start_screen_html()}")


def built_first_screen(total_bytes: int) -> str:
    """The first screen as the build writes it into index.html, so that a visitor reads
    it before the runtime has arrived: under the status line, the download's progress
    (static/first.js fills it in; `total_bytes` is what the runtime and the game's files
    weigh; the amount is not a live region, so it is not read out at every step); a
    click on a game's button before Python is ready is kept and acted on when it is
    (static/first.js, then game/web/index_page.py)."""
    megabytes = f"{total_bytes / 1e6:.1f}"
    download = escape(_("Game download"))
    amount = escape(_("{done} of {total} MB").format(done="0", total=megabytes))
    progress = (f'<div class="boot" id="boot"><progress id="boot-progress" '
                f'max="{total_bytes}" value="0" aria-label="{download}"></progress> '
                f'<span id="boot-amount" data-total-mb="{megabytes}">{amount}'
                "</span></div>")
    return first_screen_html(escape(_("Getting the game ready…")), below=progress)


def start_screen_html() -> str:
    """The first screen's cards, one per game, in the order of GAMES."""
    cards = "".join(_card(game) for game in GAMES)
    label = escape(_("Choose a game"))
    lead = escape(_("Play with friends at one screen, or against the computer."))
    return (f'<section class="start" aria-label="{label}"><p class="start-lead">{lead}</p>'
            f'<div class="game-cards">{cards}</div></section>')
