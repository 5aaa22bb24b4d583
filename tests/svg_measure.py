"""Measuring drawn boards natively, for the drawing tests of both games: where each
text lies, and which texts overlap. (Imported as tests.svg_measure: tests/run.py puts
the repository on the path.)"""

import re

from game.tatsu.svg import text_width

NS = "{http://www.w3.org/2000/svg}"


def translate(element):
    """The (x, y) of an element's transform="translate(x y)", else (0, 0)."""
    match = re.match(r"translate\((-?[\d.]+)[ ,]+(-?[\d.]+)\)", element.get("transform", ""))
    return (float(match.group(1)), float(match.group(2))) if match else (0.0, 0.0)


def text_boxes(root):
    """Every text as (left, top, right, bottom, element), from its position, anchor and
    size (inherited from its groups) and a width measured with the widest common font
    (game.tatsu.svg.text_width); ascent 0.76 and descent 0.24 of the font size."""
    boxes = []

    def walk(element, dx, dy, inherited):
        if element.tag == NS + "defs":
            return
        own = {k: element.get(k) for k in ("font-size", "text-anchor", "letter-spacing")
               if element.get(k) is not None}
        attrs = {**inherited, **own}
        tx, ty = translate(element)
        dx, dy = dx + tx, dy + ty
        if element.tag == NS + "text" and (element.text or "").strip():
            size = float(attrs["font-size"])
            width = text_width(element.text, size) + float(
                attrs.get("letter-spacing", 0)) * len(element.text)
            x, y = dx + float(element.get("x", 0)), dy + float(element.get("y", 0))
            left = {"middle": x - width / 2, "end": x - width}.get(
                attrs.get("text-anchor"), x)
            boxes.append((left, y - 0.76 * size, left + width, y + 0.24 * size, element))
        for child in element:
            walk(child, dx, dy, attrs)

    walk(root, 0.0, 0.0, {})
    return boxes


def overlapping(boxes, allowed=lambda a, b: False):
    """The pairs of texts whose boxes overlap by more than 0.3 units both ways, unless
    `allowed(a, b)` says the pair may (a label on its own piece, say)."""
    found = []
    for i, (l1, t1, r1, b1, e1) in enumerate(boxes):
        for l2, t2, r2, b2, e2 in boxes[i + 1:]:
            if min(r1, r2) - max(l1, l2) > 0.3 and min(b1, b2) - max(t1, t2) > 0.3 \
                    and not allowed(e1, e2):
                found.append((e1.text, e1.attrib, e2.text, e2.attrib))
    return found
