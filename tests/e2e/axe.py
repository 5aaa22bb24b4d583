"""axe-core, the accessibility checker the browser tests run in the page: a test-only
dependency, fetched like the runtime (game/site/runtime.py) from the npm registry by
version, checked against the registry's pinned SRI hash, and unpacked into
static/vendor/axe-core/ (git-ignored). The site never serves it: the build and the server
take from static/vendor/ only the runtime's packages (RUNTIME).

    python tests/e2e/axe.py        fetch it now (the tests do it on first use)
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.site.runtime import VENDOR, Package, RuntimeFetchError, ensure_runtime

# `npm view axe-core@4.14.1 dist.integrity`
AXE = Package(
    name="axe-core",
    version="4.14.1",
    integrity="sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
    dest="axe-core",
    keep=("axe.min.js", "LICENSE"),
    required=("axe.min.js",),
)


def axe_script(vendor: Path = VENDOR) -> Path:
    """The path of axe.min.js, fetched and verified first if it is missing or stale."""
    ensure_runtime(vendor, (AXE,), log=lambda line: None)
    return vendor / AXE.dest / "axe.min.js"


if __name__ == "__main__":
    try:
        print(axe_script())
    except RuntimeFetchError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
