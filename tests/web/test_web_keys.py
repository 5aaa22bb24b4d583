"""Where a key goes on the page (static/keys.js, which static/page.js imports), run with
Node.js: tests/run.py makes sure there is one."""

import json
import shutil
import subprocess
from pathlib import Path

KEYS = Path(__file__).resolve().parents[2] / "static" / "keys.js"


def run_keys(script: str):
    node = shutil.which("node")
    assert node, "Node.js is needed (tests/run.py installs it)"
    program = f'import {{ keyRoute, roved }} from "{KEYS.as_uri()}";\n{script}'
    result = subprocess.run([node, "--input-type=module", "-e", program], capture_output=True,
                            text=True, timeout=60, check=True)
    return json.loads(result.stdout)


def test_arrows_rove_within_a_group_and_act_nowhere_else():
    routes = run_keys("""console.log(JSON.stringify([
      keyRoute("ArrowRight", "g", "button", "marks"),
      keyRoute("Home", "BUTTON", null, "hand"),
      keyRoute("Enter", "g", "button", "stones"),
      keyRoute("Enter", "BUTTON", null, "hand"),
      keyRoute("ArrowRight", "BODY", null, null),
      keyRoute("ArrowDown", "SELECT", null, null),
      [roved(5, 4, "ArrowRight"), roved(5, 0, "ArrowLeft"), roved(5, 2, "ArrowDown"),
       roved(5, 2, "ArrowUp"), roved(5, 3, "Home"), roved(5, 1, "End")]]));""")
    assert routes == [
        "rove", "rove", "click",
        "ignore",  # the button's own click
        "board",  # the start marks step
        "ignore", [0, 4, 3, 1, 0, 4]]


ONCE = [
    ("Enter", "BUTTON", None, "ignore"),  # the focused button clicks itself: nothing more
    (" ", "BUTTON", None, "ignore"),
    ("Enter", "SELECT", None, "ignore"), ("r", "INPUT", None, "ignore"),
    ("Enter", "g", "button", "click"),  # a mark drawn on the board acts like a button
    (" ", "rect", "button", "click"),
    ("Enter", "BODY", None, "board"),  # no control has focus: the board's shortcut
    ("r", "BUTTON", None, "board"), ("1", "BODY", None, "board"),
    ("Escape", "g", "button", "board"),
]


def test_a_key_acts_once():
    cases = json.dumps([[key, tag, role] for key, tag, role, _route in ONCE])
    routes = run_keys(f"console.log(JSON.stringify({cases}.map("
                      "([key, tag, role]) => keyRoute(key, tag, role, null))));")
    assert routes == [route for *_case, route in ONCE]
