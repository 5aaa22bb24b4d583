"""Fetching the pinned runtime: integrity, atomicity, what is unpacked, the registry override."""

import json
import tarfile

import pytest
from sitefakes import (
    FAKE_PYODIDE_FILES,
    FAKE_SCOPED,
    FAKE_SCOPED_FILES,
    fake_package,
    integrity,
    make_tarball,
)

from game.site import runtime
from game.site.runtime import (
    PYODIDE,
    RUNTIME,
    RuntimeFetchError,
    ensure_runtime,
    fetch_package,
    is_installed,
)


def quiet(*_):
    pass


def leftovers(vendor):
    return sorted(p.name for p in vendor.iterdir()) if vendor.exists() else []


@pytest.fixture
def two_packages(fake_runtime):
    """(packages, registry): the runtime faked and published, and beside it a package of
    another shape (sitefakes.FAKE_SCOPED: a scoped name, its files under dist/)."""
    packages, registry = fake_runtime
    scoped, data = fake_package(FAKE_SCOPED, FAKE_SCOPED_FILES)
    registry.publish(scoped, data)
    return (*packages, scoped), registry


def test_pins_are_the_issues_release_tarballs():
    registry = "https://registry.example/"
    assert RUNTIME == (PYODIDE,)  # the page's Python runs in a worker: no PyScript
    assert PYODIDE.tarball_url(registry) == "https://registry.example/pyodide/-/pyodide-314.0.7.tgz"
    assert PYODIDE.integrity == ("sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5"
                                 "uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==")
    # a scoped name's tarball is named by its last part, as the npm registry names it
    assert FAKE_SCOPED.tarball_url(registry) == \
        "https://registry.example/@fake/helper/-/helper-0.0.0-test.tgz"


def test_fetch_verifies_and_unpacks_only_what_the_page_needs(tmp_path, two_packages):
    packages, registry = two_packages
    pyodide, scoped = packages
    vendor = tmp_path / "vendor"
    ensure_runtime(vendor, packages, registry.url, log=quiet)
    assert sorted(p.name for p in (vendor / "pyodide").iterdir()) == [
        ".package.json", "pyodide-lock.json", "pyodide.asm.mjs", "pyodide.asm.wasm",
        "pyodide.mjs", "python_stdlib.zip"]
    assert (vendor / "pyodide" / "pyodide.asm.wasm").read_bytes() == \
        FAKE_PYODIDE_FILES["package/pyodide.asm.wasm"]
    # dist/ flattened; the source maps, sources and unneeded chunks left out
    assert sorted(p.name for p in (vendor / "helper").iterdir()) == [
        ".package.json", "LICENSE", "helper-Fake1234.js", "helper.css", "helper.js"]
    assert (vendor / "helper" / "helper-Fake1234.js").read_bytes() == \
        FAKE_SCOPED_FILES["package/dist/helper-Fake1234.js"]
    stamp = json.loads((vendor / "pyodide" / ".package.json").read_text())
    assert stamp["version"] == pyodide.version and stamp["integrity"] == pyodide.integrity
    stamp = json.loads((vendor / "helper" / ".package.json").read_text())
    assert stamp["name"] == "@fake/helper" and stamp["integrity"] == scoped.integrity
    assert all(is_installed(p, vendor) for p in packages)
    assert leftovers(vendor) == ["helper", "pyodide"]  # no temporary folder left


def test_present_runtime_is_not_downloaded_again(tmp_path, two_packages):
    packages, registry = two_packages
    vendor = tmp_path / "vendor"
    ensure_runtime(vendor, packages, registry.url, log=quiet)
    assert len(registry.requests) == 2
    ensure_runtime(vendor, packages, registry.url, log=quiet)
    assert len(registry.requests) == 2


def test_tampered_tarball_is_refused_and_nothing_is_left(tmp_path, registry):
    package, _data = fake_package(PYODIDE, FAKE_PYODIDE_FILES)
    tampered = make_tarball({**FAKE_PYODIDE_FILES, "package/pyodide.mjs": b"alert('evil')"})
    registry.publish(package, tampered)
    vendor = tmp_path / "vendor"
    with pytest.raises(RuntimeFetchError) as caught:
        fetch_package(package, vendor, registry.url, log=quiet)
    message = str(caught.value)
    assert "integrity check failed" in message and package.integrity in message
    assert integrity(tampered) in message
    assert leftovers(vendor) == []
    assert not is_installed(package, vendor)


def test_tampered_update_keeps_the_previous_runtime(tmp_path, registry):
    old, old_data = fake_package(PYODIDE, FAKE_PYODIDE_FILES)
    registry.publish(old, old_data)
    vendor = tmp_path / "vendor"
    fetch_package(old, vendor, registry.url, log=quiet)
    new, _ = fake_package(PYODIDE, {**FAKE_PYODIDE_FILES, "package/pyodide.mjs": b"// v2"},
                          version="0.0.1-test")
    registry.publish(new, make_tarball({**FAKE_PYODIDE_FILES, "package/pyodide.mjs": b"// bad"}))
    with pytest.raises(RuntimeFetchError, match="integrity"):
        ensure_runtime(vendor, (new,), registry.url, log=quiet)
    assert is_installed(old, vendor) and leftovers(vendor) == ["pyodide"]


def test_new_pin_replaces_the_previous_runtime(tmp_path, registry):
    old, old_data = fake_package(PYODIDE, FAKE_PYODIDE_FILES)
    registry.publish(old, old_data)
    vendor = tmp_path / "vendor"
    fetch_package(old, vendor, registry.url, log=quiet)
    files = {**FAKE_PYODIDE_FILES, "package/pyodide.mjs": b"// v2"}
    new, data = fake_package(PYODIDE, files, version="0.0.1-test")
    registry.publish(new, data)
    ensure_runtime(vendor, (new,), registry.url, log=quiet)
    assert is_installed(new, vendor) and not is_installed(old, vendor)
    assert (vendor / "pyodide" / "pyodide.mjs").read_bytes() == b"// v2"
    assert leftovers(vendor) == ["pyodide"]


def test_failed_download_says_so_and_leaves_nothing(tmp_path, registry):
    package, _ = fake_package(PYODIDE, FAKE_PYODIDE_FILES)  # never published: 404
    vendor = tmp_path / "vendor"
    with pytest.raises(RuntimeFetchError, match=r"could not download pyodide 0\.0\.0-test .*404"):
        fetch_package(package, vendor, registry.url, log=quiet)
    assert leftovers(vendor) == []


def test_unreachable_registry_says_so(tmp_path, registry):
    package, _ = fake_package(PYODIDE, FAKE_PYODIDE_FILES)
    dead = registry.url
    registry.close()
    with pytest.raises(RuntimeFetchError, match="could not download"):
        fetch_package(package, tmp_path / "vendor", dead, timeout=5, log=quiet)
    assert leftovers(tmp_path / "vendor") == []


def test_tarball_missing_a_needed_file_is_refused(tmp_path, registry):
    files = {k: v for k, v in FAKE_PYODIDE_FILES.items() if not k.endswith(".wasm")}
    package, data = fake_package(PYODIDE, files)
    registry.publish(package, data)
    with pytest.raises(RuntimeFetchError, match=r"no file matching 'pyodide\.asm\.wasm'"):
        fetch_package(package, tmp_path / "vendor", registry.url, log=quiet)
    assert leftovers(tmp_path / "vendor") == []


def test_unsafe_tarball_members_are_never_written(tmp_path, registry):
    link = tarfile.TarInfo("package/pyodide.mjs.link")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    files = {**FAKE_PYODIDE_FILES, "package/../../escape.mjs": b"x", "other/pyodide.mjs": b"x"}
    data = make_tarball(files, extra=[link])
    package, _ = fake_package(PYODIDE, FAKE_PYODIDE_FILES)
    package = type(package)(**{**package.__dict__, "integrity": integrity(data),
                               "keep": package.keep + ("*.mjs*", "../*")})
    registry.publish(package, data)
    vendor = tmp_path / "vendor"
    fetch_package(package, vendor, registry.url, log=quiet)
    assert not (tmp_path / "escape.mjs").exists() and not (vendor / "escape.mjs").exists()
    assert not (vendor / "pyodide" / "pyodide.mjs.link").exists()
    assert (vendor / "pyodide" / "pyodide.mjs").read_bytes() == \
        FAKE_PYODIDE_FILES["package/pyodide.mjs"]


def test_registry_override_from_the_environment(tmp_path, registry, monkeypatch):
    package, data = fake_package(FAKE_SCOPED, FAKE_SCOPED_FILES)
    registry.publish(package, data)
    monkeypatch.setenv("NPM_CONFIG_REGISTRY", registry.url)
    ensure_runtime(tmp_path / "vendor", (package,), log=quiet)
    assert registry.requests == ["/@fake/helper/-/helper-0.0.0-test.tgz"]
    assert is_installed(package, tmp_path / "vendor")


def test_default_registry_without_override(monkeypatch):
    for name in runtime.REGISTRY_ENV:
        monkeypatch.delenv(name, raising=False)
    assert runtime.registry_url() == runtime.DEFAULT_REGISTRY
    assert runtime.registry_url("http://127.0.0.1:9/") == "http://127.0.0.1:9/"
