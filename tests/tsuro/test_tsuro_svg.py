

def test_the_last_tile_laid_is_marked_by_shape_until_the_next():
    import random as _random

    from game.tsuro import TsuroState
    from game.tsuro import svg as tsuro_svg

    state = TsuroState({"players": 2, "daikaiju": False}, 8)
    chooser, log = _random.Random(8), []
    while sum(1 for e in log if e.kind == "tile_placed") < 2:
        log += state.apply(chooser.choice(state.legal_actions()))
    square = tsuro_svg.last_square(log)
    assert square == [e for e in log if e.kind == "tile_placed"][-1].data["square"]
    drawn = tsuro_svg.board(tsuro_svg.board_view(state), last=square)
    assert drawn.count('class="last-move"') == 1 and f'data-square="{square}"' in drawn
    assert 'stroke-dasharray="5 3"' in drawn  # a dashed outline and a notch: not colour
    assert 'class="last-move"' not in tsuro_svg.board(tsuro_svg.board_view(state))
    assert tsuro_svg.last_square([]) is None
