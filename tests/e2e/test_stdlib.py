"""Every standard library module a page imports before it is ready comes compiled ahead
(game/site/stdlib.py): on the game's page of each game, a lesson and an embedded board.

Each page is asked, once ready, which modules it took from the standard library archive
and whether as bytecode (a line added after its own start, the page left as it is
otherwise); game/site/stdlib_at_start.txt must be exactly those modules."""

import urllib.parse

import pytest
from browsing import open_page, watch

from game.site.stdlib import AT_START, at_start

pytestmark = pytest.mark.e2e

PAGES = ("?game=tsuro", "?game=tatsu", "learn.html?game=tatsu", "embed.html?game=tsuro")
MOUNT = "/lib/python314.zip/"
# The archive's modules the page holds, by their file in it (`.pyc`: taken compiled).
REPORT = ("import sys, js; js.document.documentElement.dataset.stdlib = ' '.join(sorted("
          "m.__file__ for m in list(sys.modules.values()) "
          "if type(getattr(m, '__loader__', None)).__name__ == 'zipimporter'))")


def with_report(route):
    page = route.fetch().text()
    assert "await main()  #" in page
    route.fulfill(body=page.replace("await main()  #", f"await main(); {REPORT}  #"),
                  content_type="text/html")


def test_the_modules_a_page_starts_with_come_compiled(browser, site):
    # (no service worker: the pages it serves are beyond the reach of routes)
    context = browser.new_context(service_workers="block")
    try:
        look_at_what_pages_import(context.new_page(), site)
    finally:
        context.close()


def look_at_what_pages_import(page, site):
    watched = watch(page.context, site.origin)
    page.route(lambda url: urllib.parse.urlsplit(url).path.endswith(("/", ".html")),
               with_report)
    imported = set()
    for address in PAGES:
        open_page(page, site.url + address)
        files = page.wait_for_function("document.documentElement.dataset.stdlib").json_value()
        files = files.split()
        assert files and all(name.startswith(MOUNT) for name in files), files
        from_source = [name for name in files if not name.endswith(".pyc")]
        assert not from_source, (
            f"{address} compiled these while it started; add them to {AT_START.name}: "
            f"{[name.removeprefix(MOUNT) for name in from_source]}")
        imported |= {name.removeprefix(MOUNT)[:-1] for name in files}
    unused = sorted(set(at_start()) - imported)
    assert not unused, f"no page imports these while it starts; take them off {AT_START.name}: " \
        f"{unused}"
    watched.assert_clean()
