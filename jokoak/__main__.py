"""Command line: ``python -m jokoak <command>`` (also installed as ``jokoak``).

Every failure is one line on stderr and a non-zero exit, never a traceback: a user's error
(a bad argument, a content file that breaks its format) in the user's language, status 2.
"""

from __future__ import annotations

import argparse
import sys

from . import cli
from .errors import ContentError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="jokoak", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for command in cli.COMMANDS:
        command.register(sub)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        return int(args.run(args) or 0)
    except (cli.CliError, ContentError) as exc:
        from .i18n import translator
        print(f"jokoak: {exc.text(translator(cli.environment_language()).gettext)}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head`: the reader has what it wanted
        sys.stderr.close()
        return 0
    except Exception as exc:  # the one-line promise holds even for bugs
        print(f"jokoak: internal error: {exc.__class__.__name__}: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
