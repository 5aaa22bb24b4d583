"""Learn to play Tatsu: the steps of the lesson (game/core/lessons.py), from a first
turn to both ways to win. Positions are in the text form (game/tatsu/position.py):
segments from 0, upper case Black (V vine, W water, F fire), lower case White."""

from game.core.lessons import Step

LESSON = (
    Step(
        "turn", "Two dice, one at a time",
        ("You play Black. Black's stones move clockwise round the ring, White's "
         "anticlockwise.",
         "Each turn you roll two dice and use them one at a time: click a stone, then the "
         "field it moves to. Each die moves a stone exactly that many segments. You must "
         "use a die if you can."),
        "1VVV9vvv8_b34", "play", (["move", [1, "inner"], 3], ["move", [2, "inner"], 4]),
        rule="turn order"),
    Step(
        "hold", "Holding your own stone",
        ("A stone that lands on one of your own stones stops on top of it and holds it: "
         "the stone below cannot move until the one above moves away.",),
        "1V1V9vvv8_b25", "hold", (["move", [1, "inner"], 2],),
        rule="holding", hint="Which die brings the stone on segment 1 onto segment 3?"),
    Step(
        "entangle", "The vine entangles",
        ("Land on a lone stone of your opponent and your dragon's power acts on it. A vine "
         "entangles: it stops on top, and the stone below is caught.",),
        "10V2wvv8_b36", "entangle", (["move", [10, "inner"], 3],),
        rule="entangling", hint="Count the segments from your vine to White's water."),
    Step(
        "expel", "Water washes away",
        ("Water expels: the opposing stone goes back to its owner's tray, and your water "
         "dragon takes its place.",),
        "9W3f6vv2_b41", "expel", (["move", [9, "inner"], 4],),
        rule="moving", hint="The die of 4 takes your water onto White's fire."),
    Step(
        "destroy", "Fire destroys",
        ("Fire destroys: the opposing stone goes into your dead zone, out of the game for "
         "good.",),
        "11F1wvv8_b25", "destroy", (["move", [11, "inner"], 2],),
        rule="moving", hint="White's water is two segments ahead of your fire."),
    Step(
        "escape", "Escaping a vine",
        ("Your fire dragon on segment 5 is entangled by a White vine. Instead of moving, "
         "you may escape: the caught stone moves by the smaller die, and that is your "
         "whole turn.",),
        "5(Fv)13v4_b23", "escape", (["escape", [5, "inner"], 2],),
        rule="escaping", hint="Click your entangled fire, then where the smaller die takes it."),
    Step(
        "recruit", "Recruiting on the corners",
        ("The six corners show a kind of dragon. End a move on a corner and a stone of that "
         "kind comes from your tray to your mat.",),
        "1V4V6vvv8_b25", "recruit", (["move", [6, "inner"], 2], ["move", [1, "inner"], 5]),
        rule="moving", hint="Segment 8 is a vine corner."),
    Step(
        "enter", "Entering from the mat",
        ("A stone on your mat enters the arena with a die of 1, 2 or 3, on your entry point "
         "of that number (segments 1, 2 and 3 for Black).",),
        "1VV10vvv8_b25_F", "enter", (["enter", ["mat", "fire"], 2], ["move", [1, "inner"], 5]),
        rule="entering", hint="Click the fire on your mat, then use the 2."),
    Step(
        "win-fire", "Winning: destroy every stone of a kind",
        ("You win when you have destroyed every stone of one kind of your opponent's. White "
         "has one fire dragon left.",),
        "11F1fvv8_b26_-_f", "win", (["move", [11, "inner"], 2],),
        rule="end of the game", hint="Your fire is two segments from White's last fire."),
    Step(
        "win-battle", "Winning: nothing left in battle",
        ("You also win when your opponent has no stone in the arena or on the mat, even if "
         "stones are left in the tray.",),
        "5W1f3V12_b26", "win", (["move", [5, "inner"], 2],),
        rule="end of the game", hint="Wash White's last stone away."),
)

__all__ = ["LESSON"]
