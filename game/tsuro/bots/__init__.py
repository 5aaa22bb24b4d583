"""Computer opponents for Tsuro of the Seas: `easy`, `medium` and `hard`.

A bot is made as `Bot(seat, seed)` and called as `bot(state) -> Action` when its seat
is to move; it returns one of `state.legal_actions()` and leaves the state as it was.
Every level is deterministic given the game and the bot's seed. No bot reads what its
seat cannot see: the other hands, the order of the draw pile, the face-down daikaiju
supply or future dice.

- easy:   a uniformly random legal action (game/core/bots.py: RandomBot).
- medium: one-step lookahead (bots/eval.py). Each legal placement is judged on what it
          leaves behind: the own ship's chances (how many of its hand's tiles and of a
          random tile's wakes would keep it afloat next turn, how likely a daikaiju is
          to step in front of it or onto the tile under it, a rival facing the same
          square, which places first), the opponents' chances (the same, counted
          against them) and the ships it puts out. Start marks and relocations: an
          empty, open first square away from daikaiju and other ships. Bonus: keep the
          tiles that would place best.
- hard:   determinized search (bots/search.py, bots/light.py): the best placements by
          the evaluation are played out in worlds where the hidden tiles and the
          face-down daikaiju are dealt afresh and the dice are the bot's own, the
          others rolling the daikaiju by the engine's rules (daikaiju_phase.py) and
          answering as the medium bot would up to the bot's next turn. There its
          best placement is judged by the share of the win the bot went on to take
          from such positions in its own games, fitted on play (bots/leaf.py,
          lab/fit_leaf.py); the risk to its own ship before then is counted exactly from
          the D3 table over the rolls to come (bots.eval.risk_maps). Late in the
          game, with few empty squares left, the playouts go one round further, and
          there are twice as many. A fixed number of playouts, never the clock. Its
          start mark: a value over the mark's features (daikaiju near and coming,
          corners, ships near) whose weights were fitted on games with marks taken
          at random (bots/marks.py, lab/fit_marks.py).
"""

from game.core.bots import RandomBot
from game.tsuro.bots.eval import MediumBot
from game.tsuro.bots.search import HardBot

BOTS = {"random": RandomBot, "easy": RandomBot, "medium": MediumBot, "hard": HardBot}

__all__ = ["BOTS", "HardBot", "MediumBot", "RandomBot"]
