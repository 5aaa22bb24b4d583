"""Where each rule an engine cites is explained: the rules pages' anchors, by rule name.

A refused action raises `RuleError(rule, message)` (errors.py); `rule_anchor(game, rule)`
gives the place on the site that explains that rule, e.g.
"rules/tatsu.html#escaping-an-entanglement", relative to the site root (where index.html
is). Each game's description (GameInfo: rules_page, rule_anchors, rule_items) says which
page is its and which anchor explains each rule; the pages are made at build time from
docs/rules-<page>.md (game/site/rules.py), which gives:

- every heading an id: its words in lower case, joined by "-" ("## Entering from the
  mat" -> "entering-from-the-mat");
- every reading labelled **D5 — ...** the id "d5" (a second **D4** on the same page:
  "d4-" and its title's words, "d4-escaping"); a paragraph or bulleted item that starts
  with **Decision — ...** or with another bold label ending in "." (**Elimination
  bonus.**), its label's words ("decision-the-escape-die", "elimination-bonus");
- every numbered item its section's id and its number ("setting-up-3"), except in the
  sections a game's `rule_items` names, whose items are named as the engine cites them
  ("placing-rule-4").

The build checks that every anchor is on its page, and tests/site/test_rules_pages.py
that every rule an engine raises has one.
"""

from game.core.i18n import N_, SOURCE_LANGUAGE, _, current
from game.core.registry import games

RULES_FOLDER = "rules"  # the pages' folder in the site
# The words shown for the rules every game's engine may cite (game/core/state.py); each
# game's own are its GameInfo.rule_words.
CORE_RULE_WORDS = {"action": N_("action"), "end of the game": N_("end of the game")}


def page_of(game_key: str) -> str | None:
    """The file name of a game's rules page ("tatsu.html"), or None if it has none."""
    info = games().get(game_key)
    return info.rules_page or None if info is not None else None


def page_url(game_key: str, lang: str | None = None) -> str | None:
    """The URL of a game's rules page in a language (by default, the one spoken now),
    relative to the site root (None: no page): "rules/tatsu.html" in English,
    "rules/tatsu.es.html" in Spanish."""
    page = page_of(game_key)
    if page is None:
        return None
    lang = current() if lang is None else lang
    if lang != SOURCE_LANGUAGE:
        page = f"{page.removesuffix('.html')}.{lang}.html"
    return f"{RULES_FOLDER}/{page}"


def rule_anchor(game_key: str, rule: str, lang: str | None = None) -> str | None:
    """The URL (relative to the site root) of the place that explains `rule` of a game,
    on its page in a language (by default, the one spoken now), e.g.
    rule_anchor("tatsu", "escaping") == "rules/tatsu.html#escaping-an-entanglement";
    None for a game or a rule with no place."""
    page = page_url(game_key, lang)
    if page is None:
        return None
    anchor = games()[game_key].rule_anchors.get(rule)
    if anchor is None and len(rule) > 1 and rule[0] == "D" and rule[1:].isdigit():
        anchor = "d" + rule[1:]
    return None if anchor is None else f"{page}#{anchor}"


def rule_words(game_key: str, rule: str) -> str:
    """A rule a refusal cites, in the words the page shows for it, in the language spoken
    now: the game's GameInfo.rule_words (or CORE_RULE_WORDS) for the key, translated;
    else the key itself, translated if a catalog has it ("D8" stays "D8"). The key stays
    English wherever it finds an anchor (`rule_anchor`)."""
    info = games().get(game_key)
    words = (info.rule_words.get(rule) if info is not None else None) \
        or CORE_RULE_WORDS.get(rule) or rule
    return _(words)
