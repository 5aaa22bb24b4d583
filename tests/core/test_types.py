"""The game package type-checks under the project's mypy configuration (pyproject.toml,
[tool.mypy]: all of `mypy --strict` on game/core, every function of the engines annotated
and checked, mypy's default checking on the site's tooling and the page's glue). mypy is
pinned with the test packages and runs with every test run."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "pyproject.toml"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
