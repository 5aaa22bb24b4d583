"""Fixtures for the site tooling tests: fake runtime tarballs served by a fake npm registry
on 127.0.0.1 (no real network), and a copy of the site's sources to build from."""

import shutil
from pathlib import Path

import pytest
from once import once_per_run
from sitefakes import FAKE_PYODIDE_FILES, FakeRegistry, fake_package

from game.site.build import PAGE_FILES, build
from game.site.runtime import PYODIDE, RUNTIME

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def registry():
    fake = FakeRegistry()
    yield fake
    fake.close()


@pytest.fixture
def fake_runtime(registry):
    """(packages, registry): the runtime's packages (Pyodide alone), faked and published."""
    packages = fake_runtime_packages(registry)
    return packages, registry


def fake_runtime_packages(registry) -> tuple:
    """The runtime's packages faked (the pins' shape, fake tarballs), published on
    registry."""
    assert RUNTIME == (PYODIDE,), "a new runtime package: fake it here too"
    package, data = fake_package(PYODIDE, FAKE_PYODIDE_FILES)
    registry.publish(package, data)
    return (package,)


@pytest.fixture
def source_root(tmp_path):
    """A copy of the site's sources (pages, static/ without vendor/, game/, docs/)."""
    root = tmp_path / "src"
    root.mkdir()
    for name in PAGE_FILES:
        shutil.copy(ROOT / name, root / name)
    shutil.copytree(ROOT / "docs", root / "docs")
    ignore = shutil.ignore_patterns("vendor", "__pycache__", "*.pyc", "game.zip")
    shutil.copytree(ROOT / "static", root / "static", ignore=ignore)
    shutil.copytree(ROOT / "game", root / "game", ignore=ignore)
    return root


@pytest.fixture(scope="session")
def sources_once(tmp_path_factory):
    """(root, packages): one copy of the sources per test run (docs/ and the icons
    included, tests/once.py), with the runtime faked, for the tests that build or serve
    it."""
    return once_per_run(tmp_path_factory, "sources", _sources_built)


def _sources_built(base):
    root = base / "src"
    root.mkdir()
    for name in PAGE_FILES:
        shutil.copy(ROOT / name, root / name)
    ignore = shutil.ignore_patterns("vendor", "__pycache__", "*.pyc", "game.zip")
    for folder in ("static", "game", "docs"):
        shutil.copytree(ROOT / folder, root / folder, ignore=ignore)
    fake = FakeRegistry()
    try:
        packages = fake_runtime_packages(fake)
        build(base / "dist", root=root, packages=packages, registry=fake.url,
              log=lambda *_: None)  # (which also unpacks the runtime into the sources)
    finally:
        fake.close()
    return root, packages


@pytest.fixture(scope="session")
def site_built_once(sources_once):
    """The whole site built once per session from `sources_once`: for tests that only
    read what the build wrote."""
    return sources_once[0].parent / "dist"
