"""``python -m calculators``: JSON in, JSON out, exit status; the chain table; --rules FILE.  Run as subprocesses."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "calculators", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_request_argument():
    p = run('{"kind": "dice-total", "dice": "2d6"}')
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["ok"] and F(out["result"]["distribution"]["7"]["exact"]) == F(1, 6)


def test_request_on_stdin():
    p = run(stdin='{"kind": "test", "target": 2, "reroll": true}')
    assert p.returncode == 0
    assert F(json.loads(p.stdout)["result"]["probabilities"]["success"]["exact"]) == F(35, 36)


def test_error_response_exits_1():
    p = run('{"kind": "block", "attacker_st": 0}')
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["ok"] is False and out["error"]["field"] == "attacker_st" and out["error"]["allowed"] == [1, 10]
    p = run("{not json")
    assert p.returncode == 1 and json.loads(p.stdout)["error"]["field"] == "request"


def test_rules_file(tmp_path, classic_rules):
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps(classic_rules), encoding="utf-8")
    req = '{"kind": "agility", "action": "pass", "ag": 3, "range": "long", "tackle_zones": 1}'
    p = run(req, "--rules", str(rules))
    assert p.returncode == 0, p.stdout
    assert F(json.loads(p.stdout)["result"]["probabilities"]["success"]["exact"]) == F(1, 6)
    assert json.loads(run(req).stdout)["error"]["field"] == "rules"  # no rules given
    p = run(req, "--rules", str(tmp_path / "missing.json"))
    assert p.returncode == 1 and json.loads(p.stdout)["error"]["field"] == "rules"


def test_chain_table():
    p = run("chain", "D3,R2,P3;tr=1", "--max-team-rerolls", "2")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("chain D3,R2,P3;tr=1") and "classic" in lines[0]
    rows = [ln.split() for ln in lines if ln[:1].isdigit()]
    # 10/27 without a re-roll, 55/81 with one (test_chain.py); classic: one team re-roll per turn, so 2 = 1
    assert [r[:3] for r in rows] == [["0", "10/27", "37.04%"], ["1", "55/81", "67.90%"], ["2", "55/81", "67.90%"]]
    assert rows[1][3:] == ["team", "team", "team"]


def test_chain_table_edition_and_errors():
    p = run("chain", "N4,N4", "--edition", "bb2020", "--max-team-rerolls", "2")
    rows = [ln.split() for ln in p.stdout.splitlines() if ln[:1].isdigit()]
    assert [r[1] for r in rows] == ["1/4", "1/2", "9/16"]
    p = run("chain", "D3,Q2")
    assert p.returncode == 1 and "chain" in p.stderr
    p = run("chain", "D3", "--edition", "lrb9")
    assert p.returncode == 2  # argparse usage error


def test_chain_table_loner_reading():
    # [loner=4]N4 with two team re-rolls in BB2025 (hand-worked in test_chain.py): as written 11/16, with a
    # second team re-roll on the Loner roll; BB2020's answer 5/8
    p = run("chain", "[loner=4]N4;tr=2", "--edition", "bb2025")
    assert p.returncode == 0, p.stderr
    assert "reading rulebook" in p.stdout.splitlines()[0]
    rows = [ln.split() for ln in p.stdout.splitlines() if ln[:1].isdigit()]
    assert rows[2][1:2] + rows[2][3:] == ["11/16", "team+team"]
    p = run("chain", "[loner=4]N4;tr=2", "--edition", "bb2025", "--reading", "designers-commentary")
    rows = [ln.split() for ln in p.stdout.splitlines() if ln[:1].isdigit()]
    assert rows[2][1:2] + rows[2][3:] == ["5/8", "team"]
    p = run("chain", "D3", "--reading", "rulebook")  # classic has no disputed reading
    assert p.returncode == 1 and "reading" in p.stderr and "BB2025" in p.stderr


def test_chain_table_with_a_block_and_a_foul():
    # classic R2,B2b:d,F8 (test_api.py): 125/972 without a re-roll; the send-off column appears with a foul, and
    # the block's best re-roll is named per kind of failed roll when it depends on it
    p = run("chain", "R2,B2b:d,F8;tr=1")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert "P(sent off)" in lines[2] and "block 2d attacker chooses (block vs dodge; knock down)" in lines[2]
    assert "foul AV8" in lines[2]
    rows = [ln.split() for ln in lines if ln[:1].isdigit()]
    assert rows[0][1] == "125/972" and rows[0][3] == str(F(5, 6) * F(5, 9) * F(11, 54))
    assert rows[1][4:] == ["team", "team", "none"]
    p = run("chain", "[pro]B-2r;tr=1", "--edition", "bb2025")
    rows = [ln.split() for ln in p.stdout.splitlines() if ln[:1].isdigit()]
    assert rows[1][3] == "both_down:skill/one_die:pro/all_dice:team"
    assert "P(sent off)" not in p.stdout


def test_help_lists_the_chain_command_and_the_request_kinds():
    from calculators.api import KINDS

    p = run("--help")
    assert p.returncode == 0
    assert "python -m calculators chain NOTATION" in p.stdout  # the second form, in the usage lines
    assert "chain --help" in p.stdout
    assert all(kind in p.stdout for kind in KINDS)
    p = run("chain", "--help")
    assert p.returncode == 0 and "--edition" in p.stdout and "--reading" in p.stdout


def _closed_early(*args):
    """Run the command with its stdout closed before it writes (a reader such as `head` gone early)."""
    proc = subprocess.Popen([sys.executable, "-m", "calculators", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8")
    proc.stderr.close()
    return proc.wait(timeout=60), err


def test_a_reader_that_goes_away_early_gets_no_traceback():
    # the kick-off map is ~15 KB of JSON on one line, the chain table a few lines: both hit the closed pipe
    for args in (['{"kind": "kick", "map": true}'], ["chain", "D3,R2,P3;tr=2", "--max-team-rerolls", "8"]):
        status, err = _closed_early(*args)
        assert err == "", err  # was: "BrokenPipeError: [Errno 32] Broken pipe" with a traceback
        assert status == 141  # 128 + SIGPIPE, as a shell reports a tool killed by a closed pipe
