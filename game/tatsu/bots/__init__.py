"""Computer opponents for Tatsu: `easy`, `medium` and `hard`.

A bot is made as `Bot(seat, seed)` and called as `bot(state) -> Action` when its seat
is to move; it returns one of `state.legal_actions()`. A turn is two one-die decisions;
the medium and hard bots choose a whole turn (first decision x second decision) and
play its first action. Every level is deterministic given the game and the bot's seed.
No bot reads the future dice: the searches run on a copy of the engine's compact
position (bots/model.py, over the rules of core.py) that has no dice generator, and
enumerate the rolls to come.

- easy:   a uniformly random legal action (game/core/bots.py: RandomBot).
- medium: one-turn lookahead (bots/eval.py): every whole turn is played on the model
          and the position it leaves is judged by the evaluation: stones valued by
          kind and place (free, held, entangled, mat, tray), destroyed stones costing
          more as their kind nears being wiped out (D6), few stones in battle costing,
          and the danger each lone stone is in from the rival's next roll (the chance
          of a fire, water or vine landing on it, by one die, both dice or an entry).
          Powers used and recruits show up as the material they change.
- hard:   expectimax (bots/search.py): the evaluation's best own whole turns, each
          answered by the rival's best whole turn (by the same evaluation) for every one
          of the 21 rolls, then evaluated with the bot to roll; the best average wins.
          `think(state)` runs the same search in slices for the page.
"""

from game.core.bots import RandomBot
from game.tatsu.bots.eval import MediumBot
from game.tatsu.bots.search import HardBot

BOTS = {"random": RandomBot, "easy": RandomBot, "medium": MediumBot, "hard": HardBot}

__all__ = ["BOTS", "HardBot", "MediumBot", "RandomBot"]
