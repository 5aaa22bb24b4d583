"""Learn to play Tatsu: the steps of the lesson (game/core/lessons.py), from a first
turn to both ways to win. Positions are in the text form (game/tatsu/position.py):
segments from 0, upper case Black (V vine, W water, F fire), lower case White."""

from game.core.i18n import N_
from game.core.lessons import Step

LESSON = (
    Step(
        "turn", N_("Two dice, one at a time"),
        (N_("You play Black. Black's stones move clockwise round the ring, White's "
            "anticlockwise."),
         N_("Each turn you roll two dice and use them one at a time: choose a stone, then the "
            "field it moves to. Each die moves a stone exactly that many segments. You must "
            "use a die if you can.")),
        "1VVV9vvv8_b34", "play", (["move", [1, "inner"], 3], ["move", [2, "inner"], 4]),
        rule="turn order"),
    Step(
        "hold", N_("Holding your own stone"),
        (N_("A stone that lands on one of your own stones stops on top of it and holds it: "
            "the stone below cannot move until the one above moves away."),),
        "1V1V9vvv8_b25", "hold", (["move", [1, "inner"], 2],),
        rule="holding", hint=N_("Which die brings the stone on segment 1 onto segment 3?")),
    Step(
        "entangle", N_("The vine entangles"),
        (N_("Land on a lone stone of your opponent and your dragon's power acts on it. A vine "
            "entangles: it stops on top, and the stone below is caught."),),
        "10V2wvv8_b36", "entangle", (["move", [10, "inner"], 3],),
        rule="entangling", hint=N_("Count the segments from your vine to White's water.")),
    Step(
        "expel", N_("Water washes away"),
        (N_("Water expels: the opposing stone goes back to its owner's tray, and your water "
            "dragon takes its place."),),
        "9W3f6vv2_b41", "expel", (["move", [9, "inner"], 4],),
        rule="moving", hint=N_("The die of 4 takes your water onto White's fire.")),
    Step(
        "destroy", N_("Fire destroys"),
        (N_("Fire destroys: the opposing stone goes into your dead zone, out of the game for "
            "good."),),
        "11F1wvv8_b25", "destroy", (["move", [11, "inner"], 2],),
        rule="moving", hint=N_("White's water is two segments ahead of your fire.")),
    Step(
        "escape", N_("Escaping a vine"),
        (N_("Your fire dragon on segment 5 is entangled by a White vine. Instead of moving, "
            "you may escape: the caught stone moves by the smaller die, and that is your "
            "whole turn."),),
        "5(Fv)13v4_b23", "escape", (["escape", [5, "inner"], 2],),
        rule="escaping",
        hint=N_("Click your entangled fire, then where the smaller die takes it.")),
    Step(
        "recruit", N_("Recruiting on the corners"),
        (N_("The six corners show a kind of dragon. End a move on a corner and a stone of that "
            "kind comes from your tray to your mat."),),
        "1V4V6vvv8_b25", "recruit", (["move", [6, "inner"], 2], ["move", [1, "inner"], 5]),
        rule="moving", hint=N_("Segment 8 is a vine corner.")),
    Step(
        "enter", N_("Entering from the mat"),
        (N_("A stone on your mat enters the arena with a die of 1, 2 or 3, on your entry point "
            "of that number (segments 1, 2 and 3 for Black)."),),
        "1VV10vvv8_b25_F", "enter", (["enter", ["mat", "fire"], 2], ["move", [1, "inner"], 5]),
        rule="entering", hint=N_("Click the fire on your mat, then use the 2.")),
    Step(
        "win-fire", N_("Winning: destroy every stone of a kind"),
        (N_("You win when you have destroyed every stone of one kind of your opponent's. White "
            "has one fire dragon left."),),
        "11F1fvv8_b26_-_f", "win", (["move", [11, "inner"], 2],),
        rule="end of the game", hint=N_("Your fire is two segments from White's last fire.")),
    Step(
        "win-battle", N_("Winning: nothing left in battle"),
        (N_("You also win when your opponent has no stone in the arena or on the mat, even if "
            "stones are left in the tray."),),
        "5W1f3V12_b26", "win", (["move", [5, "inner"], 2],),
        rule="end of the game", hint=N_("Wash White's last stone away.")),
)

__all__ = ["LESSON"]
