"""Each game is described once (game/core/registry.py) and every tool asks there."""

import subprocess
import sys

import pytest

from game.core.registry import GameInfo, game, games, known_key
from game.core.state import GameState
from game.web.table import Table


def test_the_games_in_the_order_the_page_offers_them():
    assert list(games()) == ["tsuro", "tatsu"]
    assert [info.name for info in games().values()] == ["Tsuro of the Seas", "Tatsu"]
    assert games()["tsuro"].players == (2, 8) and games()["tatsu"].players == (2, 2)


@pytest.mark.parametrize("key", ["tsuro", "tatsu"])
def test_every_piece_a_description_names_is_there(key):
    info = game(key)
    assert isinstance(info, GameInfo) and info.key == key
    assert issubclass(info.state_class, GameState) and info.state_class.GAME.startswith(key)
    low, _ = info.players
    state = info.state_class(info.config_for(low), 3)
    assert state.players == low
    assert callable(info.describe) and callable(info.svg.board)
    assert info.svg.board(info.svg.board_view(state)).startswith("<svg")
    assert {"easy", "medium", "hard"} <= set(info.bot_classes)
    assert issubclass(info.table_class, Table)


def test_one_id_per_game_and_the_older_names_it_reads():
    for key, info in games().items():
        assert key == info.state_class.GAME  # records and positions write the key
        assert known_key(key) == key
        assert all(known_key(old) == key for old in info.old_keys)
    assert games()["tsuro"].old_keys == ("tsuro-of-the-seas",)
    assert games()["tsuro"].rules_page == "tsuro-of-the-seas.html"  # a page's name, no id
    assert known_key("chess") is known_key(None) is known_key(["tsuro"]) is None


def test_the_player_range_is_written_once_and_read():
    from game.tsuro import position, state
    from game.web.tsuro_setup import PLAYERS as OFFERED

    assert games()["tsuro"].players == (state.MIN_PLAYERS, state.MAX_PLAYERS)
    assert games()["tsuro"].players == (position.MIN_PLAYERS, position.MAX_PLAYERS)
    assert list(OFFERED) == list(range(2, 9))
    assert games()["tsuro"].players_words == "2–8 players"
    assert games()["tatsu"].players_words == "2 players"


def test_an_unknown_game_is_named_with_the_known_ones():
    with pytest.raises(KeyError, match="tsuro, tatsu"):
        game("chess")


def test_the_bots_load_only_when_asked_for():
    """Describing a game, or playing one between people, imports no bot."""
    code = ("import sys\nimport game.tsuro, game.tatsu\n"
            "from game.core.registry import games\ngames()\n"
            "print(sorted(m for m in sys.modules if '.bot' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
    import game.tsuro as tsuro

    assert tsuro.BOTS is game("tsuro").bot_classes


def test_the_command_line_offers_each_games_switches():
    out = subprocess.run([sys.executable, "-m", "game", "simulate", "--help"],
                         capture_output=True, text=True, check=True).stdout
    assert "--no-daikaiju" in out and "Tsuro of the Seas" in out
