"""The board's markup read without a DOM (static/board_markup.js), run with Node.js:
tests/run.py makes sure there is one. (tests/e2e/test_moving_pieces.py checks, on the
boards a page draws, that the pared markup gives what the whole gives.)"""

import json
import shutil
import subprocess
from pathlib import Path

MARKUP = Path(__file__).resolve().parents[2] / "static" / "board_markup.js"

BOARD = ('<svg viewBox="0 0 10 10"><g class="pile" data-seat="0" data-kind="dragon">'
         '<g class="stone"></g><text class="count">3</text></g>'
         '<g id="ship-1" class="ship" transform="translate(1,2)"><path d="M0 0h3"/></g>'
         '<rect class="square" data-square="13" x="38" y="3"/>'
         '<rect class="square" data-square="3" x="3" y="38"/></svg>')


def pared(*selectors):
    node = shutil.which("node")
    assert node, "Node.js is needed (tests/run.py installs it)"
    program = (f'import {{ cut, paredBefore }} from "{MARKUP.as_uri()}";\n'
               f"const tree = cut({json.dumps(BOARD)});\n"
               f"console.log(JSON.stringify({json.dumps(selectors)}"
               ".map((selector) => paredBefore(tree, selector))));")
    result = subprocess.run([node, "--input-type=module", "-e", program], capture_output=True,
                            text=True, timeout=60, check=True)
    return json.loads(result.stdout)


def test_a_selector_keeps_what_it_names_inside_its_ancestors_and_nothing_else():
    assert pared("#ship-1", '[data-square="3"]', 'g.pile[data-seat="0"] > text.count',
                 'g.pile[data-kind="dragon"] > g', "g.nowhere") == [
        '<svg viewBox="0 0 10 10"><g id="ship-1" class="ship" transform="translate(1,2)">'
        '<path d="M0 0h3"/></g></svg>',
        '<svg viewBox="0 0 10 10"><rect class="square" data-square="3" x="3" y="38"/></svg>',
        # the count inside the pile's opening tag, without the pile's stones
        '<svg viewBox="0 0 10 10"><g class="pile" data-seat="0" data-kind="dragon">'
        '<text class="count">3</text></g></svg>',
        # the last part that names something is the pile: kept whole, its stones in it
        '<svg viewBox="0 0 10 10"><g class="pile" data-seat="0" data-kind="dragon">'
        '<g class="stone"></g><text class="count">3</text></g></svg>',
        '<svg viewBox="0 0 10 10"></svg>']


def test_what_pared_markup_could_answer_otherwise_is_parsed_whole():
    assert pared("g.ship, rect", "g:first-child", "rect + rect", "g ~ rect", "#a\\31",
                 '[title="a b"]', '[title="a>b"]', "g", "svg > g") == [None] * 9
