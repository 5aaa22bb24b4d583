"""The figures of Tatsu: each rule a learner needs to see, as a position with notes on it
and a caption (game/core/figures.py). The rules page shows each once, at its line
`<!-- diagram: NAME -->` in docs/rules-tatsu.md; the site serves each as
diagrams/NAME.svg, for any teaching page to link.

Positions are in the text form (the rules page, "Positions"). An example that ends
the game starts the move before the picture, as a question: win it. Black is to move in every
position under way: Black's panel is at the top, White's at the bottom, and Black's
stones travel clockwise (towards higher segment numbers).
"""

from game.core.figures import Example, Figure
from game.core.i18n import N_

FIGURES = {
    # Moving: a stone and the segments its two dice take it to.
    "tatsu-moving": Figure(
        position="5F8v4w4_b24_-_-_5",
        notes={"select": "5i"},
        caption=N_("Black's fire dragon on segment 5 may move 2 or 4 segments clockwise, one "
                   "die at a time: the shaded segments are where it can land."),
        example=Example(line=(["move", [5, "inner"], 2], ["move", [7, "inner"], 4]))),
    # Landing on your own stone: holding.
    "tatsu-hold": Figure(
        position="3W1V8v9_b26_-_-_5",
        notes={"arrows": [{"from": "3i", "to": "5o", "label": N_("2: holds")}]},
        caption=N_("With the 2, Black's water dragon lands on Black's own vine and stops on the "
                   "outer field: the vine is held until the water moves on."),
        example=Example(goal="hold")),
    # Vine: entangle.
    "tatsu-entangle": Figure(
        position="9V1w8v3_b25_-_-_5",
        notes={"arrows": [{"from": "9i", "to": "11o", "label": N_("2: entangles")}]},
        caption=N_("With the 2, Black's vine lands on White's water dragon and stops on the "
                   "outer field: the water is entangled and cannot move."),
        example=Example(goal="entangle")),
    # Water: expel.
    "tatsu-expel": Figure(
        position="8W2f8v3_b35_-_-_5",
        notes={"arrows": [{"from": "8i", "to": "11", "label": N_("3: expels")},
                          {"from": "11i", "to": "white-tray-fire",
                           "label": N_("back to the tray")}]},
        caption=N_("With the 3, Black's water dragon lands on White's fire dragon and washes it "
                   "back to White's tray, then takes the inner field."),
        example=Example(goal="expel")),
    # Fire: destroy.
    "tatsu-destroy": Figure(
        position="3v6w10F2_b61_-_-_5",
        notes={"arrows": [{"from": "21i", "to": "3", "label": N_("6: destroys")},
                          {"from": "3i", "to": "black-dead-vine", "label": N_("out for good")}]},
        caption=N_("With the 6, Black's fire dragon lands on White's vine and destroys it: the "
                   "vine goes to Black's dead zone, out of the game."),
        example=Example(goal="destroy")),
    # Moving: never onto a segment that holds two stones.
    "tatsu-full-segment": Figure(
        position="3V1(ww)8v9_b24_-_-_5",
        notes={"select": "3i", "highlight": ["5"]},
        caption=N_("Segment 5 already holds two stones, so Black's vine cannot land there with "
                   "the 2; only the 4 can move it."),
        example=Example(goal="play")),
    # Entering from the mat.
    "tatsu-enter": Figure(
        position="10V3v9_b13_F_-_5",
        notes={"select": "black-mat-fire"},
        caption=N_("A 1 or a 3 brings the fire dragon on Black's mat onto Black's entry point "
                   "with that number, segment 1 or 3."),
        example=Example(goal="enter")),
    # Escaping an entanglement.
    "tatsu-escape": Figure(
        position="6(Fv)7w9_b52_-_-_5",
        notes={"select": "6i"},
        caption=N_("Black's fire dragon, entangled by White's vine on segment 6, may escape by "
                   "the smaller die, 2, to segment 8; the 5 is then lost."),
        example=Example(goal="escape")),
    # Recruiting on the corners.
    "tatsu-recruit": Figure(
        position="2V11v9_b25_-_-_5",
        notes={"arrows": [{"from": "2i", "to": "4", "label": "2"},
                          {"from": "black-tray-fire", "to": "black-mat-fire"}]},
        caption=N_("Landing on corner 4, which shows fire, moves a fire dragon from Black's "
                   "tray to Black's mat."),
        example=Example(goal="recruit")),
    # The end: every stone of one kind destroyed.
    "tatsu-win-kind": Figure(
        position="6F2v4w3V5_b!24_-_ff_12",
        notes={"highlight": ["black-dead-fire"]},
        caption=N_("Both of White's fire dragons lie in Black's dead zone, so Black has won."),
        example=Example(goal="win", position="4F1f2v4w3V5_b24_-_f_12")),
    # The end: no stone left in the battle.
    "tatsu-win-battle": Figure(
        position="6F2W8V5_b!24_-_vvf_14",
        notes={"highlight": ["white-mat"],
               "labels": [{"at": "12", "text": N_("no White stone")}]},
        caption=N_("White has no stone left in the arena and none on the mat, so Black has "
                   "won; the stones in White's tray do not count."),
        example=Example(goal="win", position="6F2W1f6V5_b24_-_vv_14")),
}
