"""`build`: the complete deployable site, relative URLs only, every reference present."""

import html.parser
import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from sitefakes import FAKE_PYODIDE_FILES, fake_package, make_tarball

from game.site.build import BUILD_MARKER, BuildError, build, precache_list, site_files
from game.site.runtime import RuntimeFetchError
from lab.bench import BARE_URL, build_with_bare


def quiet(*_):
    pass


class References(html.parser.HTMLParser):
    """Every URL an HTML file refers to (src, href, config)."""

    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") or (name == "config" and not value.lstrip().startswith("{")):
                self.urls.append(value)
            if name == "config" and value.lstrip().startswith("{"):
                self.urls.append(json.loads(value)["interpreter"])


def html_references(path: Path) -> list[str]:
    parser = References()
    parser.feed(path.read_text())
    return [url for url in parser.urls if not url.startswith("#")]  # (a drawing's own parts)


def sw_precache(path: Path) -> list[str]:
    match = re.search(r"^const PRECACHE = (\[.*?\]);$", path.read_text(), re.MULTILINE | re.DOTALL)
    return json.loads(match.group(1))


def toml_references(path: Path) -> list[str]:
    config = tomllib.loads(path.read_text())
    return [config["interpreter"], *config.get("files", {})]


def is_relative(url: str) -> bool:
    return not re.match(r"^([a-z][a-z0-9+.-]*:|/)", url, re.IGNORECASE)


@pytest.fixture
def built(site_built_once):
    """The site built once per session (tests/site/conftest.py): the tests that only
    read a build share it."""
    return site_built_once


def test_build_writes_the_whole_site(built):
    for name in ("index.html", "pyscript.toml", "sw.js", "static/game.zip", "static/style.css",
                 "static/favicon.svg", "static/vendor/pyscript/core.js",
                 "static/vendor/pyodide/pyodide.mjs", "static/vendor/pyodide/pyodide.asm.wasm",
                 "static/vendor/pyodide/python_stdlib.zip", ".nojekyll"):
        assert (built / name).is_file(), name
    assert not (built / "static" / "sw.js").exists()  # published at the root only
    assert not list(built.rglob(".package.json"))


def test_build_leaves_out_the_benchmark_page(built):
    assert not (built / BARE_URL).exists()
    assert not [p for p in built.rglob("*") if "bare" in p.name or "bench" in p.name]


def test_build_uses_relative_urls_only(built):
    urls = html_references(built / "index.html")
    urls += toml_references(built / "pyscript.toml")
    urls += sw_precache(built / "sw.js")
    css = (built / "static" / "style.css").read_text()
    urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", css)
    assert urls and all(is_relative(url) for url in urls), [u for u in urls if not is_relative(u)]
    for text_file in ("index.html", "pyscript.toml", "sw.js", "static/style.css"):
        text = (built / text_file).read_text()
        assert not re.search(r"https?://(?!www\.w3\.org/)", text), text_file


def test_every_reference_is_in_the_build(built):
    def check(base: Path, urls):
        for url in urls:
            path = url.split("?")[0].split("#")[0]
            target = (base / path).resolve()
            if path.endswith("/"):
                target = target / "index.html"
            assert target.is_file() and target.is_relative_to(built.resolve()), url

    check(built, html_references(built / "index.html"))
    check(built, toml_references(built / "pyscript.toml"))
    check(built, sw_precache(built / "sw.js"))


def test_the_benchmark_serves_its_bare_page_beside_the_runtime(tmp_path, source_root,
                                                                fake_runtime):
    packages, registry = fake_runtime
    out = tmp_path / "bench"
    build_with_bare(out, quiet, root=source_root, packages=packages, registry=registry.url)
    bare = out / BARE_URL
    urls = html_references(bare)
    assert urls and all(is_relative(url) for url in urls)
    assert not re.search(r"https?://(?!www\.w3\.org/)", bare.read_text())
    for url in urls:
        assert (bare.parent / url).resolve().is_file(), url


def test_service_worker_keeps_the_site_and_runtime(built):
    urls = sw_precache(built / "sw.js")
    assert {"./", "./index.html", "./pyscript.toml", "./static/game.zip",
            "./static/vendor/pyodide/pyodide.asm.wasm",
            "./static/vendor/pyscript/core.js"} <= set(urls)
    assert "./sw.js" not in urls
    assert re.search(r'^const VERSION = "[0-9a-f]{16}";$', (built / "sw.js").read_text(),
                     re.MULTILINE)


def test_service_worker_version_follows_the_sources(source_root, fake_runtime, tmp_path):
    """The same sources built again have the same version; an edit gives another."""
    packages, registry = fake_runtime
    build(tmp_path / "one", root=source_root, packages=packages, registry=registry.url, log=quiet)
    build(tmp_path / "two", root=source_root, packages=packages, registry=registry.url, log=quiet)
    (source_root / "game" / "web" / "main.py").write_text("# changed\n")
    build(tmp_path / "three", root=source_root, packages=packages, registry=registry.url,
          log=quiet)
    one, two, three = ((tmp_path / n / "sw.js").read_text() for n in ("one", "two", "three"))
    assert one == two != three


def test_rebuild_replaces_a_previous_build(site_built_once, source_root, fake_runtime,
                                           tmp_path):
    packages, registry = fake_runtime
    built = tmp_path / "dist"
    shutil.copytree(site_built_once, built)  # a previous build, marker and all
    (built / "stale.txt").write_text("old")
    build(built, root=source_root, packages=packages, registry=registry.url, log=quiet)
    assert not (built / "stale.txt").exists() and (built / BUILD_MARKER).exists()
    assert not [p for p in built.parent.iterdir() if p.name.startswith(".dist-")]


def test_build_refuses_to_overwrite_a_foreign_folder(tmp_path, source_root, fake_runtime):
    packages, registry = fake_runtime
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "precious.txt").write_text("keep me")
    with pytest.raises(BuildError, match="refusing to overwrite"):
        build(foreign, root=source_root, packages=packages, registry=registry.url, log=quiet)
    assert (foreign / "precious.txt").read_text() == "keep me"
    with pytest.raises(BuildError, match="refusing to build into"):
        build(source_root / "static" / "out", root=source_root, packages=packages,
              registry=registry.url, log=quiet)


def test_build_with_a_tampered_runtime_writes_nothing(tmp_path, source_root, registry):
    package, _ = fake_package(__import__("game.site.runtime").site.runtime.PYODIDE,
                              FAKE_PYODIDE_FILES)
    registry.publish(package, make_tarball({**FAKE_PYODIDE_FILES, "package/pyodide.mjs": b"!"}))
    out = tmp_path / "dist"
    with pytest.raises(RuntimeFetchError, match="integrity check failed"):
        build(out, root=source_root, packages=(package,), registry=registry.url, log=quiet)
    assert not out.exists()
    vendor = source_root / "static" / "vendor"
    assert not vendor.exists() or list(vendor.iterdir()) == []


def test_site_files_skip_unverified_runtime_leftovers(source_root, fake_runtime):
    packages, _registry = fake_runtime
    stray = source_root / "static" / "vendor" / "pyodide-old" / "pyodide.mjs"
    stray.parent.mkdir(parents=True)
    stray.write_text("//")
    names = site_files(source_root, packages)
    assert not any(name.startswith("static/vendor/") for name in names)
    assert precache_list(names)[0] == "./"
