"""The site as an app to install: its manifest (manifest.webmanifest, at the site root),
the icons it names (static/icons/, drawn by lab/icons.py), and the service worker's list
of files to keep, which holds every page and every file a page may ask for, so that the
whole site works offline."""

import json
import re
import struct
import zlib
from pathlib import Path

import pytest

from game.site.build import NOT_PRECACHED, SW_URL, precache_list, site_files
from game.site.head import APPLE_TOUCH_ICON, MANIFEST, THEME_COLORS
from game.site.rules import DIAGRAM_FILE, DIAGRAMS, page_names

ROOT = Path(__file__).resolve().parents[2]
SAFE_ZONE = 0.4  # a maskable icon's emblem stays within this radius (share of the size)


def manifest() -> dict:
    return json.loads((ROOT / MANIFEST).read_text(encoding="utf-8"))


def png(path: Path) -> tuple[int, int, list[list[tuple[int, int, int, int]]]]:
    """(width, height, rows of RGBA pixels) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    chunks, offset = {}, 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunks.setdefault(kind, []).append(data[offset + 8:offset + 8 + length])
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"][0])
    assert depth == 8 and colour in (2, 6) and interlace == 0, (path, depth, colour)
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(b"".join(chunks[b"IDAT"]))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))[2]
                line[x] = (line[x] + near) & 255
        rows.append([tuple(line[x:x + channels]) + ((255,) if channels == 3 else ())
                     for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_the_manifest_names_the_app_and_starts_where_it_lies():
    app = manifest()
    assert app["name"] == "Tsuro of the Seas & Tatsu"
    assert 0 < len(app["short_name"]) <= 12 and app["description"]
    # relative to the manifest, at the site root: the site wherever it is published
    assert app["start_url"] == app["scope"] == app["id"] == "./"
    assert app["display"] == "standalone"
    assert app["background_color"] == app["theme_color"] == THEME_COLORS["light"]


def test_the_manifest_is_part_of_the_site_at_its_root():
    files = site_files()
    assert MANIFEST in files and "/" not in MANIFEST
    assert f"./{MANIFEST}" in precache_list(files)


def test_the_icons_are_the_sizes_and_purposes_the_manifest_says():
    icons = manifest()["icons"]
    assert {(icon["sizes"], icon["purpose"]) for icon in icons} == {
        ("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in icons:
        assert icon["src"].startswith("./static/icons/") and icon["type"] == "image/png"
        width, height, _ = png(ROOT / icon["src"])
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_the_maskable_icon_keeps_its_emblem_in_the_safe_zone():
    [icon] = [i for i in manifest()["icons"] if i["purpose"] == "maskable"]
    size, _, rows = png(ROOT / icon["src"])
    sea = re.search(r'<rect\b[^>]*fill="(#[0-9a-f]{6})"',
                    (ROOT / "static" / "favicon.svg").read_text()).group(1)
    background = (*rgb(sea), 255)
    centre, reach = (size - 1) / 2, 0.0
    for y, row in enumerate(rows):
        for x, pixel in enumerate(row):
            distance = ((x - centre) ** 2 + (y - centre) ** 2) ** 0.5 / size
            if pixel != background:
                reach = max(reach, distance)
    assert 0.25 < reach <= SAFE_ZONE, f"the emblem reaches {reach:.3f} of the size"


def test_the_apple_touch_icon_is_opaque_at_180_px():
    width, height, rows = png(ROOT / APPLE_TOUCH_ICON)
    assert (width, height) == (180, 180)
    assert all(pixel[3] == 255 for row in rows for pixel in row)


@pytest.mark.parametrize("name", ["icon-192.png", "icon-512.png"])
def test_the_any_icons_are_the_favicon_with_its_round_corners(name):
    size, _, rows = png(ROOT / "static" / "icons" / name)
    assert rows[0][0][3] == 0 and rows[size // 2][size // 2][3] == 255


def test_the_service_worker_keeps_every_page_and_every_file(site_built_once):
    text = (site_built_once / SW_URL).read_text()
    kept = set(json.loads(re.search(r"^const PRECACHE = (\[.*?\]);$", text,
                                    re.MULTILINE | re.DOTALL).group(1)))
    written = {path.relative_to(site_built_once).as_posix()
               for path in site_built_once.rglob("*") if path.is_file()
               and not any(part.startswith(".") for part in
                           path.relative_to(site_built_once).parts)}
    left_out = {name for name in written if name == SW_URL or any(
        re.fullmatch(pattern.replace("*", ".*"), name) for pattern in NOT_PRECACHED)}
    assert kept == {"./"} | {f"./{name}" for name in written - left_out}
    for name in ("index.html", "embed.html", "learn.html", "teach.html", MANIFEST,
                 APPLE_TOUCH_ICON, *(icon["src"][2:] for icon in manifest()["icons"]),
                 *page_names().values(), *(DIAGRAM_FILE.format(n) for n in DIAGRAMS)):
        assert f"./{name}" in kept, name
    assert all(name.endswith("LICENSE") for name in left_out - {SW_URL})
