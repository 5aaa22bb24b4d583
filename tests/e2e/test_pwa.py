"""The site as an installed app, in a real Chromium: installable (its manifest read by the
browser, no installability error), every page of the site opening offline after one
visit, and a new version of the site offered at a calm moment, then taken whole: the
page runs one version's files only, before and after the player's "Reload", and the old
version's cache is removed.

Each test serves the site on its own sub-path, so that its service worker and caches are
its own."""

import json
import re
import shutil
from pathlib import Path

import pytest
from browsing import BOOT_TIMEOUT_MS, BROKEN_IMAGES, READY, Site, open_page, watch

from game.site.build import PAGE_FILES, build
from game.site.server import DirectorySite

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
CONTROLLED = "navigator.serviceWorker.controller !== null"
SW_TIMEOUT_MS = 60_000  # the first install keeps the whole site (15 MB) on a busy machine
CACHE_NAMES = "caches.keys()"
KEPT = """async () => {
    const names = await caches.keys();
    const cache = await caches.open(names[0]);
    return (await cache.keys()).map((request) => request.url);
}"""
# What a page of the newer build (made by the test) says about itself, in two files.
MARKS = """() => ({
    script: document.documentElement.dataset.siteVersion || null,
    style: getComputedStyle(document.documentElement)
        .getPropertyValue('--site-version').trim() || null,
})"""
# Holds the page busy (a computer "thinking") from its first paint while the session
# asks for it: a new version must then wait to be offered.
HOLD_BUSY = """
const holdBusy = (() => {
  try { return Boolean(sessionStorage.getItem("holdBusy")); }
  catch { return false; }  // a document with no storage of its own (about:blank)
})();
if (holdBusy) addEventListener("DOMContentLoaded", () => {
  const held = document.createElement("span");
  held.id = "held-busy";
  held.className = "thinking";
  document.body.append(held);
});
"""
WAITING = """navigator.serviceWorker.getRegistration()
    .then((registration) => Boolean(registration && registration.waiting))"""
# The page's query for the Python pages (each needs a game to show a board).
QUERIES = {"index.html": "?game=tatsu", "embed.html": "?game=tsuro&mode=play&players=you,easy",
           "learn.html": "?game=tatsu"}


def precached(built: Path) -> list[str]:
    text = (built / "sw.js").read_text()
    return json.loads(re.search(r"^const PRECACHE = (\[.*?\]);$", text,
                                re.MULTILINE | re.DOTALL).group(1))


def first_visit(context, site, url):
    """Open url, and wait until the service worker has kept the site and runs the page."""
    page = context.new_page()
    open_page(page, url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    return page


def test_the_site_is_installable(whole_context, built_site):
    # (the whole browser: its headless shell finds nothing to object to, not even this)
    context = whole_context
    site = Site(built_site, base="/pwa-install/")
    watched = watch(context, site.origin)
    try:
        page = first_visit(context, site, site.url)
        devtools = context.new_cdp_session(page)
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["url"] == site.url + "manifest.webmanifest"
        assert manifest["errors"] == []
        data = json.loads(manifest["data"])
        assert data["name"] == "Tsuro of the Seas & Tatsu" and data["start_url"] == "./"
        errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # A test's browser context is an incognito one, which no site may install from.
        assert [error["errorId"] for error in errors] == ["in-incognito"]
        icons = page.evaluate("""() => [...document.querySelectorAll(
            'link[rel=manifest], link[rel=apple-touch-icon]')].map((link) => link.href)""")
        assert icons == [site.url + "manifest.webmanifest",
                         site.url + "static/icons/apple-touch-icon.png"]
        watched.assert_clean()
    finally:
        site.stop()


def test_every_page_opens_offline_after_one_visit(context, built_site):
    site = Site(built_site, base="/pwa-offline/")
    watched = watch(context, site.origin)
    try:
        page = first_visit(context, site, site.url)
        kept = set(page.evaluate(KEPT))
        watched.assert_clean()
    finally:
        site.stop()
    files = precached(built_site)
    assert kept == {site.url + url.removeprefix("./") for url in files}
    context.set_offline(True)
    watched.expect_errors = True  # the browser's own attempts at the network fail, by design

    offline = context.new_page()
    open_page(offline, site.url)
    unread = offline.evaluate("""async (urls) => {
        const unread = [];
        for (const url of urls) {
            const response = await fetch(url).catch(() => null);
            if (!response || !response.ok) unread.push(url);
        }
        return unread;
    }""", files)
    assert unread == []

    pages = sorted(path.relative_to(built_site).as_posix()
                   for path in built_site.rglob("*.html"))
    assert {"index.html", "embed.html", "learn.html", "teach.html",
            "rules/tatsu.html", "rules/tsuro-of-the-seas.html"} <= set(pages)
    for name in pages:
        url = site.url + name
        if name in QUERIES:  # a page that runs Python: it starts and shows its board
            open_page(offline, url + QUERIES[name])
            assert offline.locator("svg[data-board]").first.is_visible(), name
        else:  # a page of words and pictures: every picture shown
            offline.goto(url)
            offline.wait_for_load_state("load")
            assert offline.locator("h1").is_visible(), name
            broken = offline.evaluate(BROKEN_IMAGES)
            assert broken == [], name
    # the start page by its sub-path's folder address, with a query, as a link gives it
    open_page(offline, site.url + "?game=tsuro")
    assert offline.evaluate(READY) == "true"
    assert watched.foreign == [] and watched.violations == []


def newer_build(tmp_path: Path) -> Path:
    """The site built again from a copy of the sources in which two files changed (the
    page's script and its stylesheet each say "newer"): a new version."""
    source = tmp_path / "src"
    source.mkdir()
    for name in PAGE_FILES:
        shutil.copy(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "game.zip", "axe-core")
    for folder in ("static", "game", "docs"):
        shutil.copytree(ROOT / folder, source / folder, ignore=ignore)
    with (source / "static" / "boot.js").open("a") as script:
        script.write('\ndocument.documentElement.dataset.siteVersion = "newer";\n')
    with (source / "static" / "style.css").open("a") as style:
        style.write("\n:root { --site-version: newer; }\n")
    out = tmp_path / "newer"
    build(out, root=source, log=lambda *_: None)
    return out


def test_a_new_version_is_offered_at_a_calm_moment_and_taken_whole(context, built_site,
                                                                    tmp_path):
    newer = newer_build(tmp_path)
    site = Site(built_site, base="/pwa-update/")
    watched = watch(context, site.origin)
    context.add_init_script(HOLD_BUSY)
    try:
        page = first_visit(context, site, site.url + "?game=tatsu")
        [old_cache] = page.evaluate(CACHE_NAMES)
        # The worker now in charge came in while the page ran with none: a first visit
        # has nothing to offer, not even held for later (boot.js offers, or holds an
        # offer, as it hears of a worker; a task later it has heard of this one).
        page.evaluate("new Promise((done) => setTimeout(done))")
        assert page.locator("#update").get_attribute("data-state") is None
        assert page.locator("#update").inner_text() == "", "a first visit has nothing to offer"

        # The server now has the new version. The page, reloaded, still runs the one it
        # was opened with, every file from that version's cache; the new one installs.
        site.server.site = DirectorySite(newer)
        page.evaluate("sessionStorage.setItem('holdBusy', '1')")
        page.reload()
        page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate(MARKS) == {"script": None, "style": None}
        page.wait_for_function(WAITING, timeout=SW_TIMEOUT_MS, polling=500)
        # the page is busy: the offer is held, nothing shown
        page.wait_for_selector('#update[data-state="held"]', state="attached")
        assert page.locator("#held-busy").count() == 1
        assert page.locator("#update").inner_text() == ""

        page.evaluate("sessionStorage.removeItem('holdBusy');"
                      "document.getElementById('held-busy').remove()")
        reload = page.locator("#update button[data-update-reload]")
        reload.wait_for(timeout=15_000)
        notice = page.locator("#update")
        assert notice.get_attribute("data-state") == "shown"
        assert notice.get_attribute("role") == "status"
        assert notice.inner_text().startswith("A new version is ready.")
        assert page.evaluate("document.getElementById('update')"
                             ".contains(document.activeElement)") is False  # focus stays
        assert reload.evaluate("(button) => button.tabIndex") == 0  # reached by Tab
        assert page.evaluate(MARKS) == {"script": None, "style": None}

        reload.focus()
        with page.expect_navigation():
            page.keyboard.press("Enter")
        page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate(MARKS) == {"script": "newer", "style": "newer"}
        [new_cache] = page.evaluate(CACHE_NAMES)
        assert new_cache != old_cache
        assert page.locator("svg[data-board='tatsu']").is_visible()
        assert page.locator("#update").inner_text() == ""
        watched.assert_clean()
    finally:
        site.stop()
