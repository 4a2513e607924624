"""The `sim` command: run an experiment, show a run's summary, replay one game.

```
sim run experiments/dicedraft_factions.toml --games 20000 [--executor auto|threads|ray] [--address HOST:PORT]
        [--run NAME] [--overwrite] [--cards DIR]
sim show dicedraft_factions
sim cards dicedraft --to mis_cartas
sim compare dicedraft_factions mine [--lang es|en]
sim replay dicedraft_factions --game 17 --lang es
sim ladder dicedraft [--games 1000] [--faction aranas]
sim balance experiments/dicedraft_balance.toml [--apply N --to DIR]
sim try experiments/dicedraft_factions.toml --set CI-04.cost=6 [--half-width 0.01 | --games N] [--lang es|en]
sim bench [--games 200000] [--repeat 5] [--executor auto] [--executor ray] [--hard-games 2000] [--hard-every-faction]
sim bench --all [--table docs/bench-table.md]
sim bench --curve GAME [--games 400] [--table FILE] [--figure FILE.html]
```
Bad input of any kind (spec, cards, parameters, arguments, a results folder holding another
experiment) ends with one message on stderr that names the file, field or argument, exit code 2,
and results/ untouched. So does a fault of the filesystem met while writing (a full disk, a disk
gone read-only, a folder that vanished): the message names the path. Anything else is a bug and
propagates with its traceback.
"""

from __future__ import annotations

import argparse
import errno
import gc
import json
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from rich.console import Console

from sim.core.errors import InputError
from sim.core.limits import EXECUTORS, MAX_CHUNK_UNITS, MAX_GAMES, MAX_SEED, RULESET_IDS, executor_name

if TYPE_CHECKING:
    from sim.report.comparison import StoredRun
    from sim.run.runner import RunOutcome

# Each command imports what it needs when it runs: `sim --help`, a mistyped flag and `sim show` answer
# without loading numba, scipy, Ray or Dash (tests/test_dependencies.py times it).

EXIT_INPUT = 2
EXIT_MISMATCH = 1
EXIT_INTERRUPTED = 130
# faults of the place being written, not of the code: reported with the path, exit 2
FILESYSTEM_FAULTS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOTDIR,
                     errno.EISDIR, errno.EEXIST, errno.EFBIG, errno.ENAMETOOLONG, errno.ELOOP, errno.EIO}
DASH_MAX_GAMES = 20_000_000  # dashboards.launches.DEFAULT_MAX_GAMES (Dash is not imported before `sim dash`)
INTERRUPT_GRACE = 3.0  # seconds Ctrl-C gives `sim run` to stop cleanly before it is ended outright


def _int_at_least(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer in [minimum, maximum], with a message naming the bound, so a
    bad flag is reported as the flag and not as the spec field it overrides."""
    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum:,}, got {value:,}")
        return value
    parse.__name__ = f"integer >= {minimum}"
    return parse


def _path(text: str) -> Path:
    """An argparse type: a path, never the empty string (which would quietly mean this folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty string")
    return Path(text)


def _non_empty(expected: str) -> Callable[[str], str]:
    """An argparse type: any text but a blank one, which would quietly mean the default (an
    embedded Ray for --address, every interface for --host)."""
    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"expected {expected}, got an empty string")
        return text
    return parse


Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"  # where a command's parser is added
RESULTS_ROOT = "results root (default ./results)"


def add_results_option(parser: argparse.ArgumentParser, help: str | None = None) -> None:
    """--results DIR, the results root of every command that reads or writes runs."""
    parser.add_argument("--results", type=_path, default=Path("results"), metavar="DIR", help=help)


def add_executor_option(parser: argparse.ArgumentParser, help: str) -> None:
    """--executor, where the games are played (sim.run.executors)."""
    parser.add_argument("--executor", type=executor_name, choices=EXECUTORS, default="auto", help=help)


def build_parser() -> argparse.ArgumentParser:
    """The `sim` command line: one subcommand per COMMAND_PARSERS entry, in the order `sim --help`
    lists them; a new command writes its add_..._command and joins the tuple."""
    parser = argparse.ArgumentParser(prog="sim", description="Simulate card games and analyse their balance.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add_command in COMMAND_PARSERS:
        add_command(commands)
    return parser


def add_run_command(commands: Commands) -> None:
    """`sim run SPEC`: play an experiment and store it."""
    run = commands.add_parser("run", help="play an experiment spec and store the results",
                              description="Play an experiment; rerunning the same command resumes it.")
    run.add_argument("spec", type=_path, metavar="SPEC", help="experiment spec (.toml)")
    run.add_argument("--games", type=_int_at_least(1, MAX_GAMES), help="units to play (games, story runs or matches); "
                     "overrides the spec")
    run.add_argument("--seed", type=_int_at_least(0, MAX_SEED), help="run seed; overrides the spec")
    run.add_argument("--executor", type=executor_name, choices=EXECUTORS, default="auto", help="where the games "
                     "are played. auto (default): Ray when --address or RAY_ADDRESS names a cluster, else threads; "
                     "threads: this process's threads, one per core (also spelled serial, its former name); ray: "
                     "Ray, an embedded instance started for the run unless an address is given")
    run.add_argument("--address", type=_non_empty("HOST:PORT"), metavar="HOST:PORT", help="join this Ray cluster (else RAY_ADDRESS); never "
                     "starts a cluster")
    run.add_argument("--run", metavar="NAME", help="results folder name (default: the spec's name)")
    add_results_option(run, RESULTS_ROOT)
    run.add_argument("--overwrite", action="store_true", help="replace a run folder holding a different experiment")
    run.add_argument("--lang", choices=("es", "en"), default="en", help="language of what it says while it plays "
                     "(the compile, the progress bar, the last line) and of the findings that open the summary at the "
                     "end (default en, as the tables)")
    run.add_argument("--chunk-size", type=_int_at_least(1, MAX_CHUNK_UNITS), metavar="N", help="units per chunk (default: the spec's "
                     "chunk_size, else the ruleset's)")
    run.add_argument("--cards", type=_path, metavar="DIR", help="play with the card files in DIR instead of the spec's "
                     "(its cards_dir, else the game's shipped cards); `sim cards` makes a copy to edit")
    run.set_defaults(handler=command_run)


def add_cards_command(commands: Commands) -> None:
    """`sim cards RULESET --to DIR`: copy a game's shipped cards to edit."""
    cards = commands.add_parser("cards", help="copy a game's shipped card folder, to edit and play with --cards",
                                description="Copy the card files the game ships with to a new folder DIR, to edit "
                                "them and play a spec with them: sim run SPEC --cards DIR. The shipped cards are never "
                                "changed.")
    cards.add_argument("ruleset", metavar="RULESET", help=f"the game ({', '.join(RULESET_IDS)})")
    cards.add_argument("--to", type=_path, required=True, metavar="DIR", help="a new (or empty) folder for the copy")
    cards.add_argument("--lang", choices=("es", "en"), default="es", help="language of what it prints")
    cards.set_defaults(handler=command_cards)


def add_compare_command(commands: Commands) -> None:
    """`sim compare RUN_A RUN_B`: the difference B - A between two runs of one game."""
    compare = commands.add_parser("compare", help="the difference B - A between two stored runs of one game",
                                  description="Compare two finished runs of the same game, typically one spec played "
                                  "again with a card edited: side A's win rate per config (and each faction against "
                                  "the field in a round robin), the first player and the card measures, each as A, B "
                                  "and B - A with its 95%% interval and n; paired on the games both played when the "
                                  "runs share seed, kind and seats, two-sample otherwise.")
    compare.add_argument("run_a", metavar="RUN_A", help="run name under --results, or a run folder path")
    compare.add_argument("run_b", metavar="RUN_B", help="the run compared with it (B - A)")
    add_results_option(compare)
    compare.add_argument("--lang", choices=("es", "en"), default="es", help="language of the comparison")
    compare.set_defaults(handler=command_compare)


def add_show_command(commands: Commands) -> None:
    """`sim show RUN`: a stored run's summary, or a balance search's proposals."""
    show = commands.add_parser("show", help="summary of a stored run, or the proposals of a `sim balance` search")
    show.add_argument("run", metavar="RUN", help="run name under --results, or a run folder path; or a balance "
                      "search: its spec's name, or its <name>.balance folder")
    add_results_option(show)
    show.add_argument("--lang", choices=("es", "en"), default="en", help="language of the findings that open the "
                      "summary (default en, as the tables), and of a balance search's proposals")
    show.set_defaults(handler=command_show)


def add_replay_command(commands: Commands) -> None:
    """`sim replay RUN --game I`: one stored game with its trace."""
    replay = commands.add_parser("replay", help="replay one stored game with its event trace")
    replay.add_argument("run", metavar="RUN", help="run name under --results, or a run folder path")
    replay.add_argument("--game", type=_int_at_least(0), required=True, metavar="I", help="game index (as in the "
                        "games table)")
    replay.add_argument("--lang", choices=("es", "en"), default="es", help="language of every line of the replay (default es)")
    replay.add_argument("--config", default=None,
                        help="config id, e.g. china~japon in a round robin, or as `sim show` names it "
                        "(China~Japón); default: the run's only config")
    add_results_option(replay)
    replay.set_defaults(handler=command_replay)


def add_report_command(commands: Commands) -> None:
    """`sim report RUN`: export a run (HTML, CSV, Parquet, PDF, PNG, Markdown)."""
    report = commands.add_parser("report", help="export a run: standalone HTML report, CSV, Parquet, PDF, PNG, "
                                 "Markdown summary",
                                 description="Export a stored run's figures and tables; every export carries "
                                 "the run's manifest.")
    report.add_argument("run", metavar="RUN", help="run name under --results, or a run folder path")
    report.add_argument("--format", default="html", metavar="F[,F...]",
                        help="html (default; opens offline), csv, parquet, pdf, png (pdf and png need Chromium), md (the "
                        "summary: the findings as Markdown)")
    report.add_argument("--out", type=_path, metavar="DIR", help="where to write (default: RUN/report/)")
    report.add_argument("--lang", choices=("es", "en"), default="es", help="language of the whole report: headings, tables, notes, charts")
    add_results_option(report)
    report.set_defaults(handler=command_report)


def add_dash_command(commands: Commands) -> None:
    """`sim dash`: the dashboard over a results folder."""
    dash_app = commands.add_parser("dash", help="open the dashboard (a local web app) over a results folder",
                                   description="Serve the dashboard with waitress. On 127.0.0.1 by default; binding "
                                   "to any other address needs a token (--token-file, SIM_DASH_TOKEN or --token) of at least 16 "
                                   "characters. Requests naming another host than this server's are refused.")
    add_results_option(dash_app)
    dash_app.add_argument("--host", type=_non_empty("an address"), default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    dash_app.add_argument("--port", type=_int_at_least(1, 65535), default=None,
                          help=f"port to listen on (default {DASH_PORT}, or the next free one when it is taken)")
    dash_app.add_argument("--token", default=None, help="require this token on every request: at least 16 letters, "
                          "digits, - _ . or ~ (default: SIM_DASH_TOKEN); open the page once with ?token=, a cookie "
                          "keeps it. Every user of the machine sees it in the process list: prefer --token-file "
                          "or SIM_DASH_TOKEN")
    dash_app.add_argument("--token-file", type=_path, default=None, metavar="PATH",
                          help="read the token from this file (its first line), so it is not in the process list")
    dash_app.add_argument("--allow-host", action="append", default=[], metavar="NAME", help="also answer requests "
                          "whose Host is NAME (a DNS name or proxy in front of this server; repeatable)")
    dash_app.add_argument("--max-upload-kib", type=_int_at_least(1, 1024 * 1024), default=1024, metavar="KIB",
                          help="largest spec a page may upload, in KiB (default 1024)")
    dash_app.add_argument("--no-access-log", action="store_true", help="do not print a line per request on stderr")
    dash_app.add_argument("--executor", type=executor_name, choices=EXECUTORS, default="auto", help="executor of runs "
                          "launched from the dashboard (default auto: Ray when RAY_ADDRESS names a cluster, else "
                          "threads)")
    dash_app.add_argument("--max-games", type=_int_at_least(1), default=DASH_MAX_GAMES, metavar="N",
                          help="most games (configs × games) a run launched from the dashboard may play (default "
                          f"{DASH_MAX_GAMES:,}: minutes on one machine; docs/engine.md)")
    dash_app.set_defaults(handler=command_dash)


def add_played_games_arguments(parser: argparse.ArgumentParser, games: int, games_help: str, seed: int | None,
                               seed_help: str) -> None:
    """The game, the games to play and the seed: what the commands that play one game's levels ask for."""
    parser.add_argument("ruleset", metavar="RULESET", help=f"the game ({', '.join(RULESET_IDS)})")
    parser.add_argument("--games", type=_int_at_least(2, MAX_GAMES), default=games, metavar="N", help=games_help)
    parser.add_argument("--seed", type=_int_at_least(0, MAX_SEED), default=seed, help=seed_help)


def add_ladder_command(commands: Commands) -> None:
    """`sim ladder RULESET`: how strong each agent level is."""
    ladder = commands.add_parser("ladder", help="how strong each agent level is: a round robin of the levels",
                                 description="Play random, greedy, the hard agent at three settings and, where the "
                                 "game has it, the expert against each other on one faction's mirror (seats mirrored), "
                                 "store it as a round-robin run "
                                 "and print its ratings (Elo with intervals), win-rate matrix and each level's speed.")
    add_played_games_arguments(ladder, 1000, "games per pair of levels (default 1,000; two hard players' games are "
                               "long: minutes)", None, "run seed (default 20261201)")
    ladder.add_argument("--faction", metavar="NAME", help="the faction every level plays (default: the game's first)")
    ladder.add_argument("--speed-games", type=_int_at_least(1), default=200, metavar="N",
                        help="games of each level against itself, on one thread, timed for its speed (default 200)")
    ladder.add_argument("--run", metavar="NAME", help="results folder name (default RULESET_ladder_FACTION)")
    add_results_option(ladder, RESULTS_ROOT)
    add_executor_option(ladder, "as for `sim run`")
    ladder.set_defaults(handler=command_ladder)


def add_fit_leaf_command(commands: Commands) -> None:
    """`sim fit-leaf RULESET`: the expert's leaf evaluation, fitted to self-play."""
    fit = commands.add_parser("fit-leaf", help="fit the expert agent's leaf evaluation to self-play and ship it",
                              description="Play seat-mirrored self-play games in every pairing of the game's "
                              "factions, fit the expert's leaf evaluation (a logistic over position features) to "
                              "their results on four fifths of the games, and write its coefficients, the seed "
                              "and the held-out accuracy to the game's leaf file (the same command regenerates it).")
    add_played_games_arguments(fit, 4000, "self-play games in all (default 4,000)", 20261206,
                               "run seed, which also draws the held-out games (default 20261206)")
    fit.add_argument("--agent", default="greedy", help="the agent both sides play (default greedy)")
    fit.set_defaults(handler=command_fit_leaf)


def add_deck_search_command(commands: Commands) -> None:
    """`sim deck-search RULESET GROUP`: the strongest legal decks, found by play."""
    decks = commands.add_parser("deck-search", help="the strongest legal decks of a game with deck lists, found by play",
                                description="Improve a population of decks of a game with deck lists (rolplay, epikha) "
                                "by play (the shipped decks, and the game's built ones or children of the shipped ones "
                                "to start; the better half survives and has children with a few copies swapped), then "
                                "play the survivors and the shipped decks in a round robin on a seed the search never "
                                "used, stored as a run: its matrix and Nash mix are the metagame of decks. The decks "
                                "are written as deck files.")
    decks.add_argument("ruleset", metavar="RULESET", help="a game with deck lists (rolplay, epikha)")
    decks.add_argument("group", metavar="GROUP", help="the decks searched: rolplay's deck level (25 or 50, rule R-02), "
                       "epikha's shipped deck whose Player card they keep (abaron_horda, ...)")
    decks.add_argument("--population", type=_int_at_least(4, 64), default=8, metavar="N",
                       help="decks in play each generation, even (default 8)")
    decks.add_argument("--generations", type=_int_at_least(1, 100), default=6, metavar="N", help="default 6")
    decks.add_argument("--games", type=_int_at_least(2, MAX_GAMES), default=1000, metavar="N",
                       help="games a pair of decks plays each generation, even (default 1,000)")
    decks.add_argument("--final-games", type=_int_at_least(2, MAX_GAMES), default=4000, metavar="N",
                       help="games a pair plays in the final round robin (default 4,000)")
    decks.add_argument("--seed", type=_int_at_least(0, MAX_SEED), default=20261202, help="search seed (default 20261202)")
    decks.add_argument("--out", type=_path, metavar="DIR",
                       help="a new folder for the search's cards, decks and history (default: RESULTS/RUN.search, "
                       "beside the final round robin's run folder: results/RULESET_deck_search_GROUP.search)")
    decks.add_argument("--run", metavar="NAME", help="results folder name of the final round robin "
                       "(default RULESET_deck_search_GROUP)")
    add_results_option(decks, RESULTS_ROOT)
    add_executor_option(decks, "as for `sim run`")
    decks.set_defaults(handler=command_deck_search)


def add_balance_command(commands: Commands) -> None:
    """`sim balance SPEC`: search card edits that meet the spec's [balance] targets."""
    balance = commands.add_parser("balance", help="search card edits that bring a spec's [balance] targets in reach",
                                  description="Search the spec's [balance] space for edits meeting its objectives, "
                                  "confirm the best on a held-out seed and print them ranked with their card-file "
                                  "patches (docs/balance.md); rerunning resumes. With --apply N --to DIR, write "
                                  "proposal N into a copy of the card folder instead.")
    balance.add_argument("spec", type=_path, metavar="SPEC", help="experiment spec with a [balance] table (.toml)")
    add_executor_option(balance, "as for `sim run`")
    balance.add_argument("--address", type=_non_empty("HOST:PORT"), metavar="HOST:PORT", help="join this Ray cluster")
    add_results_option(balance, RESULTS_ROOT)
    balance.add_argument("--overwrite", action="store_true", help="replace stages written by a different search")
    balance.add_argument("--lang", choices=("es", "en"), default="es", help="language of the proposals it prints and "
                         "of the search's report.html")
    balance.add_argument("--apply", type=_int_at_least(1), metavar="N", help="write proposal N (its rank) to --to")
    balance.add_argument("--to", type=_path, metavar="DIR", help="with --apply: a new folder for the edited copy of the cards")
    balance.set_defaults(handler=command_balance)


def add_try_command(commands: Commands) -> None:
    """`sim try SPEC_OR_RUN --set CARD.FIELD=VALUE`: a change played on a run's own seeds."""
    trial = commands.add_parser("try", help="play card or rule edits on a finished run's own seeds: the paired answer",
                                description="Try a change: the run's spec with the edits, played on the run's own "
                                "seeds until each paired difference is known to --half-width (or on --games games), "
                                "then what changed, before -> after with 95% intervals (docs/trying.md). The trial is "
                                "an ordinary run beside the run; its cards, patch and spec are in <trial>.trial/.")
    trial.add_argument("run", metavar="SPEC_OR_RUN", help="the run (its name under --results), or its spec (.toml)")
    trial.add_argument("--set", dest="sets", action="append", required=True, metavar="CARD.FIELD=VALUE",
                       help="an edit: CI-04.cost=6, AR-18.double_attack=true, params.start_lives=25 (repeatable)")
    trial.add_argument("--half-width", type=float, metavar="H", help="stop once each paired difference is known to "
                       "± H (0.01 = ±1 pt, the default)")
    trial.add_argument("--games", type=_int_at_least(2, MAX_GAMES), metavar="N", help="play N games per config, no "
                       "stopping (games past the run's are replayed on its seeds first)")
    trial.add_argument("--name", metavar="NAME", help="the trial's run name (default: the run's and the edits')")
    add_results_option(trial, "results root (default ./results)")
    add_executor_option(trial, "as for `sim run`")
    trial.add_argument("--address", type=_non_empty("HOST:PORT"), metavar="HOST:PORT", help="join this Ray cluster")
    trial.add_argument("--lang", choices=("es", "en"), default="es", help="language of the answer")
    trial.set_defaults(handler=command_try)


def add_bench_command(commands: Commands) -> None:
    """`sim bench`: the engine's speed, compile and start times, memory."""
    bench = commands.add_parser("bench", help="matches per second, compile and start times, peak memory",
                                description="Benchmark the engine; quote medians and ratios from one run.")
    bench.add_argument("--spec", type=_path, default=None, metavar="SPEC",
                       help="experiment whose config is timed (default: experiments/dicedraft_factions.toml)")
    bench.add_argument("--games", type=_int_at_least(1), metavar="N", help="units per timed run (default 200,000; "
                       "1,000,000 with --executor)")
    bench.add_argument("--executor", type=executor_name, choices=EXECUTORS, action="append", help="also time a whole "
                       "`sim run` of --games with this executor and print its ratio to the bare kernel on the same "
                       "cores: auto or threads, the whole command in a fresh process; ray, through an embedded Ray, start-up "
                       "included (repeat the flag to time several)")
    bench.add_argument("--repeat", type=_int_at_least(1), default=5, metavar="R", help="timed runs per thread count")
    bench.add_argument("--no-startup", action="store_true", help="skip the cold-compile and cached-start figures")
    bench.add_argument("--hard-games", type=_int_at_least(0), default=2000, metavar="N",
                       help="games per timed run of the hard agent against greedy, on one thread (default 2,000; "
                       "0 skips it)")
    bench.add_argument("--hard-every-faction", action="store_true",
                       help="time the hard agent in every faction's mirror, not only each game's first")
    bench.add_argument("--all", action="store_true", help="time the four games in one run (each showcase spec's "
                       "first config with greedy, hard against greedy, on 1 thread and on all, cold compile and cached "
                       "start) and print one markdown table of them (default 40,000 games per timed run)")
    bench.add_argument("--curve", action="append", metavar="GAME", help="each level's strength beside its speed in "
                       "GAME (repeatable): greedy, hard at 2, 4, 8 and 16 worlds, expert at half, once and twice its "
                       "default worlds; games/s on one thread against greedy, score against hard with its interval "
                       "(--games per point, default 400)")
    bench.add_argument("--figure", type=_path, metavar="FILE.html", help="with --curve: also draw the curves into "
                       "FILE.html")
    bench.add_argument("--table", type=_path, metavar="FILE", help="with --all or --curve: also write the table to FILE")
    bench.set_defaults(handler=command_bench)


COMMAND_PARSERS = (add_run_command, add_cards_command, add_compare_command, add_show_command, add_replay_command,
                   add_report_command, add_dash_command, add_ladder_command, add_deck_search_command,
                   add_balance_command, add_try_command, add_fit_leaf_command, add_bench_command)


def command_report(args: argparse.Namespace, console: Console) -> int:
    from sim.results.folder import check_whole
    from sim.results.manifest import read_manifest
    from sim.report.export import FORMATS, write_reports  # Plotly only loads when exporting

    formats = [f.strip().lower() for f in args.format.split(",") if f.strip()]
    unknown = [f for f in formats if f not in FORMATS]
    if not formats or unknown:
        raise InputError(f"--format: {', '.join(unknown) or 'nothing given'}; choose from {', '.join(FORMATS)}")
    twice = sorted({f for f in formats if formats.count(f) > 1})
    if twice:
        raise InputError(f"--format: {', '.join(twice)} given more than once")
    run_dir = resolve_run_dir(args.run, args.results)
    manifest = read_manifest(run_dir)
    check_whole(run_dir)
    out = args.out or run_dir / "report"
    for path in write_reports(run_dir, manifest, formats, out, args.lang):
        console.print(f"wrote {path}", highlight=False)
    return 0


LOOPBACK = ("127.0.0.1", "localhost", "::1")
DASH_PORT = 8050
DASH_PORT_TRIES = 50  # without --port, 8050 to 8099 are tried in turn


def listen(app: Any, args: argparse.Namespace, console: Console) -> Any:
    """The dashboard's server on --port, or without it on the first free port from DASH_PORT: a
    second dashboard, or another program on 8050, should not stop a designer's first run."""
    from dashboards.serving import make_server

    ports = [args.port] if args.port is not None else list(range(DASH_PORT, DASH_PORT + DASH_PORT_TRIES))
    for port in ports:
        try:
            server = make_server(app, args.host, port, max_upload_bytes=args.max_upload_kib * 1024)
        except OSError as exc:  # the port is taken, the address is not this machine's
            if args.port is None and exc.errno == errno.EADDRINUSE:
                continue
            raise InputError(f"--host {args.host} --port {port}: cannot listen there: {exc.strerror or exc}") from None
        if port != ports[0]:
            console.print(f"port {DASH_PORT} is taken (another program or dashboard listens there); using {port}",
                          highlight=False)
        return server
    raise InputError(f"--port: every port from {ports[0]} to {ports[-1]} is taken on {args.host}; give a free one "
                     "with --port")


def without_notebook_support() -> None:
    """Dash imports IPython, when it is installed, to show apps in notebooks (and with it jedi,
    prompt_toolkit and requests): a fifth of `sim dash`'s start (1.4 of 5.8 s on a busy two-core
    machine), for a server that is never in a notebook. IPython is marked missing for this process,
    so Dash takes the fallback it has for machines without it; nothing else of `sim dash` uses it."""
    if "IPython" not in sys.modules:
        sys.modules["IPython"] = None  # type: ignore[assignment]  (the import system's "not installed")


def command_dash(args: argparse.Namespace, console: Console) -> int:
    from sim.results.folder import check_results_place
    from dashboards.serving import WILDCARD_BINDS, checked_token, log_to_stderr, token_from_file

    if args.token is not None and args.token_file is not None:
        raise InputError("--token and --token-file: give one of them (--token-file keeps the token out of the "
                         "process list, where --token shows it to every user of the machine)")
    if args.token_file is not None:
        given, source = token_from_file(args.token_file), f"--token-file {args.token_file}"
    elif args.token is not None:
        given, source = args.token, "--token"
    else:
        given, source = os.environ.get("SIM_DASH_TOKEN"), "SIM_DASH_TOKEN"
    token = checked_token(given, source)
    if args.host not in LOOPBACK and not token:
        raise InputError(f"--host {args.host}: other machines could reach the dashboard; give --token-file (or set "
                         "SIM_DASH_TOKEN, or give --token) so that requests without it are refused")
    check_results_place(args.results)
    args.results.mkdir(exist_ok=True)
    log_to_stderr(token, access_log=not args.no_access_log)  # before Flask sets up a log of its own
    without_notebook_support()
    from dashboards.app import create_app  # Dash loads only for this command

    app = create_app(args.results, token=token, executor=args.executor, host=args.host, allow_hosts=args.allow_host,
                     max_upload_bytes=args.max_upload_kib * 1024)
    app.server.config["SIM_MAX_GAMES"] = args.max_games  # what dashboards.launches.check_cap allows
    server = listen(app, args, console)
    shown_host = socket.gethostname() if args.host in WILDCARD_BINDS else args.host
    where = f"http://{f'[{shown_host}]' if ':' in shown_host else shown_host}:{server.port}/"
    opening = (f"open {where}?token=<the token> once (a cookie keeps it)" if token else f"at {where}")
    console.print(f"dashboard over {args.results.resolve()}: {opening}; Ctrl-C stops it", highlight=False)
    server.run()
    console.print("dashboard stopped", highlight=False)
    return 0


def command_balance(args: argparse.Namespace, console: Console) -> int:
    from sim.balance.spec import load_checked_spec
    from sim.run.executors import executor_line, make_executor
    from sim.report.progress_bar import RichProgress
    from sim.results.folder import check_results_place
    from sim.balance.console import play_proposal_lines, print_proposals
    from sim.report.language import t
    from sim.balance.patch import CARDS_SUBFOLDER, apply_proposal
    from sim.balance.search import proposal_edits, read_proposals, search

    experiment = load_checked_spec(args.spec)
    if args.apply is not None or args.to is not None:
        if args.apply is None or args.to is None:
            raise InputError("--apply and --to go together: --apply N --to DIR")
        record = read_proposals(args.results, experiment)
        edits = proposal_edits(record, args.apply)
        beside = tuple(experiment.ruleset.beside_cards)  # the decks a game reads beside its cards, copied too
        for path in apply_proposal(edits, Path(record["cards_dir"]), args.to, beside):
            console.print(t("balance_apply_wrote", args.lang, path=path), highlight=False, markup=False, soft_wrap=True)
        for edit in edits:
            if not edit.is_card:
                console.print(t("balance_apply_param", args.lang, field=edit.field, value=edit.new), highlight=False,
                              markup=False, soft_wrap=True)
        run_name = f"{experiment.spec.name}_proposal{args.apply}"
        cards = args.to / CARDS_SUBFOLDER if beside else args.to
        for line in play_proposal_lines(args.spec, experiment.spec.cards_dir, cards, run_name, args.apply, args.lang):
            console.print(line, highlight=False, markup=False, soft_wrap=True)  # whole lines: they are copied
        return 0
    check_results_place(args.results)
    executor = make_executor(args.executor, args.address)
    console.print(f"executor: {executor_line(executor)}", highlight=False, soft_wrap=True)
    result = search(experiment, args.results, executor, RichProgress(lang=args.lang), args.overwrite,
                    say=lambda text: console.print(text, highlight=False, soft_wrap=True), lang=args.lang)
    print_proposals(console, result.record, args.lang)
    console.print(t("balance_written_to", args.lang, folder=result.folder), highlight=False, markup=False)
    return 0


def command_try(args: argparse.Namespace, console: Console) -> int:
    from sim.balance.trial import plan_trial, play_trial
    from sim.balance.trial_answer import write_answer
    from sim.balance.trial_console import print_answer, trial_plan_text
    from sim.core.errors import SaidError
    from sim.report.formatting import count, seconds_text
    from sim.report.language import t
    from sim.report.progress_bar import RichProgress
    from sim.run.executors import make_executor
    from sim.run.spec import load_spec

    started = time.perf_counter()
    lang = args.lang
    run = load_spec(Path(args.run)).spec.name if args.run.endswith(".toml") else args.run
    try:
        plan = plan_trial(args.results, run, args.sets, args.half_width, args.games, args.name)
    except SaidError as exc:
        raise InputError(exc.said(lang)) from None
    console.print(trial_plan_text(plan, lang), highlight=False, markup=False, soft_wrap=True)
    outcome = play_trial(plan, make_executor(args.executor, args.address), RichProgress(lang=lang), started)
    answer = write_answer(outcome)
    print_answer(console, answer, lang)
    console.print(t("trial_done", lang, seconds=seconds_text(time.perf_counter() - started, lang),
                    games=count(outcome.outcome.games_played, lang), trial=plan.name, folder=plan.folder, run=run),
                  highlight=False, markup=False, soft_wrap=True)
    return 0


def command_bench(args: argparse.Namespace, console: Console) -> int:
    from sim.bench import default_spec, describe, run_bench  # numba threads are only touched when benchmarking

    if args.all:
        return bench_all(args)
    if args.curve:
        return bench_curve(args)
    args.spec = args.spec or default_spec()
    games = args.games or (1_000_000 if args.executor else 200_000)
    print(describe(args.spec, games, args.repeat), flush=True)
    for figure in run_bench(args.spec, games, args.repeat, startup=not args.no_startup,
                            executors=tuple(dict.fromkeys(args.executor or ())), hard_games=args.hard_games,
                            hard_every_faction=args.hard_every_faction):
        print(figure.line(), flush=True)
    return 0


def bench_all(args: argparse.Namespace) -> int:
    from sim.bench import describe_all, run_all

    if args.spec or args.executor or args.hard_every_faction:
        raise InputError("--all times each game's showcase spec with the threads and the hard agent; it takes none "
                         "of --spec, --executor and --hard-every-faction")
    games = args.games or 40_000
    print(describe_all(games, args.hard_games, args.repeat), flush=True)
    result = run_all(games, args.hard_games, args.repeat, startup=not args.no_startup)
    for figure in result.figures:
        print(figure.line(), flush=True)
    print("\n" + result.table, end="", flush=True)
    if args.table is not None:
        args.table.write_text(result.table, encoding="utf-8")
    return 0


def bench_curve(args: argparse.Namespace) -> int:
    from sim.bench_curve import curve_figure, curve_table, strength_speed_curve
    from sim.core.ruleset import ruleset_names

    unknown = [game for game in args.curve if game not in ruleset_names()]
    if unknown:
        raise InputError(f"--curve {unknown[0]}: no such game (the games: {', '.join(ruleset_names())})")
    if args.spec or args.executor or args.hard_every_faction:
        raise InputError("--curve plays each game's first faction's mirror at every level; it takes none of --spec, "
                         "--executor and --hard-every-faction")
    games = args.games or 400
    tables = []
    for game in dict.fromkeys(args.curve):
        points = strength_speed_curve(game, games)
        tables.append(curve_table(game, points, games))
        print(tables[-1], flush=True)
        if args.figure is not None:
            figure_file = args.figure if len(set(args.curve)) == 1 else args.figure.with_name(
                f"{args.figure.stem}_{game}{args.figure.suffix}")
            curve_figure(game, points).write_html(figure_file, include_plotlyjs=True)
    if args.table is not None:
        args.table.write_text("\n".join(tables), encoding="utf-8")
    return 0


def balance_search_folder(run: str, results: Path) -> Path | None:
    """RUN as a search of `sim balance` (a folder holding its proposals): a path, a folder under
    --results, or a spec's name there (<name>.balance) when no run has that name (the spec's own
    `sim run` is results/<name>, shown as a run); None when it is none of those."""
    from sim.balance.search import PROPOSALS_FILE
    from sim.results.folder import MANIFEST

    if not run.strip():
        return None
    places = [Path(run), results / run]
    if not (Path(run) / MANIFEST).is_file() and not (results / run).is_dir():
        places.append(results / f"{run}.balance")
    return next((folder for folder in places if (folder / PROPOSALS_FILE).is_file()), None)


def resolve_run_dir(run: str, results: Path) -> Path:
    """RUN as a folder path holding a manifest, else as a name under --results."""
    from sim.results.folder import MANIFEST

    if not run.strip():
        raise InputError("RUN: an empty name; give a run name under --results, or a run folder path")
    as_path = Path(run)
    if (as_path / MANIFEST).is_file():
        return as_path
    under = results / run
    if under.is_dir():
        return under
    raise InputError(f"RUN: no run {run!r}: neither {as_path} nor {under} is a results folder of `sim run`")


def _summary_line(outcome: RunOutcome, lang: str = "en") -> str:
    """The run's last line: finished or not, its games, time, rate, executor and chunks, in `lang`."""
    from sim.report.formatting import count, seconds_text
    from sim.report.language import t

    skipped = t("console_skipped", lang, n=outcome.chunks_skipped) if outcome.chunks_skipped else ""
    return t("console_summary", lang, state=t("console_finished" if outcome.finished else "console_incomplete", lang),
             games=count(outcome.games_played, lang), seconds=seconds_text(outcome.wall_seconds, lang),
             rate=count(round(outcome.games_per_second), lang), executor=outcome.executor,
             played=outcome.chunks_played, skipped=skipped, folder=outcome.run_dir)


def say_warning(text: str) -> None:
    """A warning on stderr (a pairing the game's rules recommend against): the run goes on."""
    print(f"warning: {text}", file=sys.stderr, flush=True)


def run_resume_hint(args: argparse.Namespace) -> str:
    """The command that resumes this `sim run`: the one typed, with the run's own games and seed
    once the spec is read (so it still resumes after the spec's games are edited), and never its
    --overwrite, which would start the run again from nothing."""
    from sim.results.resuming import resume_command

    games, seed = getattr(args, "run_games", args.games), getattr(args, "run_seed", args.seed)
    extra = (["--cards", str(args.cards)] if args.cards is not None else []) + \
        (["--executor", args.executor] if args.executor != "auto" else []) + \
        (["--address", args.address] if args.address else [])
    return resume_command(args.spec, games=games, seed=seed, chunk_size=args.chunk_size, run=args.run,
                          results=args.results, extra=extra)


def interrupted_words(args: argparse.Namespace) -> str:
    """What an interrupted command says on its way out (Ctrl-C, or the grace watcher after it), in
    its --lang (English for a command without one)."""
    from sim.report.language import t

    lang = getattr(args, "lang", "en")
    if args.command == "run":
        return t("console_run_interrupted", lang, command=run_resume_hint(args))
    return t("console_interrupted", lang, command=args.command)


def command_run(args: argparse.Namespace, console: Console) -> int:
    from sim.report.console import print_summary
    from sim.run.executors import executor_line, make_executor
    from sim.report.progress_bar import RichProgress
    from sim.analysis.stopping import StopRule
    from sim.balance.spec import load_checked_spec
    from sim.run.runner import run_experiment
    from sim.results.folder import check_run_name
    from sim.results.manifest import read_manifest
    

    if args.run is not None:  # an empty --run is a mistake, not "the spec's name"
        check_run_name(args.run, "--run")
    experiment = load_checked_spec(args.spec, games=args.games, seed=args.seed, cards_dir=args.cards)
    args.run_games, args.run_seed = experiment.spec.games, experiment.spec.seed  # for the resume hint
    executor = make_executor(args.executor, args.address)
    console.print(f"executor: {executor_line(executor)}", highlight=False, soft_wrap=True)
    outcome = run_experiment(experiment, args.results, args.run, executor, args.overwrite, args.chunk_size,
                             RichProgress(lang=args.lang), warn=say_warning, stop_rules=StopRule)
    for problem in outcome.repaired:
        console.print(f"repaired: {problem}; played again", highlight=False)
    print_summary(console, outcome.run_dir, read_manifest(outcome.run_dir), args.lang)
    console.print(_summary_line(outcome, args.lang), highlight=False)
    return 0


def command_ladder(args: argparse.Namespace, console: Console) -> int:
    from sim.report.console import print_summary
    from sim.run.executors import executor_line, make_executor
    from sim.report.progress_bar import RichProgress
    from sim.run.runner import run_experiment
    from sim.results.folder import check_run_name
    from sim.results.manifest import read_manifest
    from sim.run.ladder import DEFAULT_SEED, ladder_experiment, level_speeds, write_speeds

    if args.run is not None:
        check_run_name(args.run, "--run")
    experiment = ladder_experiment(args.ruleset, args.games, args.faction,
                                   DEFAULT_SEED if args.seed is None else args.seed, args.results)
    executor = make_executor(args.executor, None)
    console.print(f"executor: {executor_line(executor)}", highlight=False, soft_wrap=True)
    outcome = run_experiment(experiment, args.results, args.run, executor, False, None, RichProgress())
    speeds = level_speeds(experiment, args.speed_games)
    write_speeds(outcome.run_dir, speeds, args.speed_games)
    print_summary(console, outcome.run_dir, read_manifest(outcome.run_dir))
    console.print("Speed of each level against itself, one thread: "
                  + "; ".join(f"{label} {rate:,.0f} games/s" for label, rate in speeds.items()), highlight=False)
    console.print(_summary_line(outcome), highlight=False)
    return 0


def command_fit_leaf(args: argparse.Namespace, console: Console) -> int:
    from sim.core.ruleset import get_ruleset

    ruleset = get_ruleset(args.ruleset, source="RULESET")
    if not hasattr(ruleset, "fit_leaf"):
        raise InputError(f"RULESET: {ruleset.name} has no expert agent, so no leaf evaluation to fit")
    if args.agent not in ruleset.agents:
        raise InputError(f"--agent: {ruleset.name} has no agent {args.agent!r}; the agents are {', '.join(ruleset.agents)}")
    fitted = ruleset.fit_leaf(args.seed, args.games, args.agent)
    console.print(f"wrote {ruleset.leaf_file}: {fitted['games']:,} games, {fitted['train_positions']:,} positions "
                  f"fitted, {fitted['held_out_positions']:,} held out; held-out accuracy "
                  f"{fitted['held_out_accuracy']:.1%} (hand-made {fitted['hand_made_held_out_accuracy']:.1%}), log loss "
                  f"{fitted['held_out_log_loss']:.3f} (hand-made {fitted['hand_made_held_out_log_loss']:.3f})",
                  highlight=False, soft_wrap=True)
    return 0


def command_deck_search(args: argparse.Namespace, console: Console) -> int:
    from sim.report.console import print_summary
    from sim.run.executors import executor_line, make_executor
    from sim.report.progress_bar import RichProgress
    from sim.run.runner import run_experiment
    from sim.results.folder import check_results_place, check_run_name
    from sim.results.manifest import read_manifest
    from sim.results.atomic_files import write_bytes_atomic
    from sim.balance.deck_search import SPEC_FILE, check_search, final_run_name, final_spec, search_decks
    from sim.run.spec import dump_spec, load_spec_dict

    check_search(args.ruleset, args.group, args.population, args.generations, args.games)
    if args.run is not None:
        check_run_name(args.run, "--run")
    if args.out is None:  # beside the run it ends in, as `sim balance` keeps <spec name>.balance/ beside its runs
        check_results_place(args.results)
        args.out = args.results / f"{args.run or final_run_name(args.ruleset, args.group)}.search"
    check_results_place(args.out, "--out", make_parents=True)  # under a file, in a missing or read-only folder: said before any game
    console.print(f"search folder: {args.out} (its cards, decks and history)", highlight=False, soft_wrap=True)
    started = time.perf_counter()
    survivors, _ = search_decks(args.ruleset, args.group, args.out, args.population, args.generations, args.games,
                                args.seed, say=lambda line: console.print(line, highlight=False))
    searched = time.perf_counter() - started
    spec = final_spec(args.out, args.ruleset, args.group, survivors, args.final_games, args.seed)
    write_bytes_atomic(args.out / SPEC_FILE, dump_spec(spec).encode("utf-8"))
    experiment = load_spec_dict(spec, args.out / SPEC_FILE)
    executor = make_executor(args.executor, None)
    console.print(f"search: {searched:.1f} s; survivors {', '.join(c.name for c in survivors)} "
                  f"(deck files in {args.out / 'decks'}); final round robin with the shipped decks, "
                  f"executor: {executor_line(executor)}", highlight=False, soft_wrap=True)
    outcome = run_experiment(experiment, args.results, args.run, executor, False, None, RichProgress(),
                             warn=say_warning)
    print_summary(console, outcome.run_dir, read_manifest(outcome.run_dir))
    console.print(_summary_line(outcome), highlight=False)
    return 0


def command_cards(args: argparse.Namespace, console: Console) -> int:
    from sim.core.ruleset import get_ruleset
    from sim.report.language import t
    from sim.run.card_folders import copy_card_folder, copy_refusal

    ruleset = get_ruleset(args.ruleset, source="RULESET")
    refusal = copy_refusal(ruleset, args.to)
    if refusal is not None:
        raise InputError(t(f"cards_refuse_{refusal.reason}", args.lang, **refusal.fields))
    copied = copy_card_folder(ruleset, args.to)
    say = lambda text: console.print(text, highlight=False, markup=False, soft_wrap=True)  # noqa: E731
    say(t("cards_copied", args.lang, count=len(copied.files), ruleset=ruleset.name, folder=copied.cards_dir,
          files=", ".join(copied.files)))
    if copied.beside:
        say(t("cards_copied_beside", args.lang, folders=", ".join(str(p) for p in copied.beside), ruleset=ruleset.name))
    say(t("cards_use", args.lang, flag=copied.cards_dir, absolute=copied.cards_dir.resolve()))
    return 0


def compared_run(run: str, results: Path, run_a: str, run_b: str, lang: str) -> StoredRun:
    """One of the two runs `sim compare` reads, refused (naming both) when it is missing, damaged,
    edited by hand or unfinished."""
    from sim.report.comparison import StoredRun
    from sim.report.language import t, value as catalog_value
    from sim.results.liveness import shown_status
    from sim.results.folder import check_whole
    from sim.results.manifest import read_manifest

    def refuse(why: str) -> InputError:
        return InputError(t("compare_refuse", lang, a=run_a, b=run_b, why=why))

    try:
        run_dir = resolve_run_dir(run, results)
    except InputError:
        raise refuse(t("compare_refuse_missing", lang, run=run, path=Path(run), under=results / run)) from None
    try:
        manifest = read_manifest(run_dir)
        check_whole(run_dir)
    except InputError as exc:
        raise refuse(str(exc)) from None
    status = shown_status(run_dir, manifest)
    if status != "finished":
        raise refuse(t("compare_refuse_unfinished", lang, run=run, status=catalog_value("status", status, lang),
                       done=manifest.get("chunks_done", "?"), total=manifest.get("chunks_total", "?")))
    return StoredRun(run, run_dir, manifest)


def command_compare(args: argparse.Namespace, console: Console) -> int:
    from sim.analysis.forced_draw import summary_configs
    from sim.report.comparison import compare_runs, print_comparison
    from sim.report.language import t

    lang = args.lang
    refuse = lambda why: InputError(t("compare_refuse", lang, a=args.run_a, b=args.run_b, why=why))  # noqa: E731
    a = compared_run(args.run_a, args.results, args.run_a, args.run_b, lang)
    b = compared_run(args.run_b, args.results, args.run_a, args.run_b, lang)
    if a.folder.resolve() == b.folder.resolve():
        raise refuse(t("compare_refuse_same", lang))
    if a.manifest["ruleset"] != b.manifest["ruleset"]:
        raise refuse(t("compare_refuse_ruleset", lang, ruleset_a=a.manifest["ruleset"], ruleset_b=b.manifest["ruleset"]))
    # configs a designer compares: a forced-draw run's drawn / undrawn configs are its instrument
    configs_a, configs_b = summary_configs(a.manifest), summary_configs(b.manifest)
    if not set(configs_a) & set(configs_b):
        raise refuse(t("compare_refuse_no_config", lang, a=a.name, b=b.name, configs_a=", ".join(configs_a),
                       configs_b=", ".join(configs_b)))
    print_comparison(console, compare_runs(a, b), lang)
    return 0


def command_show(args: argparse.Namespace, console: Console) -> int:
    from sim.report.console import print_summary
    from sim.results.folder import check_whole
    from sim.results.manifest import read_manifest

    search_folder = balance_search_folder(args.run, args.results)
    if search_folder is not None:  # a search of `sim balance`: its proposals, as `sim balance` printed them
        from sim.balance.console import print_proposals
        from sim.balance.search import PROPOSALS_FILE
        from sim.report.language import t

        print_proposals(console, json.loads((search_folder / PROPOSALS_FILE).read_text(encoding="utf-8")), args.lang)
        console.print(t("balance_written_to", args.lang, folder=search_folder), highlight=False, markup=False)
        return 0
    run_dir = resolve_run_dir(args.run, args.results)
    manifest = read_manifest(run_dir)
    check_whole(run_dir)
    print_summary(console, run_dir, manifest, args.lang)
    wall = float(manifest.get("wall_seconds") or 0.0)
    console.print(f"wall time {wall:.1f} s over {manifest.get('sessions', 1)} session(s), executor "
                  f"{executor_name(manifest.get('executor') or '?')}, created {manifest.get('created')}, finished "
                  f"{manifest.get('finished') or '-'}", highlight=False)
    return 0


def command_replay(args: argparse.Namespace, console: Console) -> int:
    """The game's lines in --lang, from the heading to the check against the stored record: every
    line a person reads in one language (the catalog's words; card names as the cards spell them).
    A line is printed whole (soft wrap): the terminal wraps it, rich does not cut it."""
    from sim.report.language import end_reason_name, t
    from sim.run.replay import replay_game
    from sim.results.folder import check_whole
    from sim.results.manifest import read_manifest

    lang = args.lang
    run_dir = resolve_run_dir(args.run, args.results)
    manifest = read_manifest(run_dir)
    check_whole(run_dir)
    replay = replay_game(run_dir, manifest, args.config, args.game, lang)
    err = Console(stderr=True)

    def say(text: str, on: Console = console, **style: Any) -> None:
        on.print(text, highlight=False, markup=False, soft_wrap=True, **style)

    def result(side: str) -> str:
        return t("replay_draw_result", lang) if side == "draw" else t("replay_win", lang, who=side)

    if replay.changed:
        say(f"{t('replay_warning', lang)}: {t('replay_changed', lang)}", err, style="yellow")
    say(t("replay_header", lang, game=replay.game, unit=replay.unit, stage=replay.stage, run=manifest["run"],
          first=replay.first, turns=replay.turns, result=result(replay.winner),
          end=end_reason_name(replay.end_reason, manifest["ruleset"], lang)))
    for line in replay.lines:
        say(line)
    if replay.stored is None:
        say(t("replay_not_stored", lang, game=replay.game, folder=run_dir))
        return 0
    record = replay.stored
    stored = result(replay.side_name(record["winner"]))
    if replay.matches_stored:
        say(t("replay_matches", lang, result=stored, turns=record["turns"]))
        return 0
    say(t("replay_differs", lang, stored=stored, stored_turns=record["turns"], replayed=result(replay.winner),
          turns=replay.turns), err, style="red")
    return EXIT_MISMATCH


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `sim` console script; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed its message (exit 2) or the help (exit 0)
        return int(exc.code or 0)
    console = Console()
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(width=140)  # piped to a file or a log: tables need not fit 80 columns
    if argv is None and args.command in ("run", "balance"):
        end_soon_after_ctrl_c(lambda: interrupted_words(args))
    try:
        return args.handler(args, console)
    except InputError as exc:
        # in the command's --lang where the error has both languages (a card file's problems, a
        # trial's refusal); English, the default, otherwise
        speak = getattr(exc, "said", None)
        lang = getattr(args, "lang", None) or "en"
        print(f"sim {args.command}: error: {speak(lang) if callable(speak) else exc}", file=sys.stderr)
        return EXIT_INPUT
    except OSError as exc:
        if exc.errno not in FILESYSTEM_FAULTS:
            raise
        where = f"{exc.filename}: " if exc.filename else ""
        resume = f"; finished chunks are kept, and this command resumes the run: {run_resume_hint(args)}" \
            if args.command == "run" else ""
        print(f"sim {args.command}: error: {where}{exc.strerror or exc}{resume}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print(interrupted_words(args), file=sys.stderr)
        if argv is None:  # this process is the command: leave at once (see leave_now)
            leave_now(EXIT_INTERRUPTED)
        return EXIT_INTERRUPTED
    finally:
        if argv is None:
            # the process ends next: its last garbage collection would walk every object numba, Polars
            # and Ray created, one to two seconds of a short run, to free memory the OS frees anyway
            gc.freeze()


def end_soon_after_ctrl_c(words: Callable[[], str], grace: float = INTERRUPT_GRACE) -> None:
    """Make Ctrl-C end this process within `grace` seconds even while its main thread is stuck in C
    code, where Python only sees the signal when the call returns (ray.init waits seconds for its
    raylet inside C++). A watcher thread learns of the signal at once through the wakeup fd and, if
    the process is still there `grace` seconds later, kills the processes it started (an embedded
    Ray's) and exits. Chunks and manifests are written atomically, so the folder resumes whenever
    this happens; the normal way out (KeyboardInterrupt, leave_now) usually comes first. `words`
    says how to resume, asked only then (the spec read by then gives the run's games and seed)."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)

    def watch() -> None:
        while signal.SIGINT not in os.read(read_end, 64):
            pass
        time.sleep(grace)
        from sim.run.executors import descendant_processes, kill_processes

        print(words(), file=sys.stderr)
        kill_processes(descendant_processes())
        leave_now(EXIT_INTERRUPTED)

    threading.Thread(target=watch, name="sim-ctrl-c", daemon=True).start()


def leave_now(code: int) -> None:
    """End the process after Ctrl-C, once the results folder and the manifest are written and Ray
    is stopped: a chunk the engine's threads are still playing would be waited for, and an
    interrupted Ray's teardown takes seconds (and has crashed)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
