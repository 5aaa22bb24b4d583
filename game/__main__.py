"""The command line: `python3 -m game simulate|compare|serve|build|diagram|position ...`."""

import argparse
import json
import os
import sys
import textwrap
from importlib import import_module

from game.core.registry import GameInfo, games

GAMES = games()  # each game described once (game/core/registry.py)


def _seat_kinds(info) -> dict:
    """The bots a simulation may seat: the game's levels, and "hint" (every hint of the
    game's coach played) for a game with a coach."""
    kinds = dict(info.bot_classes)
    if info.coach:
        from game.core.coach import hint_seat
        kinds["hint"] = hint_seat(GameInfo.load(f"{info.coach}:advise"))
    return kinds


def _simulate(args) -> int:
    info = GAMES[args.game]
    low, high = info.players
    players = args.players if args.players is not None else low
    if not low <= players <= high:
        print(f"{info.name} is played by {low} to {high} players", file=sys.stderr)
        return 2
    bots = args.bots.split(",") if args.bots else ["random"] * players
    if len(bots) != players:
        print(f"--bots names {len(bots)} bots for {players} seats", file=sys.stderr)
        return 2
    options = {name: not getattr(args, f"no_{name}") for name in info.switches}
    config = info.config_for(players, **options)

    from game.core.simulate import simulate

    games_out = None
    if args.games_out:
        try:
            games_out = open(args.games_out, "w", encoding="utf-8")  # noqa: SIM115 -- closed below
        except OSError as error:
            print(f"error: cannot write {args.games_out}: {error.strerror or error}",
                  file=sys.stderr)
            return 2

    def each_game(record):
        games_out.write(json.dumps(record) + "\n")
        games_out.flush()

    try:
        summary = simulate(
            lambda seed: info.state_class(config, seed), game=args.game, players=players,
            games=args.games, seed=args.seed, bots=bots, turn_cap=info.turn_cap,
            registry=_seat_kinds(info), log=(lambda line: print(line, file=sys.stderr)),
            each_game=each_game if games_out else None,
        )
    finally:
        if games_out:
            games_out.close()
    summary.update(options)
    print(json.dumps(summary))
    ok = (summary["completed"] == summary["games"] and not summary["errors"]
          and not summary["invariant_violations"])
    return 0 if ok else 1


def _compare(args) -> int:
    from game.core.compare import CompareError, pooled, read_games

    try:
        if len(args.runs) % 2:
            raise CompareError(f"{len(args.runs)} files named: give them in pairs, "
                               "BEFORE AFTER [BEFORE AFTER ...]")
        pairs = [(read_games(args.runs[i]), read_games(args.runs[i + 1]))
                 for i in range(0, len(args.runs), 2)]
        result = pooled(pairs, args.bot)
    except CompareError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


def _serve(args) -> int:
    from game.site.runtime import RuntimeFetchError, ensure_runtime
    from game.site.server import SiteServer, SourceSite, host_problem, open_lines

    problem = host_problem(args.host)
    if problem:
        print(f"error: --host {problem}", file=sys.stderr)
        return 2
    try:
        ensure_runtime()
    except RuntimeFetchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    try:
        server = SiteServer(SourceSite(), host=args.host, port=args.port, quiet=args.quiet)
    except (OSError, OverflowError) as error:  # a busy port, a host not of this machine
        print(f"error: cannot serve on {args.host}:{args.port}: "
              f"{getattr(error, 'strerror', None) or error}",
              file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print("\n".join(open_lines(host, port, server.base)), flush=True)  # type: ignore[arg-type]
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def _build(args) -> int:
    from game.site.build import BuildError, build
    from game.site.runtime import RuntimeFetchError

    try:
        build(args.out)
    except (BuildError, RuntimeFetchError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


def _read(path: str, what: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"cannot read the {what} {path}: "
                         f"{getattr(error, 'strerror', None) or error}") from None


def _state(info, args):
    """The position the options name: --position (its text or JSON, or a file holding
    either) or --record FILE --at N (a saved game after its first N actions)."""
    state_class = info.state_class
    if args.record is not None:
        if args.at is None:
            raise ValueError("--record needs --at N: the step of the game to show "
                             "(0: before the first action)")
        from game.web.saved import record_of  # (a page's download, or a bare record)

        record = record_of(_read(args.record, "saved game"), info.key)
        return state_class.from_record(record, upto=args.at)
    if args.at is not None:
        raise ValueError("--at goes with --record FILE")
    source = args.position
    if os.path.isfile(source):
        source = _read(source, "position file")
    elif source.strip().lower().endswith((".json", ".txt")):
        raise ValueError(f"--position: no file {source}")
    return state_class.from_position(source.strip())


def _refused(run):
    """Run a verb whose input may be refused: a refusal (a ValueError: PositionError,
    RecordError, NotesError, a file that cannot be read) is one line on stderr, exit 2."""
    def guarded(args) -> int:
        try:
            return run(args)
        except ValueError as error:
            print("error: " + " ".join(str(error).split()), file=sys.stderr)
            return 2
    return guarded


def _diagrams(info):
    """The game's diagrams, game/<game>/diagram.py (diagram(), PLACE_HELP), or None: found
    by name, as `position` finds game/<game>/position.py, and not in the game's
    description, whose modules the page loads (the page draws no diagrams)."""
    name = f"{info.package}.diagram"
    try:
        return import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


def _diagram(args) -> int:
    from game.core.diagram import Notes

    info = GAMES[args.game]
    notes = Notes.from_options(highlight=args.highlight, arrow=args.arrow, label=args.label,
                               dim=args.dim, ghost=args.ghost, select=args.select,
                               notes=args.notes)
    diagrams = _diagrams(info)
    if diagrams is None:
        raise ValueError(f"{info.name} has no diagrams")
    seat = None if args.seat is None else args.seat - 1  # (people count from 1)
    drawing = diagrams.diagram(_state(info, args), notes, seat=seat)
    if args.out is None:
        sys.stdout.write(drawing)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(drawing)
    except OSError as error:
        raise ValueError(f"cannot write {args.out}: {error.strerror or error}") from None
    return 0


def _position(args) -> int:
    info = GAMES[args.game]
    position = _state(info, args).to_position()
    to_text = import_module(f"{info.package}.position").to_text
    print(json.dumps(position, separators=(",", ":")))
    print(to_text(position))
    return 0


def _position_options(parser) -> None:
    """--game, and where the position comes from, for `diagram` and `position`."""
    parser.add_argument("--game", choices=sorted(GAMES), required=True,
                        help="the game: " + ", ".join(f"{key} ({info.name})"
                                                      for key, info in GAMES.items()))
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--position", metavar="TEXT|FILE",
                        help="the position: its text form, its JSON, or a file holding "
                             "either (.json or text)")
    source.add_argument("--record", metavar="FILE",
                        help="a saved game, opened at step --at: a file the page's "
                             "\"Download this game\" saved, or a bare game record "
                             "(JSON)")
    parser.add_argument("--at", type=int, metavar="N",
                        help="with --record: the game after its first N actions "
                             "(0: before any)")


DIAGRAM_EPILOG = """\
examples:
  python3 -m game diagram --game tatsu --position 1VVV9vvv8_b34_-_-_1 --select 3i \\
      --label "12=fire corner" --out move.svg
  python3 -m game diagram --game tsuro --position pos.json --highlight 3/5 0/0 --dim \\
      --arrow "0/0:3/5:sails" --out sail.svg
  python3 -m game diagram --game tsuro --record game.json --at 8 --ghost 31s --notes n.json

the notes file is a JSON object (game/core/diagram.py), any of:
  {"highlight": [P, ...], "arrows": [{"from": P, "to": P, "label": T}, ...],
   "labels": [{"at": P, "text": T}, ...], "dim": true, "ghost": "TILE/ROT", "select": P}
"""


def _places_help() -> str:
    """Each game's places, from its diagrams (PLACE_HELP), wrapped for the terminal."""
    lines = ["places:"]
    for key, info in GAMES.items():
        diagrams = _diagrams(info)
        if diagrams is None:
            continue
        lines += textwrap.wrap(f"{info.name} (--game {key}): {diagrams.PLACE_HELP}",
                               width=88, initial_indent="  ", subsequent_indent="    ",
                               break_on_hyphens=False)
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m game")
    verbs = parser.add_subparsers(dest="verb", required=True)

    sim = verbs.add_parser("simulate", help="play many games with bots and check every rule")
    sim.add_argument("--game", choices=sorted(GAMES), required=True)
    sim.add_argument("--players", type=int, help="seats (" + "; ".join(
        f"{info.name}: " + "-".join(str(n) for n in sorted(set(info.players)))
        for info in GAMES.values()) + ")")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    for info in GAMES.values():  # --no-daikaiju: a game's switch that is on by default
        for name, on in info.switches.items():
            if on:
                sim.add_argument(f"--no-{name}", action="store_true",
                                 help=f"{info.name}: play without {name}")
    sim.add_argument("--bots", help="one bot name per seat, comma separated (random, easy, "
                     "medium, hard; hint: every hint of the coach played)")
    sim.add_argument("--games-out", metavar="FILE",
                     help="also write each game (seed, seats, winners) as a JSON line")
    sim.set_defaults(run=_simulate)

    compare = verbs.add_parser(
        "compare", help="a bot's win share in two runs of the same games, game by game")
    compare.add_argument(
        "runs", nargs="+", metavar="BEFORE AFTER",
        help="--games-out files in pairs: a run before the change, then one of the same "
             "--seed and --games after it; more pairs (other seeds) are pooled")
    compare.add_argument("--bot", required=True, help="the bot name to compare")
    compare.set_defaults(run=_compare)

    serve = verbs.add_parser("serve", help="serve the site on this machine (fetches the runtime)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on; 0.0.0.0 serves the local network too")
    serve.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    serve.add_argument("--quiet", action="store_true", help="do not log each request")
    serve.set_defaults(run=_serve)

    build = verbs.add_parser("build", help="write the complete deployable site into a folder")
    build.add_argument("--out", required=True, help="the folder to write (e.g. dist)")
    build.set_defaults(run=_build)

    diagram = verbs.add_parser(
        "diagram", help="draw one position as a standalone SVG file, with notes on it",
        description=textwrap.fill(
            "Draw a position once, as a standalone SVG file for a rules page or a "
            "document (an <img> in any page, light or dark), with notes: places marked, "
            "arrows, labels, the rest dimmed; a tile's preview (Tsuro of the Seas) or a "
            "stone's moves (Tatsu).", width=88),
        epilog=_places_help() + "\n\n" + DIAGRAM_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _position_options(diagram)
    diagram.add_argument("--seat", type=int, metavar="N",
                         help="whose view: seat N, counted from 1 as the board numbers "
                              "them (Tatsu: 1 Black, 2 White); their ship is ringed and "
                              "the words say \"You are ...\"")
    diagram.add_argument("--out", metavar="FILE.svg", help="write here (default: stdout)")
    notes = diagram.add_argument_group("notes")
    notes.add_argument("--highlight", nargs="+", action="extend", metavar="PLACE",
                       help="mark these places")
    notes.add_argument("--arrow", action="append", metavar="A:B[:LABEL]",
                       help="an arrow from place A to place B (repeatable)")
    notes.add_argument("--label", action="append", metavar="PLACE=TEXT",
                       help="a text at a place (repeatable)")
    notes.add_argument("--dim", action="store_true",
                       help="dim the board except the places marked")
    notes.add_argument("--ghost", metavar="TILE/ROT",
                       help="Tsuro of the Seas: a tile of the hand of the ship to move, "
                            "shown on the square it would go to with the ships' voyages: "
                            "TILE/ROT as the JSON form numbers them (tile 0-55, ROT "
                            "quarter turns 0-3) or as the text form writes them (31s: "
                            "tile 31 counted from 1, its top pointing n, e, s or w)")
    notes.add_argument("--select", metavar="PLACE",
                       help="Tatsu: a stone of the side to move (5i, 5o, 5, mat-fire), "
                            "with where it may go")
    notes.add_argument("--notes", metavar="FILE.json", help="notes from a JSON file; the "
                                                            "options add to them")
    diagram.set_defaults(run=_refused(_diagram))

    position = verbs.add_parser(
        "position", help="print a position as JSON, then as its text form",
        description="Print a position in both forms: one line of JSON, then one line of "
                    "the compact text form (each game's rules page gives its grammar).")
    _position_options(position)
    position.set_defaults(run=_refused(_position))

    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
