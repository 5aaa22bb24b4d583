"""Computer opponents for Tsuro of the Seas: `easy`, `medium` and `hard`.

A bot is made as `Bot(seat, seed)` and called as `bot(state) -> Action` when its seat
is to move; it returns one of `state.legal_actions()`. Every level is deterministic
given the game and the bot's seed. No bot reads what its seat cannot see: the other
hands, the order of the draw pile, the face-down daikaiju supply or future dice.

- easy:   a uniformly random legal action (game/core/bots.py: RandomBot).
- medium: one-step lookahead. Each legal placement is judged on what it leaves behind
          (bot_eval.py): the own ship's chances (its next placements from the hand and
          from an unknown tile, how likely a daikaiju is to reach the square in front of
          it or the tile under it, a rival facing the same square), the opponents'
          chances (the same, counted against them) and the ships it puts out.
- hard:   determinized search (bot_search.py): the hidden tiles are dealt afresh into
          the other hands and the draw pile, the daikaiju supply is shuffled and the dice
          come from the bot's own generator; each legal placement is played in every
          sample, the other captains answer with a cheap greedy policy up to the bot's
          next turn, and the medium evaluation scores the result. Samples are shared by
          all placements (common random numbers); their number depends only on the
          number of placements, never on the clock.
"""

from game.core.bots import RandomBot
from game.tsuro.bot_eval import MediumBot
from game.tsuro.bot_search import HardBot

BOTS = {"random": RandomBot, "easy": RandomBot, "medium": MediumBot, "hard": HardBot}

__all__ = ["BOTS", "HardBot", "MediumBot", "RandomBot"]
