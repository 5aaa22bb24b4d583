"""Taking back: how many of the last actions a person may take back now.

The issue "Games are never lost" words the rule: a person may take back their own
decisions until new information appears (a die rolled, a tile drawn, a daikaiju
revealed) or another seat has acted. Each game's state class says which of its event
kinds bring new information, in a class attribute `REVEALING` (a frozenset of event
kinds: those its events module marks `reveals`, game/core/event_kinds.py): an action
that caused one of them cannot be taken back, nor can anything before it. A game that
declares no `REVEALING` offers no takeback at all.

  Tatsu               REVEALING = {"dice", "first_roll"}: a turn's roll. Within a turn,
                      the move made with the first die can be taken back while a die is
                      left; the second die's move ends the turn and rolls the next.
  Tsuro of the Seas   REVEALING = {"drew", "daikaiju_roll", "daikaiju_die",
                      "daikaiju_placed", "placement_reroll", "restore_daikaiju",
                      "bonus_offered"}: a tile drawn, the daikaiju dice and what they
                      bring, a face-down daikaiju turned up, the hands of eliminated
                      players shown for the bonus. A start mark (or a relocation) can be
                      taken back until the next seat acts, except the last start mark
                      when the first turn's daikaiju roll follows it; a placement brings
                      a draw and the next turn's roll, so it cannot (only with no
                      daikaiju and an empty draw pile would one reveal nothing, and then
                      it can, until the next seat acts).

The end of the game ("game_over") closes everything: a finished game is never taken
back (its replay steps through it instead: game/web/replay.py).

A *casual* game (game/core/match.py, `Match(..., casual=True)`), only for a person alone
against computers, allows more: back to the start of the person's last turn, through the
computers' actions since, whatever they revealed.

Everything here is pure: a takeback is done by replaying the game's record without the
taken-back actions (`Match.rewind`), so the engine stays the one source of truth.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

FINAL = frozenset({"game_over"})  # after these nothing is ever taken back


def revealing(state_class: type[object]) -> frozenset[str] | None:
    """The event kinds that bring new information in this game (its REVEALING), or
    None when the game declares none (then nothing may be taken back)."""
    kinds = getattr(state_class, "REVEALING", None)
    return None if kinds is None else frozenset(kinds)


def takeback_count(steps: Sequence[tuple[int | None, Iterable[str]]], people: Sequence[bool],
                   person: int, casual: bool = False, *,
                   reveals: frozenset[str] | None) -> int:
    """How many of the last actions `person` may take back now (0: none).

    steps    one (seat, event kinds) pair per action, in the order played: the seat
             that took it and the kinds of the events it caused;
    people   for each seat, True when a person plays it (False: a computer);
    person   the seat asking;
    casual   the casual setting: back to the start of the person's last turn, through
             the computers' actions since; it counts only when every other seat is a
             computer;
    reveals  the game's REVEALING kinds (None: nothing may be taken back).
    """
    if reveals is None or not steps or not 0 <= person < len(people) or not people[person]:
        return 0
    if FINAL & set(steps[-1][1]):
        return 0
    alone = all(not played for seat, played in enumerate(people) if seat != person)
    if casual and alone:
        end = len(steps)
        while end and steps[end - 1][0] != person:  # the computers' actions since
            end -= 1
        if not end:
            return 0
        while end and steps[end - 1][0] == person:  # the person's last turn
            end -= 1
        return len(steps) - end
    count = 0
    for seat, kinds in reversed(steps):
        if seat != person or reveals & set(kinds):
            break
        count += 1
    return count


__all__ = ["FINAL", "revealing", "takeback_count"]
