"""Tatsu: a two-player dice battle of dragon stones around a ring of 24 segments.

The rules as this project plays them: docs/rules-tatsu.md. Fixed data and every
reading of the rules: game/tatsu/arena.py. The rules, once, over a compact position:
game/tatsu/core.py; the state that wraps them (checks, events, dice): state.py. The
game's one description is `GAME` (game/core/registry.py). Importing this package is
light: the engine (State) and the bots are loaded when first asked for.
"""

from typing import Any

from game.core.i18n import N_
from game.core.registry import Card, GameInfo

GAME = GameInfo(
    key="tatsu", name="Tatsu", players=(2, 2), turn_cap=2000,
    package="game.tatsu", state="game.tatsu.state:TatsuState", words="game.tatsu.text",
    drawing="game.tatsu.svg", bots="game.tatsu.bots", goals_module="game.tatsu.goals",
    lessons_module="game.tatsu.lessons", coach="game.tatsu.coach",
    table="game.web.tatsu_table:TatsuTable",
    seat_labels="game.tatsu.arena:COLOUR_NAMES", seat_colours="game.tatsu.svg:STONE_FILLS",
    setup_form="game.web.tatsu_setup:form_body", setup_read="game.web.tatsu_setup:read_fields",
    sample_view="game.web.tatsu_setup:sample_view",
    sample_words=N_("The arena of Tatsu before a game: each side's three vines on its entry "
                    "segments, its other six stones in its tray, no dice rolled yet."),
    rules_page="tatsu.html",
    rule_anchors={
        "action": "how-the-engine-speaks",  # the actions' shapes
        "end of the game": "the-end",
        "turn order": "a-turn",
        "using the dice": "using-the-dice-is-compulsory",
        "moving": "moving",
        "holding": "landing-on-your-own-stone-holding",
        "entangling": "vine-entangle",
        "escaping": "escaping-an-entanglement",
        "entering": "entering-from-the-mat",
    },
    # the words a refusal shows for the rules above that are Tatsu's own (rule_links.py;
    # "action" and "end of the game" are every game's)
    rule_words={
        "turn order": N_("turn order"),
        "using the dice": N_("using the dice"),
        "moving": N_("moving"),
        "holding": N_("holding"),
        "entangling": N_("entangling"),
        "escaping": N_("escaping"),
        "entering": N_("entering"),
    },
    card=Card(
        time=N_("about 30 min"),  # as shops list the boxed game; the rulebook gives none
        line=N_("A dice battle of dragon stones round a ring: entangle, wash away or burn "
                "your rival's dragons."),
        picture=N_("A game of Tatsu in play: black and white dragon stones of vine, water and "
                   "fire round the ring of the arena, the dice of the turn in the middle."),
        how=(
            N_("Black and White each have nine dragon stones: four vines, three waters "
               "and two fires; Black moves clockwise round the ring, White anticlockwise."),
            N_("Each turn you roll two dice and use them one at a time: move a stone that "
               "many segments, or bring a stone from your mat onto your entry point 1, 2 "
               "or 3."),
            N_("Land on a lone enemy stone and your dragon's power acts: a vine entangles "
               "it, water washes it back to its tray, fire destroys it."),
            N_("Ending a move on a corner calls a stone of that corner's kind from your "
               "tray to your mat."),
            N_("You win when your rival has no stone in the arena or on the mat, or when "
               "you have destroyed every stone of one of their kinds."),
        ),
        # stones of every kind in the arena, on a mat and in a dead zone
        config={"first": "black"}, seed=6, actions=40, picture_size=(400, 596)),
    # the side follows the name ("Ann (Black)"), so a computer's name needs no number
    seat_name=N_("Player {n}"), computer_name=N_("{level} computer"), label_in_name=True)
GAME_NAME = GAME.name
PLAYERS = GAME.players
TURN_CAP = GAME.turn_cap


def config_for(players: int = 2, first: str | None = None, **options: object) -> dict[str, Any]:
    """The plain config of a new game. `first` (D5): "black", "white" or "roll"
    (by default the reading's DEFAULT_FIRST)."""
    from game.tatsu.arena import DEFAULT_FIRST
    from game.tatsu.state import check_config

    if players != 2:
        raise ValueError(f"Tatsu is played by exactly 2 players, not {players!r}")
    return check_config({"first": DEFAULT_FIRST if first is None else first, **options})

__getattr__ = GAME.on_demand()  # State, TatsuState and BOTS, when first asked for

__all__ = ["BOTS", "GAME", "GAME_NAME", "PLAYERS", "TURN_CAP", "State", "TatsuState",
           "config_for"]
