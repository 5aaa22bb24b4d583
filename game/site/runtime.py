"""The pinned web runtime, Pyodide, fetched from the npm registry by version.

Each package is a release tarball checked against a pinned Subresource-Integrity hash (the
`dist.integrity` the registry publishes), then only the files the page needs are unpacked into
`static/vendor/<dest>/`. A download goes to a temporary folder beside the destination and is
renamed into place only once verified and complete, so a failed download or a hash mismatch
leaves nothing half-written behind. The registry can be overridden with NPM_CONFIG_REGISTRY.
"""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import json
import os
import shutil
import tarfile
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
VENDOR = ROOT / "static" / "vendor"
DEFAULT_REGISTRY = "https://registry.npmjs.org/"
REGISTRY_ENV = ("NPM_CONFIG_REGISTRY", "npm_config_registry")
STAMP = ".package.json"  # written last inside each unpacked package: what it is, verified


class RuntimeFetchError(Exception):
    """The runtime could not be fetched or verified (the message says why, for a person)."""


@dataclass(frozen=True)
class Package:
    name: str  # npm name, possibly scoped: "@pyscript/core"
    version: str
    integrity: str  # "sha512-<base64>", as the registry's dist.integrity
    dest: str  # folder under static/vendor/
    keep: tuple[str, ...]  # glob patterns (relative to the tarball's package/) to unpack
    required: tuple[str, ...]  # patterns that must each match at least one file

    def tarball_url(self, registry: str) -> str:
        base = self.name.rsplit("/", 1)[-1]
        return f"{registry.rstrip('/')}/{self.name}/-/{base}-{self.version}.tgz"

    def label(self) -> str:
        return f"{self.name} {self.version}"


PYODIDE = Package(
    name="pyodide",
    version="314.0.7",
    integrity="sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
    dest="pyodide",
    # The core only: the game uses the standard library, so no package is ever loaded.
    keep=("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
          "pyodide-lock.json", "LICENSE"),
    required=("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
              "pyodide-lock.json"),
)

RUNTIME = (PYODIDE,)
# Pyodide's list of the packages it could load (some 120 kB): the game loads none, so the
# pages get the list's header alone, which the runtime checks against itself.
LOCK_URL = f"static/vendor/{PYODIDE.dest}/pyodide-lock.json"


def lock_without_packages(data: bytes) -> bytes:
    """A pyodide-lock.json with its header (`info`) and no package."""
    lock = json.loads(data)
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode()


def registry_url(registry: str | None = None) -> str:
    if registry:
        return registry
    for name in REGISTRY_ENV:
        if os.environ.get(name):
            return os.environ[name]
    return DEFAULT_REGISTRY


def _stamp_for(package: Package) -> dict:
    return {"name": package.name, "version": package.version, "integrity": package.integrity}


def is_installed(package: Package, vendor: Path = VENDOR) -> bool:
    stamp = vendor / package.dest / STAMP
    try:
        recorded = json.loads(stamp.read_text())
        return {key: recorded.get(key) for key in ("name", "version", "integrity")} == \
            _stamp_for(package)
    except (OSError, ValueError, AttributeError):
        return False


def _sri(algorithm: str, digest: bytes) -> str:
    return f"{algorithm}-{base64.b64encode(digest).decode()}"


def _download(package: Package, url: str, target: Path, timeout: float) -> None:
    """Stream url into target, checking the pinned integrity hash on the way."""
    algorithm, _, _expected = package.integrity.partition("-")
    if algorithm not in ("sha256", "sha384", "sha512"):
        raise RuntimeFetchError(f"{package.label()}: unsupported integrity {package.integrity!r}")
    digest = hashlib.new(algorithm)
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response, open(target, "wb") as out:
            while chunk := response.read(1 << 16):
                digest.update(chunk)
                out.write(chunk)
    except urllib.error.HTTPError as error:
        raise RuntimeFetchError(
            f"could not download {package.label()} from {url}: HTTP {error.code} {error.reason}"
        ) from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise RuntimeFetchError(
            f"could not download {package.label()} from {url}: {reason}"
        ) from None
    got = _sri(algorithm, digest.digest())
    if got != package.integrity:
        raise RuntimeFetchError(
            f"integrity check failed for {package.label()} downloaded from {url}:\n"
            f"  expected {package.integrity}\n  got      {got}\n"
            "The file was discarded; nothing was installed."
        )


def _unpack(package: Package, tarball: Path, into: Path) -> list[str]:
    """Unpack the kept regular files of the tarball's package/ folder; return their names."""
    unpacked: list[str] = []
    try:
        with tarfile.open(tarball, "r:gz") as tar:
            for member in tar:
                if not member.isreg():
                    continue
                parts = member.name.split("/")
                if len(parts) < 2 or parts[0] != "package" or ".." in parts or "" in parts[1:]:
                    continue
                relative = "/".join(parts[1:])
                if not any(fnmatch.fnmatchcase(relative, p) for p in package.keep):
                    continue
                # Flatten dist/ and the like: the page refers to files by their base name.
                name = parts[-1]
                if (into / name).exists():
                    raise RuntimeFetchError(f"{package.label()}: two kept files named {name}")
                source = tar.extractfile(member)
                assert source is not None
                with open(into / name, "wb") as out:
                    shutil.copyfileobj(source, out)
                unpacked.append(relative)
    except (tarfile.TarError, OSError, EOFError) as error:
        raise RuntimeFetchError(f"{package.label()}: the tarball is unreadable: {error}") from None
    for pattern in package.required:
        if not any(fnmatch.fnmatchcase(name, pattern) for name in unpacked):
            raise RuntimeFetchError(
                f"{package.label()}: the tarball has no file matching {pattern!r}; "
                "the runtime pins in game/site/runtime.py need updating"
            )
    return sorted(unpacked)


def fetch_package(package: Package, vendor: Path = VENDOR, registry: str | None = None,
                  timeout: float = 120.0, log=print) -> Path:
    """Download, verify and unpack one package into vendor/<dest>, atomically."""
    url = package.tarball_url(registry_url(registry))
    final = vendor / package.dest
    try:
        vendor.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{package.dest}-", dir=vendor))
    except OSError as error:
        raise RuntimeFetchError(f"cannot write the runtime into {vendor}: {error}") from None
    try:
        log(f"fetching {package.label()} ...")
        tarball = work / "package.tgz"
        _download(package, url, tarball, timeout)
        staged = work / package.dest
        staged.mkdir()
        files = _unpack(package, tarball, staged)
        (staged / STAMP).write_text(json.dumps({**_stamp_for(package), "files": files}, indent=1))
        previous = work / "previous"
        if final.exists() or final.is_symlink():
            os.rename(final, previous)  # same folder, same file system: atomic
        try:
            os.rename(staged, final)
        except OSError:
            if previous.exists():
                os.rename(previous, final)  # put the old runtime back
            raise
        log(f"verified {package.label()} ({package.integrity[:19]}...) into {final}")
        return final
    except OSError as error:
        raise RuntimeFetchError(f"could not install {package.label()} into {final}: {error}") \
            from None
    finally:
        shutil.rmtree(work, ignore_errors=True)


def ensure_runtime(vendor: Path = VENDOR, packages=RUNTIME, registry: str | None = None,
                   log=print) -> Path:
    """Make sure every runtime package is in vendor/, fetching what is missing or stale."""
    for package in packages:
        if not is_installed(package, vendor):
            fetch_package(package, vendor, registry, log=log)
    return vendor


def _main() -> int:
    import sys

    try:
        ensure_runtime()
    except RuntimeFetchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    # And the standard library the pages get (made at build and serve time otherwise,
    # stdlib.py): tests/run.py runs this while the test packages install.
    from game.site.stdlib import served_archive  # (which reads this module's pins)
    served_archive()
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
