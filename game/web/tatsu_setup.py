"""Tatsu's own part of the start form (game/web/setup.py has what the games share): its
two seats, then who starts beside the seed and the pace; reading who starts back into a
config; and the arena as set up, drawn under the form.

The game's description (game/tatsu/__init__.py) names `form_body`, `read_fields` and
`sample_view`; the page loads this module by those names when the game is chosen.
"""

from html import escape

from game.core.i18n import N_, _
from game.tatsu import GAME
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

FIRSTS = (("black", N_("Black")), ("white", N_("White")), ("roll", N_("Roll a die each")))
PLAYERS = GAME.players[0]  # always two


def tatsu_form(names=None, kinds=None, first: str = "black", seed: str = "",
               speed: str = "normal", errors=None) -> str:
    """The whole form, for these seats and options."""
    return whole_form(GAME.key, _body(names, kinds, first, seed, speed, errors or {}))


def _body(names, kinds, first: str, seed: str, speed: str, errors: dict) -> tuple:
    names, kinds = fill_seats(GAME.key, PLAYERS, names, kinds)
    choices = option_list(((value, _(words)) for value, words in FIRSTS), first)
    firsts = (f'<select id="setup-first" name="first"{aria_described("first", errors)}>'
              f"{choices}</select>")
    who_starts, players = escape(_("Who starts")), _("Players")
    return (seats_fieldset(GAME.key, players, names, kinds, errors),
            f'<div class="setup-line three">'
            f'{labelled_field("first", who_starts, firsts, errors)}'
            f"{seed_and_pace(seed, speed, errors)}</div>")


def form_body(values: dict | None, errors: dict) -> tuple:
    """The form's fields (GameInfo.setup_form), as (the seats' part, the settings'
    part that follows the Start button): as the form first shows (values None), or again
    from the values it holds now."""
    if values is None:
        return _body(None, None, "black", "", "normal", errors)
    names, kinds = seat_values(values, PLAYERS)
    return _body(names, kinds, values.get("first", "black"), values.get("seed", ""),
                 values.get("speed", "normal"), errors)


def read_fields(values: dict) -> tuple:
    """(seats, config, errors) from the form's own fields (GameInfo.setup_read): who
    starts."""
    first = values.get("first", "black")
    errors = {} if first in dict(FIRSTS) else {
        "first": _("Choose who starts: Black, White or a roll of the dice.")}
    return PLAYERS, {"first": first}, errors


def sample_view() -> dict:
    """The arena as set up (GameInfo.sample_view): three vines each on the entry segments,
    the rest in the trays, no dice rolled and nobody to move."""
    from game.tatsu import State, config_for

    view = State(config_for(), 0).view(0)  # the set-up position; only its dice go
    view.update(seat=None, to_move=None, decision=None, turn=0, dice=[],
                dice_left=[], winners=[], reason=None, legal=[])
    return view
