"""Learn to play Tsuro of the Seas: the steps of the lesson (game/core/lessons.py), from
a first start mark to the last ship afloat. Positions are in the text form
(game/tsuro/position.py): squares named by their gold then blue number (0 for the middle
line), tiles and captains numbered from 1 as on the page. Solutions are actions as JSON,
numbered from 0 as the engine does (tile n on the page is tile n - 1 there)."""

from game.core.i18n import N_
from game.core.lessons import Step

LESSON = (
    Step(
        "start", N_("Choose a start mark"),
        (N_("Every captain begins on a start mark, one of the small arrows round the edge of "
            "the sea. Your ship will sail onto the square the arrow points at."),
         N_("Tap a free mark (or pick one in the list), then set sail.")),
        "1_n2_ms1_s._h40-17-48.23-51-45_k13-1s.62-2n.34-3s.24-4w.56-5s.33-7n_u10.8.6.9_"
        "p41.50.44.36.47.46.10.39.27.18.12.56.21.26.43.55.33.19.53.15.22.20.5.3.29.13.37."
        "28.6.9.32.14.1.38.7.35.25.52.31.24.8.11.4.49.16.30.2.34.42.54",
        "play", (["start", 0],), rule="B3"),
    Step(
        "place", N_("Place a tile, follow the wake"),
        (N_("Each turn you lay one tile from your hand on the square in front of your ship. "
            "Your ship then sails along the wake it stands on, to the wake's open end."),
         N_("Click a tile, turn it with the arrows until you like its wakes, then place it.")),
        "1_n2_d0_s01a.06e_h6-13-31.50-46-45_p51.52.53.54",
        "play", (["place", 5, 1],), rule="C2"),
    Step(
        "edge", N_("Never sail off the edge"),
        (N_("You may not place a tile that sails your own ship off the edge of the sea, into a "
            "daikaiju or round in a loop, unless every placement you have would."),
         N_("Try one that would take your ship off the board: the game says no and names the "
            "rule. Then place one that keeps you afloat.")),
        "1_n2_d0_s11a.66e_h10-13-28.41-42-43_p51.52.53.54",
        "play", (["place", 9, 1],), rule="placing rule 1"),
    Step(
        "push", N_("Turn a tile to move a rival"),
        (N_("A tile moves every ship that stands on its edges, not only yours. Captain 2 "
            "waits on the same square as you."),
         N_("Turn your tile so that captain 2 sails off the edge while you stay afloat.")),
        "1_n3_d0_s11a.11h.66e_h47-21-20.50-46-45.48-44-43_p51.52.53.54",
        "sink:2", (["place", 46, 1],),
        rule="placing rule 1", hint=N_("Try tile 47 turned a quarter to the right.")),
    Step(
        "long-wake", N_("Wakes run on across tiles"),
        (N_("A ship sails on across every tile its wake runs into, as far as the wake goes. "
            "You are captain 2 in a game under way; captain 1's ship is not far from the edge."),
         N_("Find the placement that carries captain 1 off the board.")),
        "1_n3_d0_t26_mp2_s34b.34g.50f_h24-6-33.1-35-29.27-46-53_b11-42e.21-56n.12-31n."
        "22-5n.23-34n.10-10e.20-44s.30-36n.00-11s.14-22n.24-23e.04-16s.44-25e.54-15w.15-9w."
        "25-55n.35-21s.05-18n.45-48s.26-3n.36-37w.06-28n.46-30n.56-32n.66-14n_"
        "u5.8.1.9.4.10.7.3.6.2_p50.47.19.45.43.39.7.26.54.41.17.52.4.51.38.2.13.20.8.49.40."
        "12_v36e14.21a9.66e10",
        "sink:1", (["place", 28, 2],),
        rule="C2", hint=N_("Follow captain 1's wake back across the tiles to your square.")),
    Step(
        "daikaiju", N_("Beware the daikaiju"),
        (N_("Sea monsters roam the board. A ship that sails into a daikaiju is out. At the start "
            "of each turn two dice are rolled: on a 6, 7 or 8 every daikaiju moves by its own "
            "arrows, and may eat a tile and the ships on it."),
         N_("Send captain 2 into the daikaiju beside you.")),
        "1_n3_s11a.11h.66e_h29-2-3.50-46-45.48-44-43_k21-1s_p51.52.53.54",
        "sink:2", (["place", 28, 2],),
        rule="placing rule 3", hint=N_("Tile 29 can lead captain 2's wake to the right.")),
    Step(
        "bonus", N_("The elimination bonus"),
        (N_("When your placement puts another captain out, you may swap tiles from your hand "
            "for tiles from theirs."),
         N_("Sink captain 2, then take one of their tiles.")),
        "1_n3_d0_s11a.11h.66e_h25-21-20.50-46.48-47_p51.52.53.54",
        "bonus", (["place", 24, 1], ["bonus", [19], [45]]),
        rule="elimination bonus", hint=N_("First sink captain 2 with tile 25 turned once.")),
    Step(
        "win", N_("The last ship afloat wins"),
        (N_("The game ends when only one ship is left on the sea: its captain wins. (If the "
            "last ships go out together, they share the win.)"),
         N_("Put captain 2 out and win.")),
        "1_n2_d0_s11a.11h_h25-21-20.50-46-45_p51.52.53.54",
        "win", (["place", 24, 1],),
        rule="end of the game", hint=N_("Tile 25 turned once sends captain 2 off the edge.")),
)

__all__ = ["LESSON"]
