"""The command line: `python3 -m game simulate|compare|serve|build ...`."""

import argparse
import json
import sys

from game.core.registry import games

GAMES = games()  # each game described once (game/core/registry.py)


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
            registry=info.bot_classes, log=(lambda line: print(line, file=sys.stderr)),
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
    print("\n".join(open_lines(host, port, server.base)), flush=True)
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m game")
    verbs = parser.add_subparsers(dest="verb", required=True)

    sim = verbs.add_parser("simulate", help="play many games with bots and check every rule")
    sim.add_argument("--game", choices=sorted(GAMES), required=True)
    sim.add_argument("--players", type=int, help="seats (Tsuro of the Seas: 2-8)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    for info in GAMES.values():  # --no-daikaiju: a game's switch that is on by default
        for name, on in info.switches.items():
            if on:
                sim.add_argument(f"--no-{name}", action="store_true",
                                 help=f"{info.name}: play without {name}")
    sim.add_argument("--bots", help="one bot name per seat, comma separated")
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

    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
