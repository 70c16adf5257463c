"""Command line: ``python -m calculators``.

Usage::

    python -m calculators '<request json>' [--rules FILE]
    echo '<request json>' | python -m calculators [--rules FILE]
    python -m calculators chain "D3d,R2f,P3" [--edition bb2025] [--reading designers-commentary]
                                [--max-team-rerolls N] [--rules FILE]

The first form prints the JSON response of :func:`calculators.api.handle_json` on one
line and exits with status 1 when the response is an error (``"ok": false``).
``--rules FILE`` passes the rules JSON the build exports (published by the site at
``api/v1/rules.json``); the calculators never read ``data/`` themselves.

``chain`` prints a readable table for a chain in the notation of
:mod:`calculators.notation`: for each number of team re-rolls available, P(success) as
an exact fraction and a percentage, P(a fouler is sent off) when the chain has a foul,
and the best re-roll for each step (what to use if that step's first roll fails; for a
block, per kind of failed roll when that matters).  ``--reading`` is the BB2025 reading of the Loner ruling
(``rulebook``, the default, or ``designers-commentary``; an error in other editions).  It exits with status 1 on an invalid chain, printing the
error message.  Status 2 is a usage error.

``--help`` lists both forms and the request kinds.  When the reader of the output goes
away early (``python -m calculators ... | head``), the command stops quietly with status
141 (128 + SIGPIPE), as a shell tool killed by SIGPIPE does, instead of a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from pathlib import Path

from .api import KINDS, handle_json
from .editions import EDITIONS, resolve
from .rerolls import LONER_READINGS


def _read_rules(path: str | None) -> str | None:
    if path is None:
        return None
    return Path(path).read_text(encoding="utf-8")


def _step_label(step: dict, edition: str) -> str:
    """A short English description of one step of a ``chain`` result."""
    kind = step["kind"]
    if kind == "block":
        skills = " ".join(step["attacker"]) or "-"
        against = " ".join(step["defender"]) or "-"
        goal = "knock down" if step["goal"] == "down" else "stay standing"
        return f"block {step['dice']}d {step['chooser']} chooses ({skills} vs {against}; {goal})"
    if kind in ("armour", "foul"):
        av = f"AV{step['av']}" if resolve(edition).classic else f"AV{step['av']}+"  # classic exceeds AV
        mod = f" {step['modifier']:+d}" if step["modifier"] else ""
        names = ("mighty_blow", "claws", "dirty_player", "sneaky_git", "lone_fouler", "iron_hard_skin", "stab",
                 "chainsaw", "piling_on")
        marks = [name.replace("_", " ") + (f" +{step[name]}" if step.get(name, 0) is not True and
                                           isinstance(step.get(name), int) and step[name] > 1 else "")
                 for name in names if step.get(name)]
        return f"{kind} {av}{mod}" + (f" ({', '.join(marks)})" if marks else "")
    if kind == "injury":
        need = {"ko": "KO or worse", "casualty": "casualty"}.get(step["need"], f"{step['need']}+")
        mod = f" {step['modifier']:+d}" if step["modifier"] else ""
        marks = [name.replace("_", " ") for name in ("stunty", "thick_skull") if step.get(name)]
        return f"injury {need}{mod}" + (f" ({', '.join(marks)})" if marks else "")
    return f"{kind} {step['target']}+" + (" (skill)" if step["skill"] else "")


def _choice(choice: str | dict) -> str:
    """One policy cell: a choice, or a block's choice per failed-roll case (``both_down:skill/all_dice:team``)."""
    return choice if isinstance(choice, str) else "/".join(f"{case}:{name}" for case, name in choice.items())


def chain_table(response: dict) -> str:
    """Return the text table for an ``ok`` response of the ``chain`` request kind."""
    res = response["result"]
    steps = [_step_label(s, res["edition"]) for s in res["steps"]]
    reading = f"  reading {res['reading']}" if "reading" in res else ""
    fouls = "sent_off" in res
    lines = [f"chain {res['notation']}  edition {res['edition']}{reading}", ""]
    head = ["team re-rolls", "P(success)", "percent"] + (["P(sent off)"] if fouls else [])
    head += [f"{i + 1}. {s}" for i, s in enumerate(steps)]
    rows = []
    for row in res["by_team_rerolls"]:
        p = row["success"]
        cells = [str(row["team_rerolls"]), p["exact"], f"{100 * p['float']:.2f}%"]
        cells += [row["sent_off"]["exact"]] if fouls else []
        rows.append(cells + [_choice(c) for c in row["policy"]])
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    for r in [head] + rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    lines.append("")
    lines.append("re-roll per step: what to use if that step's first roll fails "
                 "(none, skill, pro, team; 'opponent' for an interception;")
    lines.append("  pro+team: a team re-roll on the Pro roll if it fails; "
                 "team+team: a second team re-roll on the Loner roll if it fails;")
    lines.append("  a block: skill is Brawler, and case:choice when the choice depends on the roll: both_down = one "
                 "re-rolled die can save it and a failing die shows Both Down,")
    lines.append("  one_die = one re-rolled die can save it, all_dice = only re-rolling every die can; "
                 "armour rolls and fouls are never re-rolled)")
    if fouls:
        lines.append("P(sent off): a fouler is sent off (a turnover), playing for success first")
    return "\n".join(lines)


def _chain_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m calculators chain", description="Print a chain's success table.")
    ap.add_argument("chain", help='chain notation, e.g. "D3d,R2f,P3"')
    ap.add_argument("--edition", default="classic", choices=EDITIONS)
    ap.add_argument("--reading", default=None, choices=LONER_READINGS,
                    help="BB2025 only: may a team re-roll re-roll a failed Loner roll (rulebook: yes, the default)")
    ap.add_argument("--max-team-rerolls", type=int, default=None, help="last row of the table (0..8)")
    ap.add_argument("--rules", default=None, help="rules JSON file (chains need it only for Stunty or Thick Skull)")
    args = ap.parse_args(argv)
    request = {"kind": "chain", "chain": args.chain, "edition": args.edition}
    if args.reading is not None:
        request["reading"] = args.reading
    if args.max_team_rerolls is not None:
        request["max_team_rerolls"] = args.max_team_rerolls
    response = json.loads(handle_json(json.dumps(request), _read_rules(args.rules)))
    if not response["ok"]:
        err = response["error"]
        print(f"error: {err['field']}: {err['message']}", file=sys.stderr)
        return 1
    print(chain_table(response))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "chain":
        return _chain_main(argv[1:])
    ap = argparse.ArgumentParser(
        prog="python -m calculators", formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s [-h] [--rules RULES] [request]\n"
              "       %(prog)s chain NOTATION [--edition EDITION] [--reading READING] [--max-team-rerolls N]",
        description="Answer one calculator request (JSON in, JSON out; exit status 1 on an error response),\n"
                    "or print the success table of a chain of rolls (the chain command).",
        epilog=textwrap.fill("request kinds: " + ", ".join(KINDS) + " (their fields: the docstring of "
                             "calculators.api)", 100, subsequent_indent="  ") + "\n\n"
               "commands:\n"
               "  chain NOTATION  P(every roll succeeds) for 0, 1, 2... team re-rolls and the best re-roll for\n"
               "                  each step, e.g. %(prog)s chain \"D3d,R2f,P3;tr=2\" --edition bb2025;\n"
               "                  '%(prog)s chain --help' lists its options")
    ap.add_argument("request", nargs="?", default=None, help="request JSON; read from stdin when absent")
    ap.add_argument("--rules", default=None, help="rules JSON file (the site's api/v1/rules.json)")
    args = ap.parse_args(argv)
    text = args.request if args.request is not None else sys.stdin.read()
    try:
        rules = _read_rules(args.rules)
    except OSError as e:
        print(json.dumps({"ok": False, "error": {"field": "rules", "message": f"cannot read the rules file: {e}",
                                                 "allowed": None}}))
        return 1
    out = handle_json(text, rules)
    print(out)
    return 0 if json.loads(out)["ok"] else 1


def run(argv: list[str] | None = None) -> int:
    """:func:`main`, stopping quietly (status 141) when stdout is closed early (``... | head``)."""
    try:
        status = main(argv)
        sys.stdout.flush()  # buffered output meets the closed pipe here
    except BrokenPipeError:
        # Python would flush stdout again at exit and print a second error: point it at /dev/null
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":
    sys.exit(run())
