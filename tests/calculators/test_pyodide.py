"""The same requests give the same answers in Pyodide (CPython 3.14, the browser runtime) as here.

Uses the project's own ``node_modules`` (``make`` runs ``npm ci``, which installs the pinned ``pyodide``);
``PYODIDE_NODE_PATH`` may point at another ``node_modules`` folder. Skipped only where neither exists.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from calculators.api import handle
from plugins.calc.bundle import calculators_zip

ROOT = Path(__file__).resolve().parents[2]
NODE_PATH = os.environ.get("PYODIDE_NODE_PATH", str(ROOT / "node_modules"))

SMOKE_REQUESTS = [
    {"kind": "agility", "action": "pass", "ag": 3, "range": "long", "tackle_zones": 1, "reroll": True},
    {"kind": "test", "edition": "bb2020", "target": 4, "modifier": -3, "pass": True},
    {"kind": "test", "target": 9},
    {"kind": "nope"},
]


@pytest.mark.skipif(not (shutil.which("node") and NODE_PATH and (Path(NODE_PATH) / "pyodide").is_dir()),
                    reason="no node_modules/pyodide: run `npm ci` (make does it) or set PYODIDE_NODE_PATH")
def test_same_answers_in_pyodide(tmp_path, classic_rules):
    requests = SMOKE_REQUESTS + EXTRA_REQUESTS
    spec = tmp_path / "requests.json"
    spec.write_text(json.dumps({"requests": requests, "rules": classic_rules}), encoding="utf-8")
    bundle = tmp_path / "calculators.zip"  # the site's bundle: every subpackage and data file must be in it
    bundle.write_bytes(calculators_zip()[1])
    proc = subprocess.run(
        ["node", str(ROOT / "tests" / "calculators" / "pyodide_smoke.mjs"), str(bundle), str(spec)],
        capture_output=True, text=True, timeout=300, env={**os.environ, "NODE_PATH": NODE_PATH},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["version"].startswith("3.14"), out["version"]
    expected = [json.loads(json.dumps(handle(r, classic_rules))) for r in requests]
    assert out["answers"] == expected


# requests for the slice-2 kinds are appended here as the kinds are added
EXTRA_REQUESTS: list[dict] = [
    {"kind": "chain", "chain": "[pro]D3d,R2f/[loner=4]C3c;tr=2", "edition": "bb2020"},
    # the Loner roll re-rolled (BB2025 as written, the default reading) or not, and the classic Pro roll re-rolled
    {"kind": "chain", "chain": "[pro,loner=4]N4,D3d/[loner=3]C4c;tr=3", "edition": "bb2025"},
    {"kind": "chain", "chain": "[pro,loner=4]N4,D3d/[loner=3]C4c;tr=3", "edition": "bb2025",
     "reading": "designers-commentary"},
    {"kind": "chain", "chain": "[pro,loner=4]N4/N4;tr=2"},
    {"kind": "chain", "chain": "D3", "edition": "bb2020", "reading": "rulebook"},
    # blocks (either chooser, Brawler, the standing goal), armour rolls and a foul with its send-off
    {"kind": "chain", "chain": "[pro]R2,B2bt:d,D3/[pro,loner=4]B-2r:w,A9+1mc/D3,F9+1d;tr=3", "edition": "bb2025"},
    {"kind": "chain", "chain": "[pro,loner=4]R2,B3b:bd=s,F8;tr=2"},
    {"kind": "chain", "chain": "R2,B2r", "edition": "bb2020"},
    {"kind": "pass", "ag": 3, "range": "long", "receiver_ag": 4, "interceptor_ag": 3, "safe": True, "team_rerolls": 1},
    {"kind": "armour", "edition": "bb2025", "av": 9, "mighty_blow": True, "claws": True},  # Stunty needs the data's tables
    {"kind": "armour", "edition": "classic", "av": 8, "stunty": True, "thick_skull": True},  # refused alike: no tables here
    {"kind": "foul", "av": 8, "assists": 2, "dirty_player": True},
    {"kind": "kick", "target": [14, 3], "kick": True, "bounce": True},
    {"kind": "dice-total", "dice": "3D6"},
    {"kind": "block", "edition": "bb2020", "attacker_st": 4, "defender_st": 3, "attacker_frenzy": True,
     "attacker_pro": True, "attacker_brawler": True, "defender_dodge": True, "team_rerolls": 1},
    {"kind": "block", "dice": -3, "blitz": True, "attacker_juggernaut": True, "defender_wrestle": True, "goal": "safe"},
    {"kind": "block", "edition": "bb2025", "attacker_st": 3, "defender_st": 4, "blitz": True, "attacker_dauntless": True,
     "attacker_horns": True, "attacker_frenzy": True, "attacker_pro": True, "defender_fend": True,
     "defender_stand_firm": True, "team_rerolls": 1},
    {"kind": "block", "attacker_st": 3, "defender_st": 5, "attacker_dauntless": True, "team_rerolls": 2},
    {"kind": "foul", "edition": "bb2020", "av": 9, "assists": 1, "sneaky_git": True, "dirty_player": True},
    {"kind": "range", "edition": "bb2025", "thrower": [5, 7], "target": [12, 10], "landing": [13, 11]},
    {"kind": "range", "thrower": [12, 7], "map": True},
    {"kind": "throw-in", "square": [0, 3], "edition": "bb2025"},
    {"kind": "form", "for": "pass"},
    {"kind": "form", "for": "block", "edition": "bb2025"},
    {"kind": "block", "dice": 4},
]
