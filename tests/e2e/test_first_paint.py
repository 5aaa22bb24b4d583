"""The first visit on a slow connection, in a real Chromium: the start screen is there to
read before the runtime has arrived, a progress bar says how much has arrived of how
much, and a game chosen before Python is ready opens once it is."""

import pytest
from browsing import BOOT_TIMEOUT_MS, READY

pytestmark = pytest.mark.e2e

MBIT = 1e6 / 8


def slow(page, mbit: float = 10, latency_ms: float = 40):
    """Chromium's network emulation for this page: `mbit` Mbit/s each way. At 10 the
    runtime takes some 12 s to arrive: long enough for the checks made while it comes,
    however busy the machine (at 40, a loaded run once saw it arrive first)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms, "downloadThroughput": mbit * MBIT,
        "uploadThroughput": mbit * MBIT})
    return session


def test_the_start_screen_is_there_before_the_game_is_ready(browser, site):
    context = browser.new_context(service_workers="block")  # a first visit: nothing kept
    page = context.new_page()
    try:
        slow(page)
        page.goto(site.url, wait_until="commit")
        page.wait_for_selector("article.game-card[data-card='tatsu'] img.card-picture")
        # both boards' pictures are seen before the runtime has arrived
        page.wait_for_function("[...document.querySelectorAll('img.card-picture')]"
                               ".every(img => img.complete && img.naturalWidth > 0)")
        assert page.evaluate(READY) is None  # not interactive yet
        assert page.locator("#card-tsuro-title").inner_text() == "Tsuro of the Seas"
        assert page.locator("button[data-game='tatsu']").is_visible()
        assert page.locator("#status").inner_text() == "Getting the game ready…"
        bar = page.locator("#boot-progress")
        total = int(bar.get_attribute("max"))
        assert 10_000_000 < total < 20_000_000
        page.wait_for_function("document.getElementById('boot-progress').value > 1e6")
        first = page.evaluate("document.getElementById('boot-progress').value")
        page.wait_for_function(f"!document.getElementById('boot-progress') || "
                               f"document.getElementById('boot-progress').value > {first}")
        amount = page.locator("#boot-amount")
        if amount.count():  # (the download may have ended meanwhile)
            assert amount.inner_text().endswith(f"of {total / 1e6:.1f} MB")
        page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
        assert page.locator("#boot-progress").count() == 0  # the live screen, no bar
        assert page.locator("article.game-card").count() == 2
    finally:
        context.close()


def test_a_game_chosen_before_python_is_ready_opens_when_it_is(browser, site):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        slow(page)
        page.goto(site.url, wait_until="commit")
        page.locator("button[data-game='tatsu']").click()
        assert page.evaluate(READY) is None
        assert page.locator("#status").inner_text() == (
            "Opening Tatsu as soon as it is ready…")
        assert page.evaluate("location.search") == "?game=tatsu"
        page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("#setup-form[data-game='tatsu']")
        assert errors == []
    finally:
        context.close()


def test_a_crafted_game_in_the_address_never_runs_before_python_is_ready(browser, site):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        slow(page)
        page.goto(site.url + "?game=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
                  wait_until="commit")
        page.wait_for_selector("#boot-progress")
        assert page.locator("#status").inner_text() == "Getting the game ready…"
        page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
        assert page.locator("img:not(.card-picture)").count() == 0 and dialogs == []
        assert "There is no game called" in page.locator("#status").inner_text()
    finally:
        context.close()
