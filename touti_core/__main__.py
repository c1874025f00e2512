"""Command line: ``python -m touti_core {play,replay,arena}``."""

from __future__ import annotations

import argparse
import json
import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "arena":
        from .bots.arena import main as arena_main   # the bots' duplicate arena
        return arena_main(argv[1:])
    p = argparse.ArgumentParser(prog="python -m touti_core", description="Touti in the terminal.")
    sub = p.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("play", help="play a game as seat 0 against bots")
    pp.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    pp.add_argument("--level", default="normal", help="bot level: easy, normal or strong")
    pp.add_argument("--target", type=int, default=600, help="target score (default 600)")
    pp.add_argument("--save", default=None, help="write the game's record to this file")
    pr = sub.add_parser("replay", help="print a game record hand by hand")
    pr.add_argument("file", help="a touti-record/1 JSON file")
    sub.add_parser("arena", help="duplicate arena between bots (see: arena --help)")
    args = p.parse_args(argv)
    from . import api, cli
    if args.cmd == "play":
        import random
        seed = args.seed if args.seed is not None else random.randrange(2 ** 31)
        try:
            game = cli.TerminalGame(seed, args.level, {"target": args.target}, save=args.save)
        except api.IllegalAction as e:
            print(f"touti: {e.message}", file=sys.stderr)
            return 2
        try:
            return game.run()
        except KeyboardInterrupt:
            print("\nGame left. Bye!")
            return 0
    try:
        with open(args.file, encoding="utf-8") as f:
            record = json.load(f)
        cli.replay(record)
    except (OSError, json.JSONDecodeError) as e:
        print(f"touti: cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    except api.IllegalAction as e:
        print(f"touti: {args.file} is not a valid record: {e.message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
