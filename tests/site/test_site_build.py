"""`build`: the complete deployable site, relative URLs only, every reference present."""

import html.parser
import json
import re
import shutil
from pathlib import Path

import pytest
from sitefakes import FAKE_PYODIDE_FILES, fake_package, make_tarball

from game.site.build import BUILD_MARKER, BuildError, build, precache_list, site_files
from game.site.runtime import RuntimeFetchError
from lab.bench import BARE_URL, build_with_bare

PYTHON_PAGES = ("index.html", "embed.html", "learn.html")  # each runs static/page.js
# The modules of the pages' side and of the game's worker: what each names, relative to
# itself (static/), must be in the build.
MODULES = ("static/page.js", "static/keys.js", "static/board_markup.js",
           "static/motion_frames.js", "static/engine.js")
# What a module names relative to itself: its imports, static and dynamic, and the URLs
# it makes from its own (new URL("...", import.meta.url): the worker's script, the
# runtime's folder, the game's archive).
MODULE_URL = re.compile(
    r"""^\s*import\s(?:[^;"'`]*?\sfrom\s*)?["']([^"']+)["']"""
    r"""|\bimport\(\s*["']([^"']+)["']\s*\)"""
    r"""|\bnew URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)""",
    re.MULTILINE)
# The runtime's files engine.js names by their own name, to be found in its folder (the
# large ones it asks for at once: static/vendor/pyodide/...).
RUNTIME_FILE = re.compile(r"""["']([\w.-]+\.(?:wasm|zip|json|mjs))["']""")


def quiet(*_):
    pass


class Elements(html.parser.HTMLParser):
    """The elements of an HTML file in order: (tag, attributes)."""

    def __init__(self, path: Path):
        super().__init__()
        self.elements: list[tuple[str, dict]] = []
        self.feed(path.read_text())

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))


def html_references(path: Path) -> list[str]:
    """Every URL an HTML file refers to (src, href), but a drawing's own parts (#...)."""
    return [value for _tag, attrs in Elements(path).elements for name, value in attrs.items()
            if name in ("src", "href") and not value.startswith("#")]


def module_references(path: Path) -> list[str]:
    """The URLs a JavaScript module names relative to itself."""
    return [next(group for group in match.groups() if group)
            for match in MODULE_URL.finditer(path.read_text())]


def reached_modules(entry: Path, site: Path):
    """(module, url, target) for each URL named by entry and, in turn, by each module it
    names (relative to itself), within site."""
    seen, todo = set(), [entry.resolve()]
    while todo:
        module = todo.pop()
        if module in seen or not module.is_file():
            continue
        seen.add(module)
        for url in module_references(module):
            target = (module.parent / url).resolve()
            assert is_relative(url) and target.is_relative_to(site.resolve()), (module, url)
            yield module, url, target
            if target.suffix in (".js", ".mjs"):
                todo.append(target)


def sw_precache(path: Path) -> list[str]:
    match = re.search(r"^const PRECACHE = (\[.*?\]);$", path.read_text(), re.MULTILINE | re.DOTALL)
    return json.loads(match.group(1))


def is_relative(url: str) -> bool:
    return not re.match(r"^([a-z][a-z0-9+.-]*:|/)", url, re.IGNORECASE)


@pytest.fixture
def built(site_built_once):
    """The site built once per session (tests/site/conftest.py): the tests that only
    read a build share it."""
    return site_built_once


def test_build_writes_the_whole_site(built):
    for name in ("index.html", "embed.html", "learn.html", "sw.js", "static/game.zip",
                 "static/style.css", "static/favicon.svg", "static/page.js", "static/engine.js",
                 "static/vendor/pyodide/pyodide.mjs", "static/vendor/pyodide/pyodide.asm.mjs",
                 "static/vendor/pyodide/pyodide.asm.wasm",
                 "static/vendor/pyodide/python_stdlib.zip",
                 "static/vendor/pyodide/pyodide-lock.json", ".nojekyll"):
        assert (built / name).is_file(), name
    assert not (built / "pyscript.toml").exists()  # (PyScript's, which the pages left)
    assert not (built / "static" / "vendor" / "pyscript").exists()
    assert not (built / "static" / "sw.js").exists()  # published at the root only
    assert not list(built.rglob(".package.json"))


def test_build_leaves_out_the_benchmark_page(built):
    assert not (built / BARE_URL).exists()
    assert not [p for p in built.rglob("*") if "bare" in p.name or "bench" in p.name]


def test_build_uses_relative_urls_only(built):
    urls = [url for page in PYTHON_PAGES for url in html_references(built / page)]
    urls += [url for module in MODULES for url in module_references(built / module)]
    urls += sw_precache(built / "sw.js")
    css = (built / "static" / "style.css").read_text()
    urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", css)
    assert urls and all(is_relative(url) for url in urls), [u for u in urls if not is_relative(u)]
    for text_file in (*PYTHON_PAGES, *MODULES, "sw.js", "static/style.css"):
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

    for page in PYTHON_PAGES:
        check(built, html_references(built / page))
    check(built, sw_precache(built / "sw.js"))


def test_each_runtime_page_starts_the_games_worker(built):
    """Each page that runs the game loads static/page.js as a module, which starts
    static/engine.js in a worker; what the worker names relative to itself (Pyodide's
    module and folder, the game's archive) is in the build, and so are the runtime's files
    it asks for by name."""
    for page in PYTHON_PAGES:
        scripts = [attrs for tag, attrs in Elements(built / page).elements if tag == "script"]
        assert any(attrs.get("type") == "module" and attrs.get("src") == "./static/page.js"
                   for attrs in scripts), page
    assert module_references(built / "static" / "page.js") == [
        "./keys.js", "./board_markup.js", "./motion_frames.js", "./engine.js"]
    engine = module_references(built / "static" / "engine.js")
    assert {"./vendor/pyodide/pyodide.mjs", "./vendor/pyodide/", "./game.zip"} <= set(engine)
    reached = list(reached_modules(built / "static" / "page.js", built))
    assert {module for module, _url, _target in reached} | {
        target.resolve() for _module, _url, target in reached} >= {
        (built / module).resolve() for module in MODULES}
    for module, url, target in reached:
        assert target.is_dir() if url.endswith("/") else target.is_file(), (module, url)
    named = RUNTIME_FILE.findall((built / "static" / "engine.js").read_text())
    assert {"pyodide.asm.wasm", "python_stdlib.zip"} <= set(named)
    for name in named:
        assert (built / "static" / "vendor" / "pyodide" / name).is_file(), name


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
    # its scripts, and what they name in turn (its worker, Pyodide), are there too
    scripts = [bare.parent / url for url in urls if url.endswith(".js")]
    assert scripts
    for script in scripts:
        for module, url, target in reached_modules(script, out):
            assert target.is_dir() if url.endswith("/") else target.is_file(), (module, url)


def test_service_worker_keeps_the_site_and_runtime(built):
    urls = sw_precache(built / "sw.js")
    assert {"./", "./index.html", "./embed.html", "./learn.html", "./static/page.js",
            "./static/engine.js", "./static/game.zip", "./static/vendor/pyodide/pyodide.mjs",
            "./static/vendor/pyodide/pyodide.asm.mjs",
            "./static/vendor/pyodide/pyodide.asm.wasm",
            "./static/vendor/pyodide/python_stdlib.zip",
            "./static/vendor/pyodide/pyodide-lock.json"} <= set(urls)
    assert "./sw.js" not in urls
    assert not [url for url in urls if "pyscript" in url]
    assert re.search(r'^const VERSION = "[0-9a-f]{16}";$', (built / "sw.js").read_text(),
                     re.MULTILINE)


def test_service_worker_version_follows_the_sources(source_root, fake_runtime, tmp_path):
    """The same sources built again have the same version; an edit gives another."""
    packages, registry = fake_runtime
    build(tmp_path / "one", root=source_root, packages=packages, registry=registry.url, log=quiet)
    build(tmp_path / "two", root=source_root, packages=packages, registry=registry.url, log=quiet)
    (source_root / "game" / "web" / "worker.py").write_text("# changed\n")
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
