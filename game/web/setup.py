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

What differs between the games comes from each one's description (GameInfo, in
game/core/registry.py): the seats' default names, labels and colours, the form's own fields
(`setup_form`: game/web/tsuro_setup.py, game/web/tatsu_setup.py, which build them from the
shared pieces here: seats_fieldset, labelled_field, seed_and_pace, option_list,
aria_described, fill_seats, seat_values, whole_form), reading those fields
(`setup_read`) and the board under the form (`sample_view`, `sample_words`). Those pieces
are loaded by name when a game is chosen, so that the Tatsu screen does not pay for
importing Tsuro of the Seas in the browser.
"""

from html import escape

from game.core.i18n import N_, _
from game.core.match import HUMAN, LEVELS, Seat
from game.core.registry import GameInfo
from game.core.registry import game as described_game
from game.core.rng import SEED_CHARACTERS, typed_seed
from game.web.table import SPEEDS

KINDS = (HUMAN,) + LEVELS
KIND_LABELS = {HUMAN: N_("Person"), "easy": N_("Computer: easy"),
               "medium": N_("Computer: medium"), "hard": N_("Computer: hard")}
LEVEL_WORDS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
PACE_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
              "instant": N_("Instant")}
NAME_MAX = 40  # characters; the inputs' maxlength, and read_form refuses longer names



class FormError(ValueError):
    """The form cannot start a game; `errors` is {field name: sentence}."""

    def __init__(self, errors: dict):
        super().__init__(" ".join(errors.values()))
        self.errors = dict(errors)


# --- names ---------------------------------------------------------------------------------
def default_name(game: str, seat: int, kind: str) -> str:
    """The name a seat gets unless the person types one: it says what plays there, in the
    game's words (GameInfo.seat_name, computer_name). Tsuro of the Seas: "Captain 1",
    "Easy computer 2"; Tatsu: "Player 1", "Hard computer" (the game adds the side:
    "Hard computer (White)")."""
    info = described_game(game)
    if kind in LEVELS:
        return _(info.computer_name).format(level=_(LEVEL_WORDS[kind]), n=seat + 1)
    return _(info.seat_name).format(n=seat + 1)


def is_default_name(game: str, seat: int, name) -> bool:
    """Whether a name is one the form gave (or none at all), not one a person typed."""
    if name is None:
        return True
    name = name.strip()
    return not name or any(name == default_name(game, seat, kind) for kind in KINDS)


def _seat_labels(game: str) -> tuple:
    """The seats' labels, in seat order ("Red circle", ...; "Black", "White"), in the
    language spoken now (the game marks them with N_())."""
    return tuple(_(label) for label in GameInfo.load(described_game(game).seat_labels))


def _swatch(game: str, seat: int) -> str:
    """A small disc in the seat's colour, beside its label (the label's words say it too)."""
    fill = GameInfo.load(described_game(game).seat_colours)[seat]
    # ringed in the text's colour, so that a black or white disc shows on either theme
    return ('<svg class="swatch" viewBox="0 0 16 16" width="16" height="16" '
            'aria-hidden="true" focusable="false">'
            f'<circle cx="8" cy="8" r="6.5" fill="{fill}" stroke="currentColor" '
            'stroke-width="1.5"/></svg>')


# --- pieces of the form (the games' own fields are built from these) ----------------------
def _error(field: str, errors: dict) -> str:
    if field not in errors:
        return ""
    return (f'<p class="field-error" id="setup-{field}-error" role="alert">'
            f"{escape(errors[field])}</p>")


def aria_described(field: str, errors: dict, *others) -> str:
    """aria-invalid and aria-describedby for a control (its hints, then its error)."""
    ids = list(others)
    invalid = ""
    if field in errors:
        ids.append(f"setup-{field}-error")
        invalid = ' aria-invalid="true"'
    described = f' aria-describedby="{" ".join(ids)}"' if ids else ""
    return invalid + described


def option_list(pairs, chosen) -> str:
    """<option>s of (value, text) pairs, the `chosen` value selected."""
    return "".join(f'<option value="{escape(str(value))}"'
                   f'{" selected" if str(value) == str(chosen) else ""}>{escape(text)}</option>'
                   for value, text in pairs)


def _seat_row(game: str, index: int, label: str, name: str, kind: str, errors: dict) -> str:
    name_field, kind_field = f"name{index}", f"player{index}"
    kinds = option_list(((key, _(words)) for key, words in KIND_LABELS.items()), kind)
    name_words, played_by = escape(_(" name")), escape(_("{seat} played by").format(seat=label))
    return (
        f'<div class="seat-row" data-seat-row="{index}">'
        f'<label class="seat-label" for="setup-{name_field}">{_swatch(game, index)}'
        f'{escape(label)}<span class="vh">{name_words}</span></label>'
        f'<input id="setup-{name_field}" name="{name_field}" value="{escape(name)}" '
        f'maxlength="{NAME_MAX}" autocomplete="off" spellcheck="false"'
        f'{aria_described(name_field, errors, "setup-name-hint")}>'
        f'<label class="vh" for="setup-{kind_field}">{played_by}</label>'
        f'<select id="setup-{kind_field}" name="{kind_field}" data-refresh="1"'
        f'{aria_described(kind_field, errors)}>'
        f"{kinds}</select>"
        f"{_error(name_field, errors)}{_error(kind_field, errors)}</div>")


def seats_fieldset(game: str, legend: str, names, kinds, errors: dict) -> str:
    """The seats, in turn order: each one's label, name and who plays it."""
    labels = _seat_labels(game)
    rows = "".join(_seat_row(game, i, labels[i], names[i], kinds[i], errors)
                   for i in range(len(kinds)))
    hint = escape(_("Names: up to {most} characters.").format(most=NAME_MAX))
    return (f'<fieldset class="seats"><legend>{escape(legend)}</legend>'
            f'<p class="hint" id="setup-name-hint">{hint}</p>{rows}</fieldset>')


def labelled_field(field: str, label: str, control: str, errors: dict,
                   extra_class="") -> str:
    """A label above its control, and the control's error below it."""
    return (f'<div class="field{extra_class}"><label for="setup-{field}">{label}</label>'
            f"{control}{_error(field, errors)}</div>")


def seed_and_pace(seed: str, speed: str, errors: dict) -> str:
    """The seed and the pace of play, which every game's form ends with."""
    random_words = escape(_("random"))
    seed_input = (f'<input id="setup-seed" name="seed" value="{escape(seed)}" '
                  f'maxlength="{SEED_CHARACTERS}" '
                  f'placeholder="{random_words}" autocomplete="off"'
                  f'{aria_described("seed", errors)}>')
    paces = option_list(((s, _(PACE_WORDS[s])) for s in SPEEDS), speed)
    pace = (f'<select id="setup-speed" name="speed"{aria_described("speed", errors)}>'
            f"{paces}</select>")
    seed_words, optional = escape(_("Seed")), escape(_("(optional)"))
    seed_label = f'{seed_words} <span class="optional">{optional}</span>'
    return (labelled_field("seed", seed_label, seed_input, errors, " field-seed")
            + labelled_field("speed", escape(_("Pace of play")), pace, errors,
                             " field-pace"))


def whole_form(game: str, body, casual: bool = False, hints: bool = False) -> str:
    """The game's form around its fields (`body`: the seats' part, or (seats' part,
    settings' part)), with its title, the casual switch
    (game/core/takeback.py: a person alone against computers may take back a whole turn),
    the hints switch (the coach, for a game that has one) and the start button."""
    title = escape(_("New game of {game}").format(game=described_game(game).shown_name))
    start = escape(_("Start the game"))
    checks = _check("casual", casual, _("Casual game"),
                    _("Against computers, take back a whole turn, not just your last choice."))
    if described_game(game).coach:
        checks += _check("hints", hints, _("Hints on request"),
                         _("A Hint button shows the move the hard computer would make, "
                           "and why. The game's log says hints were on."))
    # Start comes right after the seats, so that a phone shows it without scrolling; the
    # settings most games leave as they are (`body`'s second part: seed, pace...; the
    # casual and hints switches) follow it.
    seats, settings = body if isinstance(body, tuple) else (body, "")
    more = escape(_("More settings"))
    return (f'<form id="setup-form" class="setup" data-game="{game}" novalidate '
            f'aria-labelledby="setup-title"><h2 id="setup-title">{title}</h2>{seats}'
            f'<button type="submit" class="primary start-game" data-start="1">{start}'
            f'</button><div class="more-settings" role="group" aria-label="{more}">'
            f"{settings}{checks}</div></form>")


def _check(name: str, checked: bool, words: str, hint: str) -> str:
    """An on/off setting of the form: a checkbox, its label and a line on what it does."""
    return (f'<div class="field check field-{name}"><input type="checkbox" '
            f'id="setup-{name}" name="{name}"{" checked" if checked else ""} '
            f'aria-describedby="setup-{name}-hint"><label for="setup-{name}">{escape(words)}'
            f'</label><p class="hint" id="setup-{name}-hint">{escape(hint)}</p></div>')


def wants_casual(values: dict | None) -> bool:
    """Whether the form's values ask for a casual game."""
    return bool(values) and values.get("casual") in ("on", "true")  # type: ignore[union-attr, operator]


def wants_hints(values: dict | None) -> bool:
    """Whether the form's values ask for hints on request."""
    return bool(values) and values.get("hints") in ("on", "true")  # type: ignore[union-attr, operator]


def fill_seats(game: str, count: int, names, kinds) -> tuple:
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


def seat_values(values: dict, count: int) -> tuple:
    """The names and kinds the form's values hold for `count` seats (None where absent)."""
    return ([values.get(f"name{i}") for i in range(count)],
            [values.get(f"player{i}") for i in range(count)])


# --- the forms ----------------------------------------------------------------------------
def _own(game: str, piece: str):
    """A piece of the game's own form that its description names (GameInfo.setup_form,
    setup_read), loaded when first asked for."""
    return GameInfo.load(getattr(described_game(game), piece))


def form_html(game: str) -> str:
    """The game's form as it first shows."""
    return whole_form(game, _own(game, "setup_form")(None, {}))


def refreshed_form(game: str, values: dict, errors=None) -> str:
    """The form again, from the values it holds now (after a change, or with errors):
    names a person typed stay; a seat whose name is still a default gets the default of
    its (new) kind; seats added by a larger count get defaults."""
    return whole_form(game, _own(game, "setup_form")(values, errors or {}),
                      wants_casual(values), wants_hints(values))


# --- the form kept for next time ------------------------------------------------------------
FORM_KEY = "tsuro-tatsu.form.{game}"  # localStorage: the last form a game started from
KEPT_FIELDS = 60  # more fields than any form has: what was kept is not a form of ours


def kept_form_text(values: dict) -> str:
    """What to keep of a form that started a game: every field but the seed (each game
    is a new deal unless a seed is typed again)."""
    import json

    return json.dumps({name: value for name, value in values.items() if name != "seed"},
                      separators=(",", ":"), sort_keys=True)


def kept_form(game: str, text) -> dict | None:
    """The form kept for `game` (kept_form_text), or None when nothing usable was kept:
    not JSON, not a short dict of texts, or values the form refuses today."""
    from game.core.limits import LimitError, load_json

    if not isinstance(text, str):
        return None
    try:
        values = load_json(text)
    except LimitError:
        return None
    if (not isinstance(values, dict) or len(values) > KEPT_FIELDS
            or not all(type(k) is str and type(v) is str and len(v) <= 2 * NAME_MAX
                       for k, v in values.items())):
        return None
    return None if form_errors(game, values) else values


# --- checking and reading -----------------------------------------------------------------
def form_errors(game: str, values: dict) -> dict:
    """{field name: a sentence for the person} for every value that cannot start a game;
    empty when the form is fine."""
    errors = {}
    seed_error = seed_problem(str(values.get("seed", "")))
    if seed_error:
        errors["seed"] = seed_error
    if values.get("speed", "normal") not in SPEEDS:
        errors["speed"] = _("Choose a pace from the list.")
    players, _config, own_errors = _own(game, "setup_read")(values)
    errors.update(own_errors)
    if players is None:  # the count itself is wrong: no seats to check
        return errors
    for i in range(players):
        name = str(values.get(f"name{i}", "")).strip()
        if len(name) > NAME_MAX:
            errors[f"name{i}"] = _("A name is at most {most} characters; this one has "
                                   "{count}.").format(most=NAME_MAX, count=len(name))
        if values.get(f"player{i}", HUMAN) not in KINDS:
            errors[f"player{i}"] = _("Choose a person or a computer level.")
    return errors


def seed_problem(text: str) -> str | None:
    """Why the seed typed (the form's, or a link's `?seed=`) can start no game, as the
    form says it (the one rule of game/core/rng.py, as a sentence); None when it can,
    or when it is empty (a random deal)."""
    if not text.strip():
        return None
    try:
        typed_seed(text)
    except ValueError as err:
        words = str(err)
        return words[:1].upper() + words[1:] + "."
    return None


def read_form(game: str, values: dict, random_seed: int):
    """(config, seed, seats, speed) from the form's values (all strings). Values that
    cannot start a game raise FormError (a ValueError) with `errors` per field, as
    `form_errors` gives them; an empty name gets its seat's default."""
    errors = form_errors(game, values)
    if errors:
        raise FormError(errors)
    seed_text = str(values.get("seed", "")).strip()
    seed = typed_seed(seed_text) if seed_text else random_seed
    speed = values.get("speed", "normal")
    players, config, _errors = _own(game, "setup_read")(values)
    seats = []
    for i in range(players):
        kind = values.get(f"player{i}", HUMAN)
        name = str(values.get(f"name{i}", "")).strip() or default_name(game, i, kind)
        seats.append(Seat(name, kind))
    if described_game(game).label_in_name:
        for seat, label in zip(seats, _seat_labels(game)):
            if label.lower() not in seat.name.lower():
                seat.name = f"{seat.name} ({label})"
    return config, seed, seats, speed


# --- the board under the form --------------------------------------------------------------
def relabel(svg_text: str, words: str) -> str:
    """A drawn board with its aria-label and <title> replaced by `words` (the drawing's
    own summary describes a game in progress)."""
    words = escape(words)
    head, _label, rest = svg_text.partition(' aria-label="')
    _old, _quote, rest = rest.partition('"')
    svg_text = f'{head} aria-label="{words}"{rest}'
    head, _tag, rest = svg_text.partition("<title>")
    _old, _tag, rest = rest.partition("</title>")
    return f"{head}<title>{words}</title>{rest}"


def sample_board(game: str) -> str:
    """The board under the start form, as it is before anything happens (the game's
    GameInfo.sample_view: Tsuro of the Seas, the empty sea, no daikaiju, no ships, no
    tiles; Tatsu, the arena as set up, three vines each on the entry segments, the rest in
    the trays, with no dice rolled and nobody to move), in the words of its sample_words.
    Drawn from a plain view dict, so no game is started."""
    info = described_game(game)
    drawn = info.svg.board(GameInfo.load(info.sample_view)(), highlight=False,
                           id_prefix="sample-")
    return relabel(drawn, _(info.sample_words))
