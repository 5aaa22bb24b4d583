"""Learn to play (learn.html): a game's lesson, one step at a time (game/core/lessons.py).

Each step shows its words, its task and a live board from the step's position; the
engine judges the learner's moves (a challenge, game/web/embed.py) and a solved step
opens the next. What the learner has solved is kept in the browser (localStorage) as a
JSON list of step keys, read back here with anything unexpected ignored. This module
imports no browser code; game/web/learn_page.py does the clicks and the storage.
"""

from __future__ import annotations

import json
from html import escape

from game.core.lessons import Step
from game.core.registry import GameInfo, games
from game.core.rule_links import rule_anchor
from game.web.embed import Embed, EmbedError, read

STORAGE_KEY = "tsuro-tatsu.lessons.{game}"  # one entry per game


def lesson_game(key: str | None) -> GameInfo:
    """The game whose lesson the page shows; EmbedError (a sentence) for no such game."""
    key = (key or "").strip().lower()
    known = games()
    if key not in known or not known[key].lesson:
        names = " or ".join(f"game={k}" for k, info in known.items() if info.lesson)
        raise EmbedError(f"There is no lesson for “{key[:40]}” here: use {names}." if key
                         else f"Say which game to learn: {names}.")
    return known[key]


def step_embed(info: GameInfo, step: Step) -> Embed:
    """The step as a challenge on a live board."""
    return read({"game": info.key, "position": step.position, "mode": "challenge",
                 "goal": step.goal})


def solved_steps(stored: str | None, info: GameInfo) -> set[str]:
    """The keys of the steps solved, from what the browser kept (None, or JSON)."""
    try:
        data = json.loads(stored) if stored else []
    except ValueError:
        return set()
    keys = {step.key for step in info.lesson}
    return {key for key in data if isinstance(key, str) and key in keys} \
        if isinstance(data, list) else set()


def stored(solved: set[str], info: GameInfo) -> str:
    """What to keep: the solved steps' keys, in the lesson's order."""
    return json.dumps([step.key for step in info.lesson if step.key in solved])


def first_open(info: GameInfo, solved: set[str]) -> int:
    """Where a returning learner starts: the first step not solved (the last if all are)."""
    for index, step in enumerate(info.lesson):
        if step.key not in solved:
            return index
    return len(info.lesson) - 1


def steps_nav(info: GameInfo, current: int, solved: set[str]) -> str:
    """The lesson's steps, each a button, the solved ones ticked."""
    items = []
    for index, step in enumerate(info.lesson):
        done = step.key in solved
        label = f"Step {index + 1}: {step.title}" + (" (done)" if done else "")
        current_attr = ' aria-current="step"' if index == current else ""
        items.append(
            f'<li><button type="button" class="step-dot{" done" if done else ""}" '
            f'data-lesson-step="{index}" aria-label="{escape(label)}"{current_attr}>'
            f'{"✔" if done else index + 1}</button></li>')
    return f'<ol class="lesson-steps" aria-label="Steps">{"".join(items)}</ol>'


def step_html(info: GameInfo, current: int, solved: set[str]) -> str:
    """The words of a step above its board: title, lesson, task, the rule's link."""
    step = info.lesson[current]
    words = "".join(f"<p>{escape(paragraph)}</p>" for paragraph in step.words)
    link = rule_anchor(info.key, step.rule) if step.rule else None
    rule = (f'<a class="lesson-rule" href="{link}" target="_blank" rel="noopener">'
            "Read the rule</a>" if link else "")
    return (f'<header class="lesson-head"><h1>Learn to play {escape(info.name)}</h1>'
            f'<a href="index.html?game={info.key}">Play a game</a></header>'
            f"{steps_nav(info, current, solved)}"
            f'<section class="lesson-step" aria-labelledby="step-title">'
            f'<h2 id="step-title">Step {current + 1} of {len(info.lesson)}: '
            f"{escape(step.title)}</h2>{words}{rule}</section>")


def after_verdict(info: GameInfo, current: int, solved: bool) -> str:
    """What a judged step offers: the next step (or the end of the lesson) once solved,
    the step's hint after a wrong try."""
    if not solved:
        hint = info.lesson[current].hint
        return f'<p class="hint">Hint: {escape(hint)}</p>' if hint else ""
    if current + 1 < len(info.lesson):
        return ('<div class="controls"><button type="button" class="primary" '
                f'data-lesson-step="{current + 1}">Next step</button></div>')
    return ('<p class="lesson-done">That was the last step: you know the rules.</p>'
            f'<div class="controls"><a class="button primary" href="index.html?game='
            f'{info.key}">Play a game of {escape(info.name)}</a></div>')


__all__ = ["STORAGE_KEY", "after_verdict", "first_open", "lesson_game", "solved_steps",
           "step_embed", "step_html", "steps_nav", "stored"]
