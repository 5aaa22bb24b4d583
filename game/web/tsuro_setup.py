"""Tsuro of the Seas' own part of the start form (game/web/setup.py has what the games
share): how many captains and the daikaiju switch, above the seats, the seed and the pace;
reading those fields back into a config; and the empty sea drawn under the form.

The game's description (game/tsuro/__init__.py) names `form_body`, `read_fields` and
`sample_view`; the page loads this module by those names when the game is chosen.
"""

from html import escape

from game.core.i18n import _
from game.tsuro import GAME
from game.web.setup import (
    aria_described,
    fill_seats,
    labelled_field,
    option_list,
    seat_values,
    seats_fieldset,
    seed_and_pace,
    whole_form,
)

DEFAULT_PLAYERS = 3
PLAYERS = range(GAME.players[0], GAME.players[1] + 1)  # the captains the form offers: 2 to 8


def _body(players: int, names, kinds, daikaiju: bool, seed: str, speed: str,
          errors: dict) -> tuple:
    names, kinds = fill_seats(GAME.key, players, names, kinds)
    counts = option_list(((n, str(n)) for n in PLAYERS), players)
    captains = (f'<select id="setup-players" name="players" data-refresh="1"'
                f'{aria_described("players", errors)}>{counts}</select>')
    monsters = escape(_("Daikaiju (sea monsters)"))
    check = (f'<div class="field check"><input type="checkbox" id="setup-daikaiju" '
             f'name="daikaiju"{" checked" if daikaiju else ""}>'
             f'<label for="setup-daikaiju">{monsters}</label></div>')
    captains_label, seats_legend = escape(_("Captains")), _("Seats, in turn order")
    return (f'<div class="setup-line captains-line">'
            f'{labelled_field("players", captains_label, captains, errors)}{check}</div>'
            f'{seats_fieldset(GAME.key, seats_legend, names, kinds, errors)}',
            f'<div class="setup-line">{seed_and_pace(seed, speed, errors)}</div>')


def tsuro_form(players: int = DEFAULT_PLAYERS, names=None, kinds=None,
               daikaiju: bool = True, seed: str = "", speed: str = "normal",
               errors=None) -> str:
    """The whole form, for these seats and options."""
    return whole_form(GAME.key, _body(players, names, kinds, daikaiju, seed, speed,
                                      errors or {}))


def _players(values: dict) -> int:
    """The number of seats the values ask for, kept within 2 to 8 for drawing."""
    try:
        players = int(str(values.get("players", DEFAULT_PLAYERS)).strip())
    except ValueError:
        return DEFAULT_PLAYERS
    return min(max(players, PLAYERS.start), PLAYERS.stop - 1)


def form_body(values: dict | None, errors: dict) -> tuple:
    """The form's fields (GameInfo.setup_form), as (the seats' part, the settings'
    part that follows the Start button): as the form first shows (values None), or again
    from the values it holds now."""
    if values is None:
        return _body(DEFAULT_PLAYERS, None, None, True, "", "normal", errors)
    count = _players(values)
    names, kinds = seat_values(values, count)
    return _body(count, names, kinds, values.get("daikaiju") in ("on", "true"),
                 values.get("seed", ""), values.get("speed", "normal"), errors)


def read_fields(values: dict) -> tuple:
    """(seats, config, errors) from the form's own fields (GameInfo.setup_read): the
    number of captains (None, with its error, when it is not 2 to 8) and the daikaiju."""
    text = str(values.get("players", DEFAULT_PLAYERS)).strip()
    if not (text.isascii() and text.isdigit() and len(text) < 3 and int(text) in PLAYERS):
        return None, None, {"players": _("Tsuro of the Seas is for {fewest} to {most} "
                                         "captains.").format(fewest=PLAYERS.start,
                                                             most=PLAYERS.stop - 1)}
    players = int(text)
    return players, {"players": players,
                     "daikaiju": values.get("daikaiju") in ("on", "true")}, {}


def sample_view() -> dict:
    """The empty sea (GameInfo.sample_view): no daikaiju, no ships, no tiles."""
    return {"players": 2, "seat": None, "active": 0, "decision": None,
            "turn": 0, "tiles": [], "daikaiju": [], "ships": [None, None],
            "out": [None, None], "trails": [[], []], "marks": []}
