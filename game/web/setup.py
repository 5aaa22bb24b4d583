"""The start screen's form for each game, checking it, and reading it back into a match.

Pure functions: HTML out, plain dicts in (the page reads the form into a dict of
strings: `name0`, `player0`, ..., `players`, `daikaiju` ("on" or ""), `first`, `seed`,
`speed`), so that all of this is tested without a browser.

    form_html(game)                          the form as it first shows
    refreshed_form(game, values, errors=None) the form again from what it holds now: typed
                                             names kept, default names following each
                                             seat's kind, one error shown per field
    form_errors(game, values) -> {field: sentence}   what stops the game from starting
    read_form(game, values, random_seed) -> (config, seed, seats, speed)
    sample_board(game)                       the board under the form: nothing placed yet

Controls whose change should redraw the form carry `data-refresh`; a field with an error
has `aria-invalid="true"` and `aria-describedby` naming the error's element
(`setup-<field>-error`, role="alert"), drawn next to it.

The Tsuro drawing module is imported only inside the functions that need it, so that the
Tatsu screen does not pay for importing Tsuro of the Seas in the browser.
"""

from html import escape

from game.core.match import HUMAN, LEVELS, Seat
from game.web.table import SPEEDS

KINDS = (HUMAN,) + LEVELS
KIND_LABELS = {HUMAN: "Person", **{level: f"Computer: {level}" for level in LEVELS}}
TATSU_SIDES = ("Black", "White")
TATSU_STONES = ("#1d1d1f", "#fbfaf5")  # the stones' colours, as drawn on the board
TATSU_FIRSTS = (("black", "Black"), ("white", "White"), ("roll", "Roll a die each"))
DEFAULT_TSURO_PLAYERS = 3
TSURO_PLAYERS = range(2, 9)
NAME_MAX = 40  # characters; the inputs' maxlength, and read_form refuses longer names
SEED_DIGITS = 12  # a seed is 0 to 10**12 - 1: the seed input's maxlength
SEED_MAX = 10**SEED_DIGITS - 1

SEED_ERROR = (f"The seed is a whole number from 0 to {SEED_MAX}, or leave it empty.")
NAME_HINT = f"Names: up to {NAME_MAX} characters."


class FormError(ValueError):
    """The form cannot start a game; `errors` is {field name: sentence}."""

    def __init__(self, errors: dict):
        super().__init__(" ".join(errors.values()))
        self.errors = dict(errors)


# --- names ---------------------------------------------------------------------------------
def default_name(game: str, seat: int, kind: str) -> str:
    """The name a seat gets unless the person types one: it says what plays there.
    Tsuro of the Seas: "Captain 1", "Easy computer 2"; Tatsu: "Player 1", "Hard computer"
    (the game adds the side: "Hard computer (White)")."""
    if kind in LEVELS:
        level = kind.capitalize()
        return f"{level} computer {seat + 1}" if game == "tsuro" else f"{level} computer"
    return f"Captain {seat + 1}" if game == "tsuro" else f"Player {seat + 1}"


def is_default_name(game: str, seat: int, name) -> bool:
    """Whether a name is one the form gave (or none at all), not one a person typed."""
    if name is None:
        return True
    name = name.strip()
    return not name or any(name == default_name(game, seat, kind) for kind in KINDS)


def _seat_labels(game: str) -> tuple:
    if game == "tsuro":
        from game.tsuro.svg import SHIP_NAMES

        return SHIP_NAMES
    return TATSU_SIDES


def _swatch(game: str, seat: int) -> str:
    """A small disc in the seat's colour, beside its label (the label's words say it too)."""
    if game == "tsuro":
        from game.tsuro.svg import SHIP_COLOURS

        fill = SHIP_COLOURS[seat]
    else:
        fill = TATSU_STONES[seat]
    # ringed in the text's colour, so that a black or white disc shows on either theme
    return ('<svg class="swatch" viewBox="0 0 16 16" width="16" height="16" '
            'aria-hidden="true" focusable="false">'
            f'<circle cx="8" cy="8" r="6.5" fill="{fill}" stroke="currentColor" '
            'stroke-width="1.5"/></svg>')


# --- pieces of the form -------------------------------------------------------------------
def _error(field: str, errors: dict) -> str:
    if field not in errors:
        return ""
    return (f'<p class="field-error" id="setup-{field}-error" role="alert">'
            f"{escape(errors[field])}</p>")


def _described(field: str, errors: dict, *others) -> str:
    """aria-invalid and aria-describedby for a control (its hints, then its error)."""
    ids = list(others)
    invalid = ""
    if field in errors:
        ids.append(f"setup-{field}-error")
        invalid = ' aria-invalid="true"'
    described = f' aria-describedby="{" ".join(ids)}"' if ids else ""
    return invalid + described


def _options(pairs, chosen) -> str:
    return "".join(f'<option value="{escape(str(value))}"'
                   f'{" selected" if str(value) == str(chosen) else ""}>{escape(text)}</option>'
                   for value, text in pairs)


def _seat_row(game: str, index: int, label: str, name: str, kind: str, errors: dict) -> str:
    name_field, kind_field = f"name{index}", f"player{index}"
    return (
        f'<div class="seat-row" data-seat-row="{index}">'
        f'<label class="seat-label" for="setup-{name_field}">{_swatch(game, index)}'
        f'{escape(label)}<span class="vh"> name</span></label>'
        f'<input id="setup-{name_field}" name="{name_field}" value="{escape(name)}" '
        f'maxlength="{NAME_MAX}" autocomplete="off" spellcheck="false"'
        f'{_described(name_field, errors, "setup-name-hint")}>'
        f'<label class="vh" for="setup-{kind_field}">{escape(label)} played by</label>'
        f'<select id="setup-{kind_field}" name="{kind_field}" data-refresh="1"'
        f'{_described(kind_field, errors)}>'
        f"{_options(KIND_LABELS.items(), kind)}</select>"
        f"{_error(name_field, errors)}{_error(kind_field, errors)}</div>")


def _seats(game: str, legend: str, names, kinds, errors: dict) -> str:
    labels = _seat_labels(game)
    rows = "".join(_seat_row(game, i, labels[i], names[i], kinds[i], errors)
                   for i in range(len(kinds)))
    return (f'<fieldset class="seats"><legend>{legend}</legend>'
            f'<p class="hint" id="setup-name-hint">{NAME_HINT}</p>{rows}</fieldset>')


def _field(field: str, label: str, control: str, errors: dict, extra_class="") -> str:
    """A label above its control, and the control's error below it."""
    return (f'<div class="field{extra_class}"><label for="setup-{field}">{label}</label>'
            f"{control}{_error(field, errors)}</div>")


def _seed_and_pace(seed: str, speed: str, errors: dict) -> str:
    seed_input = (f'<input id="setup-seed" name="seed" value="{escape(seed)}" '
                  f'inputmode="numeric" maxlength="{SEED_DIGITS}" placeholder="random" '
                  f'autocomplete="off"{_described("seed", errors)}>')
    pace = (f'<select id="setup-speed" name="speed"{_described("speed", errors)}>'
            f'{_options(((s, s.capitalize()) for s in SPEEDS), speed)}</select>')
    return (_field("seed", 'Seed <span class="optional">(optional)</span>', seed_input,
                   errors, " field-seed")
            + _field("speed", "Pace of play", pace, errors, " field-pace"))


def _form(game: str, title: str, body: str) -> str:
    return (f'<form id="setup-form" class="setup" data-game="{game}" novalidate '
            f'aria-labelledby="setup-title"><h2 id="setup-title">{title}</h2>{body}'
            '<button type="submit" class="primary start-game" data-start="1">Start the game'
            "</button></form>")


def _fill(game: str, count: int, names, kinds) -> tuple:
    """Names and kinds for `count` seats: missing kinds get the default, missing or
    default names the default of their kind."""
    names, kinds = list(names or []), list(kinds or [])
    out_names, out_kinds = [], []
    for i in range(count):
        kind = kinds[i] if i < len(kinds) and kinds[i] in KINDS else (
            HUMAN if i == 0 else LEVELS[0])
        name = names[i] if i < len(names) else None
        out_kinds.append(kind)
        out_names.append(default_name(game, i, kind) if is_default_name(game, i, name)
                         else name)
    return out_names, out_kinds


# --- the forms ----------------------------------------------------------------------------
def tsuro_form(players: int = DEFAULT_TSURO_PLAYERS, names=None, kinds=None,
               daikaiju: bool = True, seed: str = "", speed: str = "normal",
               errors=None) -> str:
    errors = errors or {}
    names, kinds = _fill("tsuro", players, names, kinds)
    counts = _options(((n, str(n)) for n in TSURO_PLAYERS), players)
    captains = (f'<select id="setup-players" name="players" data-refresh="1"'
                f'{_described("players", errors)}>{counts}</select>')
    check = (f'<div class="field check"><input type="checkbox" id="setup-daikaiju" '
             f'name="daikaiju"{" checked" if daikaiju else ""}>'
             '<label for="setup-daikaiju">Daikaiju (sea monsters)</label></div>')
    body = (f'<div class="setup-line captains-line">'
            f'{_field("players", "Captains", captains, errors)}{check}</div>'
            f'{_seats("tsuro", "Seats, in turn order", names, kinds, errors)}'
            f'<div class="setup-line">{_seed_and_pace(seed, speed, errors)}</div>')
    return _form("tsuro", "New game of Tsuro of the Seas", body)


def tatsu_form(names=None, kinds=None, first: str = "black", seed: str = "",
               speed: str = "normal", errors=None) -> str:
    errors = errors or {}
    names, kinds = _fill("tatsu", 2, names, kinds)
    firsts = (f'<select id="setup-first" name="first"{_described("first", errors)}>'
              f"{_options(TATSU_FIRSTS, first)}</select>")
    body = (f'{_seats("tatsu", "Players", names, kinds, errors)}'
            f'<div class="setup-line three">{_field("first", "Who starts", firsts, errors)}'
            f"{_seed_and_pace(seed, speed, errors)}</div>")
    return _form("tatsu", "New game of Tatsu", body)


def form_html(game: str) -> str:
    return tsuro_form() if game == "tsuro" else tatsu_form()


def _players(values: dict) -> int:
    """The number of Tsuro seats the values ask for, kept within 2 to 8 for drawing."""
    try:
        players = int(str(values.get("players", DEFAULT_TSURO_PLAYERS)).strip())
    except ValueError:
        return DEFAULT_TSURO_PLAYERS
    return min(max(players, TSURO_PLAYERS.start), TSURO_PLAYERS.stop - 1)


def refreshed_form(game: str, values: dict, errors=None) -> str:
    """The form again, from the values it holds now (after a change, or with errors):
    names a person typed stay; a seat whose name is still a default gets the default of
    its (new) kind; seats added by a larger count get defaults."""
    count = _players(values) if game == "tsuro" else 2
    names = [values.get(f"name{i}") for i in range(count)]
    kinds = [values.get(f"player{i}") for i in range(count)]
    seed, speed = values.get("seed", ""), values.get("speed", "normal")
    if game == "tsuro":
        return tsuro_form(count, names, kinds, values.get("daikaiju") in ("on", "true"),
                          seed, speed, errors)
    return tatsu_form(names, kinds, values.get("first", "black"), seed, speed, errors)


# --- checking and reading -----------------------------------------------------------------
def form_errors(game: str, values: dict) -> dict:
    """{field name: a sentence for the person} for every value that cannot start a game;
    empty when the form is fine."""
    errors = {}
    seed_text = str(values.get("seed", "")).strip()
    if seed_text and not (seed_text.isascii() and seed_text.isdigit()
                          and len(seed_text) <= SEED_DIGITS):
        errors["seed"] = SEED_ERROR
    if values.get("speed", "normal") not in SPEEDS:
        errors["speed"] = "Choose a pace from the list."
    if game == "tsuro":
        text = str(values.get("players", DEFAULT_TSURO_PLAYERS)).strip()
        if not (text.isascii() and text.isdigit() and int(text) in TSURO_PLAYERS):
            errors["players"] = "Tsuro of the Seas is for 2 to 8 captains."
            return errors
        players = int(text)
    else:
        players = 2
        if values.get("first", "black") not in dict(TATSU_FIRSTS):
            errors["first"] = "Choose who starts: Black, White or a roll of the dice."
    for i in range(players):
        name = str(values.get(f"name{i}", "")).strip()
        if len(name) > NAME_MAX:
            errors[f"name{i}"] = (f"A name is at most {NAME_MAX} characters; this one has "
                                  f"{len(name)}.")
        if values.get(f"player{i}", HUMAN) not in KINDS:
            errors[f"player{i}"] = "Choose a person or a computer level."
    return errors


def read_form(game: str, values: dict, random_seed: int):
    """(config, seed, seats, speed) from the form's values (all strings). Values that
    cannot start a game raise FormError (a ValueError) with `errors` per field, as
    `form_errors` gives them; an empty name gets its seat's default."""
    errors = form_errors(game, values)
    if errors:
        raise FormError(errors)
    seed_text = str(values.get("seed", "")).strip()
    seed = int(seed_text) if seed_text else random_seed
    speed = values.get("speed", "normal")
    if game == "tsuro":
        players = int(str(values.get("players", DEFAULT_TSURO_PLAYERS)).strip())
        config = {"players": players, "daikaiju": values.get("daikaiju") in ("on", "true")}
    else:
        players = 2
        config = {"first": values.get("first", "black")}
    seats = []
    for i in range(players):
        kind = values.get(f"player{i}", HUMAN)
        name = str(values.get(f"name{i}", "")).strip() or default_name(game, i, kind)
        seats.append(Seat(name, kind))
    if game == "tatsu":
        for seat, side in zip(seats, TATSU_SIDES):
            if side.lower() not in seat.name.lower():
                seat.name = f"{seat.name} ({side})"
    return config, seed, seats, speed


# --- the board under the form --------------------------------------------------------------
def relabel(svg_text: str, words: str) -> str:
    """A drawn board with its aria-label and <title> replaced by `words` (the drawing's
    own summary describes a game in progress)."""
    words = escape(words)
    head, _, rest = svg_text.partition(' aria-label="')
    _, _, rest = rest.partition('"')
    svg_text = f'{head} aria-label="{words}"{rest}'
    head, _, rest = svg_text.partition("<title>")
    _, _, rest = rest.partition("</title>")
    return f"{head}<title>{words}</title>{rest}"


SAMPLE_WORDS = {
    "tsuro": "The sea of Tsuro of the Seas before a game: seven by seven empty squares, "
             "the start marks round the edge, gold numbers along the top and blue down "
             "the left.",
    "tatsu": "The arena of Tatsu before a game: each side's three vines on its entry "
             "segments, its other six stones in its tray, no dice rolled yet.",
}


def sample_board(game: str) -> str:
    """The board under the start form, as it is before anything happens: Tsuro of the
    Seas, the empty sea (no daikaiju, no ships, no tiles); Tatsu, the arena as set up
    (three vines each on the entry segments, the rest in the trays) with no dice rolled
    and nobody to move. Drawn from a plain view dict, so no game is started."""
    if game == "tsuro":
        from game.tsuro import svg

        view = {"players": 2, "seat": None, "active": 0, "decision": None,
                "turn": 0, "tiles": [], "daikaiju": [], "ships": [None, None],
                "out": [None, None], "trails": [[], []], "marks": []}
        drawn = svg.board(view, highlight=False, id_prefix="sample-")
    else:
        from game.tatsu import State, config_for, svg

        view = State(config_for(), 0).view(0)  # the set-up position; only its dice go
        view.update(seat=None, to_move=None, decision=None, turn=0, dice=[],
                    dice_left=[], winners=[], reason=None, legal=[])
        drawn = svg.board(view, highlight=False, id_prefix="sample-")
    return relabel(drawn, SAMPLE_WORDS[game])
