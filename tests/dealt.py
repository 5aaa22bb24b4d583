"""Positions several test folders start from (imported as tests.dealt)."""

import random

from game.core.registry import game


def tsuro_placement(players: int = 3, seed: int = 4):
    """A game of Tsuro of the Seas played at random up to a placement: every hand dealt."""
    info = game("tsuro")
    state = info.state_class(info.config_for(players), seed)
    chooser = random.Random(seed)
    while state.decision != "placement":
        state.apply(chooser.choice(state.legal_actions()))
    return state
