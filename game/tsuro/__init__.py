"""Tsuro of the Seas: the rules engine (pure standard-library Python).

The rules as this project plays them: docs/rules-tsuro-of-the-seas.md. The game's one
description is `GAME` (game/core/registry.py). Importing this package is light: the
engine (State) and the bots are loaded when first asked for.
"""

from typing import Any

from game.core.i18n import N_
from game.core.registry import Card, GameInfo

GAME = GameInfo(
    key="tsuro", name=N_("Tsuro of the Seas"), players=(2, 8), turn_cap=1000,
    package="game.tsuro", state="game.tsuro.state:TsuroState", words="game.tsuro.text",
    drawing="game.tsuro.svg", bots="game.tsuro.bots", goals_module="game.tsuro.goals",
    lessons_module="game.tsuro.lessons", coach="game.tsuro.coach",
    table="game.web.tsuro_table:TsuroTable",
    seat_labels="game.tsuro.svg:SHIP_NAMES", seat_colours="game.tsuro.svg:SHIP_COLOURS",
    setup_form="game.web.tsuro_setup:form_body", setup_read="game.web.tsuro_setup:read_fields",
    sample_view="game.web.tsuro_setup:sample_view",
    sample_words=N_("The sea of Tsuro of the Seas before a game: seven by seven empty "
                    "squares, the start marks round the edge, gold numbers along the top and "
                    "blue down the left."),
    rules_page="tsuro-of-the-seas.html",
    rule_anchors={
        "action": "how-a-game-is-recorded",  # a malformed action: what a game's choices are
        "end of the game": "the-end",
        "turn order": "a-turn",
        "B3": "setting-up-3",  # the rulebook's section B (setting up), step 3: a free mark
        "C2": "a-turn-2",  # section C (a turn), step 2: place a tile from your hand
        "placing rule 1": "placing-rule-1",
        "placing rule 2": "placing-rule-2",
        "placing rule 3": "placing-rule-3",
        "placing rule 4": "placing-rule-4",
        "elimination bonus": "elimination-bonus",
    },
    rule_items={"where-you-may-not-place": "placing-rule"},
    # the rules a refusal names in words (RuleError's and PositionError's), as the page
    # shows them (game/core/rule_links.py, rule_words); the readings ("D8") and the
    # rulebook's steps ("B3", "C2") are codes, the same in every language
    rule_words={
        "turn order": N_("turn order"),
        "placing rule 1": N_("placing rule 1"),
        "placing rule 2": N_("placing rule 2"),
        "placing rule 3": N_("placing rule 3"),
        "placing rule 4": N_("placing rule 4"),
        "elimination bonus": N_("elimination bonus"),
        "No Daikaiju": N_("No Daikaiju"),
        "The end": N_("The end"),
    },
    card=Card(
        time=N_("20–40 min"),  # the publisher's box; the rulebooks give no time
        line=N_("Lay wake tiles, steer your ship, dodge the sea monsters: the last ship afloat "
                "wins."),
        picture=N_("A game of Tsuro of the Seas in play: wake tiles laid on the seven by seven "
                   "sea, four ships on their wakes and daikaiju among them."),
        how=(
            N_("Each captain starts a ship on a mark at the edge of a sea of seven by seven "
               "squares, and holds three wake tiles."),
            N_("On your turn, lay a tile on the square in front of your ship, turned any "
               "way you like, and sail to the end of its wake; every ship the tile reaches "
               "sails too. Then draw back up to three tiles."),
            N_("Before you lay it, the dice may move the daikaiju (sea monsters), which "
               "sink the tiles and ships they run into."),
            N_("Sail off the edge, into a daikaiju or round an endless loop and you are out: "
               "the last ship afloat wins."),
            N_("The line above the board always says what to do next."),
        ),
        # ships afloat and daikaiju on the board, tiles laid
        config={"players": 4, "daikaiju": True, "first": 0}, seed=9, actions=18,
        picture_size=(496, 496)),
    seat_name=N_("Captain {n}"), computer_name=N_("{level} computer {n}"),
    switches={"daikaiju": True},
    old_keys=("tsuro-of-the-seas",))  # the "game" of older saved games and positions
GAME_NAME = GAME.name
PLAYERS = GAME.players  # (2, 8): written once, above
TURN_CAP = GAME.turn_cap


def config_for(players: int, daikaiju: bool = True, first: int = 0) -> dict[str, Any]:
    return {"players": players, "daikaiju": daikaiju, "first": first}

__getattr__ = GAME.on_demand()  # State, TsuroState and BOTS, when first asked for

__all__ = ["BOTS", "GAME", "GAME_NAME", "PLAYERS", "State", "TURN_CAP", "TsuroState",
           "config_for"]
