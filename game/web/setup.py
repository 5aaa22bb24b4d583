"""The start screen's form for each game, and reading it back into a match.

Pure functions: HTML out, plain dicts in (the page reads the form into a dict of
strings), so that this is tested without a browser.
"""

from html import escape

from game.core.match import HUMAN, LEVELS, Seat
from game.tsuro.svg import SHIP_NAMES as SHIP_LABELS
from game.web.table import SPEEDS

TATSU_SIDES = ("Black", "White")
DEFAULT_TSURO_PLAYERS = 3


def _player_select(name: str, chosen: str) -> str:
    options = [(HUMAN, "Person")] + [(level, f"Computer ({level})") for level in LEVELS]
    return (f'<select name="{name}" aria-label="Who plays">'
            + "".join(f'<option value="{value}"{" selected" if value == chosen else ""}>'
                      f"{label}</option>" for value, label in options)
            + "</select>")


def _seat_row(index: int, label: str, name: str, player: str) -> str:
    return (f'<div class="seat-row" data-seat-row="{index}">'
            f'<span class="seat-label">{escape(label)}</span>'
            f'<input name="name{index}" value="{escape(name)}" maxlength="20" '
            f'aria-label="Name of seat {index + 1}">'
            f"{_player_select(f'player{index}', player)}</div>")


def _common_fields(seed: str, speed: str) -> str:
    speeds = "".join(f'<option value="{s}"{" selected" if s == speed else ""}>{s}</option>'
                     for s in SPEEDS)
    return (f'<label>Seed (optional) <input name="seed" value="{escape(seed)}" '
            'inputmode="numeric" placeholder="random" maxlength="12"></label>'
            f'<label>Pace <select name="speed">{speeds}</select></label>')


def tsuro_form(players: int = DEFAULT_TSURO_PLAYERS, names=None, kinds=None,
               daikaiju: bool = True, seed: str = "", speed: str = "normal") -> str:
    names = list(names or [])
    kinds = list(kinds or [])
    rows = []
    for i in range(players):
        name = names[i] if i < len(names) else f"Captain {i + 1}"
        kind = kinds[i] if i < len(kinds) else (HUMAN if i == 0 else "easy")
        rows.append(_seat_row(i, SHIP_LABELS[i], name, kind))
    counts = "".join(f'<option value="{n}"{" selected" if n == players else ""}>{n}</option>'
                     for n in range(2, 9))
    return (
        '<form id="setup-form" class="setup" data-game="tsuro">'
        '<h2>New game of Tsuro of the Seas</h2>'
        f'<label>Captains <select name="players" data-refresh="1">{counts}</select></label>'
        f'<label class="check"><input type="checkbox" name="daikaiju"'
        f'{" checked" if daikaiju else ""}> Daikaiju (sea monsters)</label>'
        f'<fieldset><legend>Seats, in turn order</legend>{"".join(rows)}</fieldset>'
        f"{_common_fields(seed, speed)}"
        '<button type="submit" class="primary" data-start="1">Start the game</button>'
        "</form>")


def tatsu_form(names=None, kinds=None, first: str = "black", seed: str = "",
               speed: str = "normal") -> str:
    names = list(names or ["Player 1", "Player 2"])
    kinds = list(kinds or [HUMAN, "easy"])
    rows = "".join(_seat_row(i, side, names[i], kinds[i]) for i, side in enumerate(TATSU_SIDES))
    firsts = [("black", "Black"), ("white", "White"), ("roll", "Roll a die each")]
    first_options = "".join(f'<option value="{v}"{" selected" if v == first else ""}>{t}</option>'
                            for v, t in firsts)
    return (
        '<form id="setup-form" class="setup" data-game="tatsu">'
        '<h2>New game of Tatsu</h2>'
        f'<fieldset><legend>Players</legend>{rows}</fieldset>'
        f'<label>Who starts <select name="first">{first_options}</select></label>'
        f"{_common_fields(seed, speed)}"
        '<button type="submit" class="primary" data-start="1">Start the game</button>'
        "</form>")


def form_html(game: str) -> str:
    return tsuro_form() if game == "tsuro" else tatsu_form()


def read_form(game: str, values: dict, random_seed: int):
    """(config, seed, seats, speed) from the form's values (all strings). A bad value
    raises ValueError with a sentence for the person."""
    seed_text = values.get("seed", "").strip()
    if seed_text and not seed_text.isdigit():
        raise ValueError("The seed is a whole number (or leave it empty).")
    seed = int(seed_text) if seed_text else random_seed
    speed = values.get("speed", "normal")
    if game == "tsuro":
        players = int(values.get("players", DEFAULT_TSURO_PLAYERS))
        if not 2 <= players <= 8:
            raise ValueError("Tsuro of the Seas is for 2 to 8 captains.")
        config = {"players": players, "daikaiju": values.get("daikaiju") in ("on", "true")}
        labels = SHIP_LABELS
    else:
        players = 2
        config = {"first": values.get("first", "black")}
        labels = TATSU_SIDES
    seats = []
    for i in range(players):
        name = values.get(f"name{i}", "").strip() or labels[i]
        seats.append(Seat(name[:20], values.get(f"player{i}", HUMAN)))
    if game == "tatsu":
        for seat, side in zip(seats, TATSU_SIDES):
            if side.lower() not in seat.name.lower():
                seat.name = f"{seat.name} ({side})"
    return config, seed, seats, speed
