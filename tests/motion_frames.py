"""What the motion tests share (tests/tsuro/test_tsuro_motion.py,
tests/tatsu/test_tatsu_motion.py): a drawn board parsed, its elements found by the simple
CSS selectors the moves use, and a move's keyframes read. (Imported as
tests.motion_frames: tests/run.py puts the project root on the path.)"""

import re
import xml.etree.ElementTree as ET
from functools import cache

NS = "{http://www.w3.org/2000/svg}"
TRANSLATE = re.compile(r"translate\(([-\d.]+)px, ([-\d.]+)px\)")
SCALE = re.compile(r"scale\(([-\d.]+)\)")
COMPOUND = re.compile(r'(?P<tag>[a-z]+)?(?:#(?P<id>[\w-]+))?'
                      r'(?P<rest>(?:\.[\w-]+|\[[\w-]+="[^"]*"\])*)')


class Board:
    """A drawn board (its SVG text, or the parsed root), its elements matched by the
    selectors the moves use: tag, #id, .class, [attr="value"], descendant and child
    combinators."""

    def __init__(self, markup):
        self.root = ET.fromstring(markup) if isinstance(markup, str) else markup
        self.parent = {child: parent for parent in self.root.iter() for child in parent}

    def select(self, selector: str) -> list:
        steps, combinator = [], " "
        for part in selector.split():
            if part == ">":
                combinator = ">"
                continue
            steps.append((combinator, part))
            combinator = " "
        return [e for e in self.root.iter() if self._matches(e, steps, len(steps) - 1)]

    def _matches(self, element, steps, i) -> bool:
        combinator, text = steps[i]
        if not compound_matches(element, text):
            return False
        if i == 0:
            return True
        parent = self.parent.get(element)
        if combinator == ">":
            return parent is not None and self._matches(parent, steps, i - 1)
        while parent is not None:
            if self._matches(parent, steps, i - 1):
                return True
            parent = self.parent.get(parent)
        return False

    def place(self, element) -> tuple:
        """Its own translation: where a CSS transform on it puts its origin."""
        return own_translate(element)

    def absolute(self, element) -> tuple:
        """Where its origin lies on the board (its own and its groups' translations):
        where a copy of it laid over the board must be put."""
        x = y = 0.0
        while element is not None:
            dx, dy = own_translate(element)
            x, y = x + dx, y + dy
            element = self.parent.get(element)
        return x, y

    def one(self, selector: str):
        found = self.select(selector)
        assert len(found) == 1, (selector, len(found))
        return found[0]


def select(root, selector: str) -> list:
    """The elements of a parsed board that `selector` names."""
    return Board(root).select(selector)


@cache
def compound(text: str) -> tuple:
    """A compound selector, g.stone[data-field="inner"]: (tag or None, id or None,
    classes, attributes)."""
    found = COMPOUND.fullmatch(text)
    assert found, f"a selector these tests cannot read: {text!r}"
    tag = NS + found["tag"] if found["tag"] else None
    return (tag, found["id"], re.findall(r"\.([\w-]+)", found["rest"]),
            re.findall(r'\[([\w-]+)="([^"]*)"\]', found["rest"]))


def compound_matches(element, text: str) -> bool:
    tag, ident, names, attributes = compound(text)
    if tag is not None and element.tag != tag:
        return False
    if ident is not None and element.get("id") != ident:
        return False
    classes = (element.get("class") or "").split()
    return (all(name in classes for name in names)
            and all(element.get(name) == value for name, value in attributes))


def own_translate(element) -> tuple:
    """An element's translate() attribute, (0, 0) without one."""
    match = re.match(r"translate\((-?[\d.]+)[ ,]+(-?[\d.]+)\)", element.get("transform", ""))
    return (float(match.group(1)), float(match.group(2))) if match else (0.0, 0.0)


def xy(frame) -> tuple:
    """Where a keyframe puts the element's origin."""
    x, y = TRANSLATE.search(frame["transform"]).groups()
    return float(x), float(y)


def scale(frame) -> float:
    return float(SCALE.search(frame["transform"]).group(1))


def functions(frame) -> list:
    """The transform functions of a keyframe, in order."""
    return re.findall(r"([a-z]+)\(", frame.get("transform", ""))
