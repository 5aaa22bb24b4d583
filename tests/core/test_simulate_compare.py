"""The simulator's per-game records and the paired comparison of two runs."""

import json
import math

import pytest

from game import __main__ as cli
from game import tsuro
from game.core.compare import CompareError, paired, pooled, read_games
from game.core.simulate import simulate


def run(bots, games=8, seed=5):
    records = []
    config = tsuro.config_for(len(bots), daikaiju=True)
    summary = simulate(lambda s: tsuro.State(config, s), game="tsuro", players=len(bots),
                       games=games, seed=seed, bots=bots, turn_cap=tsuro.TURN_CAP,
                       registry=tsuro.BOTS, each_game=records.append)
    return summary, records


def test_each_game_is_recorded_as_the_summary_counts_it():
    summary, records = run(["medium", "easy", "easy"])
    assert [r["game"] for r in records] == list(range(8))
    for number, record in enumerate(records):  # the seats rotate by one each game
        assert record["seats"] == [["medium", "easy", "easy"][(s - number) % 3]
                                   for s in range(3)]
        assert sum(record["shares"].values()) == pytest.approx(1.0)
        assert all(record["seats"][seat] for seat in record["winners"])
    for bot in ("medium", "easy"):
        assert sum(r["shares"][bot] for r in records) == pytest.approx(
            summary["wins_by_bot"][bot], abs=1e-3)
    _, again = run(["medium", "easy", "easy"])
    assert again == records  # the same seed deals and plays the same games


def record(number, shares, seats=("hard", "medium")):
    return {"game": number, "seed": 100 + number, "seats": list(seats), "winners": [],
            "turns": 9, "shares": shares}


def test_paired_difference_and_its_standard_error():
    before = [record(0, {"hard": 1.0, "medium": 0.0}), record(1, {"hard": 0.0, "medium": 1.0}),
              record(2, {"hard": 0.5, "medium": 0.5}), record(3, {"hard": 0.0, "medium": 1.0})]
    after = [record(0, {"hard": 1.0, "medium": 0.0}), record(1, {"hard": 1.0, "medium": 0.0}),
             record(2, {"hard": 0.0, "medium": 1.0}), record(3, {"hard": 0.0, "medium": 1.0})]
    result = paired(before, after, "hard")
    differences = [0.0, 1.0, -0.5, 0.0]
    mean = sum(differences) / 4
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / 3)
    assert result["games"] == 4
    assert result["share_before"] == 37.5 and result["share_after"] == 50.0
    assert result["difference"] == round(100 * mean, 2)
    assert result["paired_standard_error"] == round(100 * spread / 2, 2)
    assert result["same_result"] == 50.0
    assert paired(before, before, "hard")["paired_standard_error"] == 0.0
    # a bot holding several seats: its share per seat, as the simulator's win_share_by_bot
    seats = ("hard", "medium", "medium")
    two = [record(0, {"hard": 0.0, "medium": 1.0}, seats)]
    assert paired(two, two, "medium")["share_before"] == 50.0


@pytest.mark.parametrize("change, reason", [
    (lambda r: r.update(seed=1), "differs between the runs"),
    (lambda r: r.update(seats=["medium", "hard"]), "differs between the runs"),
    (lambda r: r.update(problem="turn cap"), r"did not finish \(turn cap\)"),
])
def test_runs_of_other_games_are_refused_with_a_reason(change, reason):
    before = [record(0, {"hard": 1.0, "medium": 0.0})]
    after = [record(0, {"hard": 1.0, "medium": 0.0})]
    change(after[0])
    with pytest.raises(CompareError, match=reason):
        paired(before, after, "hard")


def test_a_missing_bot_or_game_count_is_refused():
    one = [record(0, {"hard": 1.0, "medium": 0.0})]
    with pytest.raises(CompareError, match="no seat of game 0 is played by 'easy'"):
        paired(one, one, "easy")
    with pytest.raises(CompareError, match="hold 1 and 2 games"):
        paired(one, one + [record(1, {"hard": 1.0, "medium": 0.0})], "hard")


def test_pairs_of_runs_with_other_seeds_are_pooled_game_by_game():
    """Two seeds' pairs pooled: the mean and error of all their games' differences, as
    if one run had held them all; a pair whose runs differ in length is named."""
    one = ([record(0, {"hard": 1.0, "medium": 0.0}), record(1, {"hard": 0.0, "medium": 1.0})],
           [record(0, {"hard": 0.0, "medium": 1.0}), record(1, {"hard": 0.0, "medium": 1.0})])
    other = ([dict(record(0, {"hard": 0.0, "medium": 1.0}), seed=7)],
             [dict(record(0, {"hard": 1.0, "medium": 0.0}), seed=7)])
    result = pooled([one, other], "hard")
    assert result == paired(one[0] + other[0], one[1] + other[1], "hard")
    differences = [-1.0, 0.0, 1.0]
    spread = math.sqrt(sum(d * d for d in differences) / 2)
    assert result["games"] == 3 and result["difference"] == 0.0
    assert result["paired_standard_error"] == round(100 * spread / math.sqrt(3), 2)
    assert pooled([one], "hard") == paired(*one, "hard")
    with pytest.raises(CompareError, match="pair 2: the runs hold 1 and 2 games"):
        pooled([one, (other[0], other[1] + other[1])], "hard")
    with pytest.raises(CompareError, match="pair 2: game 0 differs between the runs"):
        pooled([one, (other[0], one[1][:1])], "hard")
    with pytest.raises(CompareError, match="no runs"):
        pooled([], "hard")


def test_malformed_files_are_refused_whole(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(record(0, {"hard": 1, "medium": 0})) + "\n{oops\n")
    with pytest.raises(CompareError, match="line 2: not JSON"):
        read_games(bad)
    bad.write_text('{"game": 0}\n')
    with pytest.raises(CompareError, match="line 1: not a game record"):
        read_games(bad)
    bad.write_text("\n")
    with pytest.raises(CompareError, match="holds no games"):
        read_games(bad)
    with pytest.raises(CompareError, match="cannot read"):
        read_games(tmp_path / "missing.jsonl")


def test_command_line_writes_games_and_compares_them(tmp_path, capsys):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    common = ["simulate", "--game", "tsuro", "--players", "3", "--games", "5", "--seed", "9"]
    assert cli.main(common + ["--bots", "medium,easy,easy", "--games-out", str(first)]) == 0
    assert cli.main(common + ["--bots", "medium,easy,easy", "--games-out", str(second)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert len(read_games(first)) == 5
    assert cli.main(["compare", str(first), str(second), "--bot", "medium"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["difference"] == 0.0 and result["games"] == 5
    assert result["share_after"] == round(100 * summary["win_share_by_bot"]["medium"], 2)
    assert cli.main(["compare", str(first), str(second), "--bot", "hard"]) == 2
    assert "no seat of game 0 is played by 'hard'" in capsys.readouterr().err
    # pairs of runs pooled; files not in pairs refused
    assert cli.main(["compare", str(first), str(second), str(second), str(first),
                     "--bot", "medium"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 10
    assert cli.main(["compare", str(first), str(second), str(first), "--bot", "medium"]) == 2
    assert "3 files named: give them in pairs" in capsys.readouterr().err
    nowhere = tmp_path / "no" / "such" / "dir.jsonl"
    assert cli.main(common + ["--games-out", str(nowhere)]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_a_game_that_breaks_is_recorded_with_its_problem():
    class Broken:
        def __init__(self, seat, seed):
            pass

        def __call__(self, state):
            raise RuntimeError("no move")

    records = []
    config = tsuro.config_for(2, daikaiju=True)
    summary = simulate(lambda s: tsuro.State(config, s), game="tsuro", players=2, games=2,
                       seed=1, bots=["broken", "easy"], turn_cap=tsuro.TURN_CAP,
                       registry={**tsuro.BOTS, "broken": Broken}, each_game=records.append)
    assert summary["errors"] == 2
    assert [r["problem"] for r in records] == ["error", "error"]
    assert "winners" not in records[0]
