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

from game.core.i18n import SOURCE_LANGUAGE, _, current
from game.core.lessons import Step
from game.core.limits import shown
from game.core.registry import GameInfo, games
from game.core.rule_links import rule_anchor
from game.core.words import or_list
from game.web.embed import Embed, EmbedError, read
from game.web.start import language_picker

STORAGE_KEY = "tsuro-tatsu.lessons.{game}"  # one entry per game


def lesson_game(key: str | None) -> GameInfo:
    """The game whose lesson the page shows; EmbedError (a sentence) for no such game."""
    key = (key or "").strip().lower()
    known = games()
    if key not in known or not known[key].lesson:
        names = or_list(f"game={k}" for k, info in known.items() if info.lesson)
        raise EmbedError(_("There is no lesson for “{name}” here: use {choices}.").format(
            name=shown(key, quoted=False), choices=names) if key
            else _("Say which game to learn: {choices}.").format(choices=names))
    return known[key]


def play_link(info: GameInfo) -> str:
    """The address of the game's page (in the language spoken now, when not English)."""
    lang = current()
    return f"index.html?game={info.key}" + (f"&amp;lang={lang}" if lang != SOURCE_LANGUAGE
                                             else "")


def step_embed(info: GameInfo, step: Step) -> Embed:
    """The step as a challenge on a live board, with hints on (after a wrong try, "Try
    again with a hint" shows the way to the task)."""
    return read({"game": info.key, "position": step.position, "mode": "challenge",
                 "goal": step.goal, "hint": "on"})


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
        label = (_("Step {number}: {title} (done)") if done else
                 _("Step {number}: {title}")).format(number=index + 1, title=_(step.title))
        current_attr = ' aria-current="step"' if index == current else ""
        items.append(
            f'<li><button type="button" class="step-dot{" done" if done else ""}" '
            f'data-lesson-step="{index}" aria-label="{escape(label)}"{current_attr}>'
            f'{"✔" if done else index + 1}</button></li>')
    steps = escape(_("Steps"))
    return f'<ol class="lesson-steps" aria-label="{steps}">{"".join(items)}</ol>'


def step_html(info: GameInfo, current: int, solved: set[str]) -> str:
    """The words of a step above its board: title, lesson, task, the rule's link."""
    step = info.lesson[current]
    words = "".join(f"<p>{escape(_(paragraph))}</p>" for paragraph in step.words)
    link = rule_anchor(info.key, step.rule) if step.rule else None
    read_rule = escape(_("Read the rule"))
    rule = (f'<a class="lesson-rule" href="{link}" target="_blank" rel="noopener">'
            f"{read_rule}</a>" if link else "")
    heading = escape(_("Learn to play {game}").format(game=info.shown_name))
    play = escape(_("Play a game"))
    title = escape(_("Step {number} of {count}: {title}").format(
        number=current + 1, count=len(info.lesson), title=_(step.title)))
    return (f'<header class="lesson-head"><h1>{heading}</h1>'
            f'<a href="{play_link(info)}">{play}</a></header>'
            f"{steps_nav(info, current, solved)}"
            f'<section class="lesson-step" aria-labelledby="step-title">'
            f'<h2 id="step-title">{title}</h2>{words}{rule}</section>')


def page_html() -> str:
    """The lesson's page: the language picker, the step's words, the board's place."""
    return (f'<div class="lesson-language">{language_picker()}</div>'
            '<div id="lesson" class="lesson"></div><div id="play" class="lesson-play">'
            '</div><p class="keep-note" id="keep-note"></p>')


def play_html(task: str) -> str:
    """The step's task above the places of its board, panel, status and log."""
    return (f'<p class="task" id="task">{escape(task)}</p>'
            '<p id="status" class="status" aria-live="polite"></p>'
            '<div class="embed-grid"><div id="board" class="board-wrap" tabindex="-1">'
            '</div><aside id="panel" class="side"></aside></div><div id="overlay"></div>'
            '<div id="log" class="log" hidden></div>')


def after_verdict(info: GameInfo, current: int, solved: bool) -> str:
    """What a judged step offers: the next step (or the end of the lesson) once solved,
    the step's hint after a wrong try."""
    if not solved:
        hint = info.lesson[current].hint
        if not hint:
            return ""
        words = escape(_("Hint: {hint}").format(hint=_(hint)))
        return f'<p class="hint">{words}</p>'
    if current + 1 < len(info.lesson):
        next_step = escape(_("Next step"))
        return ('<div class="controls"><button type="button" class="primary" '
                f'data-lesson-step="{current + 1}">{next_step}</button></div>')
    done = escape(_("That was the last step: you know the rules."))
    play = escape(_("Play a game of {game}").format(game=info.shown_name))
    return (f'<p class="lesson-done">{done}</p>'
            f'<div class="controls"><a class="button primary" href="{play_link(info)}">'
            f"{play}</a></div>")


__all__ = ["STORAGE_KEY", "after_verdict", "first_open", "lesson_game", "page_html",
           "play_html", "solved_steps", "step_embed", "step_html", "steps_nav", "stored"]
