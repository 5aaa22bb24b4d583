"""The figures of Tsuro of the Seas: each rule a learner needs to see, as a position with
notes on it and a caption (game/core/figures.py). The rules page shows each once, at its
line `<!-- diagram: NAME -->` in docs/rules-tsuro-of-the-seas.md; the site serves each as
diagrams/NAME.svg, for any teaching page to link.

Positions are in the text form (the rules page, "Positions"); squares in the notes are
written as rows and columns from the top-left ("r3c5"); a diagram's description names
them as the board numbers them ("gold 5, blue 3").
Seats are named by their ships' colours: Red is seat 1, Orange seat 2, Yellow seat 3.
"""

from game.core.figures import Example, Figure
from game.core.i18n import N_

FIGURES = {
    # D5: three captains setting out; Red and Orange on start marks, Yellow to choose.
    "tsuro-start-marks": Figure(
        position="1_n3_ms3_s31a.63d._h1-2-3.4-5-6.7-8-9_k52-1n.25-4e.51-6s.44-8w.36-9n.55-10e"
                 "_p10.11.12.13.14.15.16.17.18.19.20.21.22.23.24.25.26.27.28.29.30.31.32.33"
                 ".34.35.36.37.38.39.40.41.42.43.44.45.46.47.48.49.50.51.52.53.54.55.56",
        notes={"highlight": ["r1c3", "r3c7"],
               "labels": [{"at": "r2c3", "text": N_("Red's first square")},
                          {"at": "r4c6", "text": N_("Orange's first square")}]},
        caption=N_("Every tick around the board is a start mark: Red and Orange have each "
                   "chosen one and face the edge square beside it, and Yellow chooses next."),
        example=Example(goal="play", seat=2)),
    # A turn, 2-3: the tile Red placed on r6c2 and the wake Red sailed through it.
    "tsuro-sailing": Figure(
        position="1_n2_t4_mp2_s34e.61b_h1-5-6.7-8-9_b25-3w.35-2e.26-4e_v26f3.",
        notes={"highlight": ["r6c2"],
               "labels": [{"at": "r5c2", "text": N_("new tile")}]},
        caption=N_("Red laid the highlighted tile in front of its ship and sailed along the "
                   "wake to its open end, through the tile beyond."),
        example=Example(line=(["place", 6, 1], ["place", 0, 0]),
                        position="1_n2_t4_mp2_s34e.61b_h1-5-6.7-8-9_b25-3w.35-2e.26-4e_v26f3._x4")),
    # Placing rule 1: the ghost tile would take Red through the tile beside it, off the
    # left edge.
    "tsuro-placing-rule-1": Figure(
        position="1_n2_s22f.46e_h2-1-5.6-7-9_b12-4s.13-8n.23-3e_v13g2.",
        notes={"ghost": {"tile": 1, "rotation": 0}},
        caption=N_("Turned this way, the tile would sail Red off the edge of the board, so "
                   "Red may not place it so while another placement keeps the ship afloat."),
        example=Example(goal="afloat")),
    # Placing rule 2: a daikaiju ate the tile on r3c3 that Red crossed; the ghost closes
    # Red's wake into a loop.
    "tsuro-placing-rule-2": Figure(
        position="1_n2_s33f.56f_h9-1-2.4-5-8_b03-3n.30-7w.00-6e_v03h3.",
        notes={"ghost": {"tile": 8, "rotation": 3}},
        caption=N_("A daikaiju ate the tile Red once crossed here; this tile would join Red's "
                   "wake back to Red's own ship, an endless loop."),
        example=Example(goal="afloat")),
    # Placing rule 3: the ghost would run Red into the daikaiju beside it.
    "tsuro-placing-rule-3": Figure(
        position="1_n2_s13h.46e_h4-1-2.3-5-6_k23-4s",
        notes={"ghost": {"tile": 3, "rotation": 2}},
        caption=N_("This tile would sail Red straight into the daikaiju beside it."),
        example=Example(goal="afloat")),
    # Placing rule 4 (D9): a real position from a random game, reduced. Orange's tile
    # would send Orange along Red's own wake, the same way, to end where Red stands.
    "tsuro-placing-rule-4": Figure(
        position="1_n2_t23_mp2_s43h.14d_h2-17-15.1-32-13"
                 "_b33-47e.03-38s.20-20n.30-21w.24-53e_v24h5.",
        notes={"ghost": {"tile": 0, "rotation": 0},
               "labels": [{"at": "r2c4", "text": N_("Red's wake")}]},
        caption=N_("Orange's tile would send Orange along the very wake Red sailed, in the "
                   "same direction, to end on Red's point: placing rule 4 forbids it."),
        example=Example(goal="play", seat=1)),
    # The daikaiju roll (A turn, 1).
    "tsuro-daikaiju-roll": Figure(
        position="1_n2_s01a.06f_h1-2-3.4-5-6_k22-1n.54-4e.35-6s",
        notes={"labels": [{"at": "r1c5", "text": N_("gold + blue: 6, 7 or 8? Roll one die")},
                          {"at": "r3c2", "text": N_("1–5: follow that arrow")},
                          {"at": "r4c5", "text": N_("6: place a new daikaiju")}]},
        caption=N_("When gold and blue add up to 6, 7 or 8, one more die is rolled: on 1 to 5 "
                   "every daikaiju follows its arrow with that number, on 6 a new one is "
                   "placed."),
        example=Example(line=(["place", 1, 1], ["place", 3, 0]),
                        position="1_n2_s01a.06f_h1-2-3.4-5-6_k22-1n.54-4e.35-6s_x8")),
    # D3: the same daikaiju, each following its arrow 2.
    "tsuro-daikaiju-move": Figure(
        position="1_n2_s01a.06f_h1-2-3.4-5-6_k22-1n.54-4e.35-6s",
        notes={"arrows": [{"from": "r2c2", "to": "r2c3", "label": "2"},
                          {"from": "r5c6", "to": "r4c6", "label": "2"},
                          {"from": "r6c3", "to": "r6c4", "label": "2"}]},
        caption=N_("On a 2, each daikaiju steps the way its arrow 2 points as the tile lies "
                   "now, in the order of their rotation numbers."),
        example=Example(line=(["place", 1, 1],),
                        position="1_n2_s01a.06f_h1-2-3.4-5-6_k22-1n.54-4e.35-6s_x28")),
    # What daikaiju do: one steps onto the tile Red's ship is on.
    "tsuro-tile-eaten": Figure(
        position="1_n2_mp2_s23g.61b_h1-2-3.4-6-7_b13-5n_k12-1s.00-6e.45-9n_v13h.",
        notes={"highlight": ["r3c1"],
               "arrows": [{"from": "r2c1", "to": "r3c1", "label": "1"}]},
        caption=N_("On a 1, the daikaiju steps forward onto the tile Red's ship is on: the "
                   "tile goes to the bottom of the draw pile and Red's ship is destroyed."),
        example=Example(line=(["place", 3, 1],))),
    # Out of the game: Red's tile sails Orange off the edge; Red earns the bonus.
    "tsuro-elimination-bonus": Figure(
        position="1_n3_s61f.61a.36f_h14-1-2.4-5-6.7-8-9_b62-3s_v62d..",
        notes={"ghost": {"tile": 13, "rotation": 0},
               "labels": [{"at": "r1c5", "text": N_("Orange is out")},
                          {"at": "r3c4", "text": N_("Red may swap tiles with Orange")}]},
        caption=N_("Red's tile sails Orange off the edge while Red sails on, so Red may swap "
                   "tiles from its hand for Orange's."),
        example=Example(goal="bonus")),
}
