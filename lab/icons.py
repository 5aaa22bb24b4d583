"""The site's PNG icons, drawn from static/favicon.svg by Chromium:
`.venv/bin/python -m lab.icons [--out static/icons]`.

Run it again after a change to the favicon, and commit the PNGs (the site serves them as
files; the build draws nothing). What it draws (manifest.webmanifest lists the first three,
every page links the last):

  icon-192.png, icon-512.png   the favicon as it is ("any": rounded corners, transparent)
  icon-maskable-512.png        "maskable": the favicon's sea colour to every edge, the
                               emblem shrunk into the middle, so that any mask a platform
                               cuts (a circle, a squircle) keeps all of it: the safe zone
                               is the circle of 40 % of the size round the centre
  apple-touch-icon.png         180 px, opaque (iOS rounds the corners itself and would
                               fill transparency with black), the emblem a little larger

Chromium is the one named by $CHROMIUM, else /usr/bin/chromium if present, else
Playwright's own.
"""

from __future__ import annotations

import argparse
import base64
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAVICON = ROOT / "static" / "favicon.svg"
OUT = ROOT / "static" / "icons"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"]
MASKABLE_SCALE = 0.72  # the emblem's reach from the centre is then 0.33 of the size (< 0.4)
APPLE_SCALE = 0.84

# name: (size in px, the emblem's share of it, whether the sea colour fills every corner)
ICONS = {
    "icon-192.png": (192, 1.0, False),
    "icon-512.png": (512, 1.0, False),
    "icon-maskable-512.png": (512, MASKABLE_SCALE, True),
    "apple-touch-icon.png": (180, APPLE_SCALE, True),
}


def sea_colour(svg: str) -> str:
    """The fill of the favicon's background square: the maskable icon's background."""
    match = re.search(r'<rect\b[^>]*\bfill="(#[0-9a-fA-F]{6})"', svg)
    if not match:
        raise SystemExit(f"{FAVICON} has no <rect fill=\"#rrggbb\"> background to extend")
    return match.group(1)


def picture(svg: str, size: int, scale: float, full_bleed: bool) -> str:
    """A page of exactly size x size px showing the icon (drawn at scale, centred). With
    full_bleed the page is the sea and the favicon's own square is left out: only the
    emblem is drawn on it."""
    background = sea_colour(svg) if full_bleed else "transparent"
    if full_bleed:
        svg = re.sub(r"\s*<rect\b[^>]*/>", "", svg, count=1)
    source = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    inner = round(size * scale)
    return (f'<!doctype html><html><body style="margin:0;width:{size}px;height:{size}px;'
            f'display:grid;place-items:center;background:{background}">'
            f'<img src="{source}" width="{inner}" height="{inner}" alt=""></body></html>')


def chromium() -> str | None:
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def draw(out: Path = OUT, favicon: Path = FAVICON) -> list[Path]:
    from playwright.sync_api import sync_playwright

    svg = favicon.read_text()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        try:
            for name, (size, scale, full_bleed) in ICONS.items():
                page = browser.new_page(viewport={"width": size, "height": size},
                                        device_scale_factor=1)
                page.set_content(picture(svg, size, scale, full_bleed))
                page.wait_for_function("() => document.images[0].complete")
                page.screenshot(path=str(out / name), omit_background=not full_bleed)
                page.close()
                written.append(out / name)
        finally:
            browser.close()
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.icons", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write")
    args = parser.parse_args(argv)
    for path in draw(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
