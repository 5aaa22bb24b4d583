"""What a test run makes once, however many pytest-xdist workers ask for it: the first
worker to ask makes it, the others wait for it and share it (imported as `once`).

The run's workers share the parent of their own temporary folders (pytest-xdist gives
each worker one under the run's); without xdist the run's own folder is used."""

from __future__ import annotations

import os
import pickle
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

WAIT_SECONDS = 300  # a site built on a loaded machine


def once_per_run(tmp_path_factory: Any, name: str, make: Callable[[Path], Any]) -> Any:
    """make(folder)'s value, made in `folder` by one worker of the run (the value is
    pickled for the others)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder = root / f"once-{name}"
    folder.mkdir(parents=True, exist_ok=True)
    made, value, failed = folder / "made", folder / "value.pickle", folder / "failed"
    try:
        (folder / "claimed").mkdir()
    except FileExistsError:  # another worker makes it
        deadline = time.monotonic() + WAIT_SECONDS
        while not value.exists():
            if failed.exists():
                raise RuntimeError(f"{name}: another worker failed to make it: "
                                   f"{failed.read_text()}") from None
            if time.monotonic() > deadline:
                raise TimeoutError(f"{name}: not made within {WAIT_SECONDS} s") from None
            time.sleep(0.1)
        return pickle.loads(value.read_bytes())
    made.mkdir()
    try:
        result = make(made)
    except BaseException as error:
        failed.write_text(repr(error))
        raise
    partial = folder / "value.partial"
    partial.write_bytes(pickle.dumps(result))
    partial.rename(value)  # (whole, or not there)
    return result
