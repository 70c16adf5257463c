"""Derived forms of the data: the rules the calculators need, and the open-data JSON of every entity."""
from __future__ import annotations

from .model import Repository


def rules_export(repo: Repository) -> dict:
    """The rule numbers the resolver needs (target tables and rolls), without any text.

    Shape: {"targets": {slug: {"characteristic", "rows"}}, "rolls": {slug: {"editions", "target",
    "natural_one", "natural_six", ["fumble_at_or_below"], "modifiers": [{"key", "value", ["group"], ["per"]}]}}}
    """
    targets = {
        t.slug: {"characteristic": t["characteristic"], "rows": [dict(row) for row in t["rows"]]}
        for t in repo.of_kind("target")
    }
    rolls = {}
    for roll in repo.of_kind("roll"):
        entry = {key: roll[key] for key in ("editions", "target", "natural_one", "natural_six")}
        if "fumble_at_or_below" in roll.data:
            entry["fumble_at_or_below"] = roll["fumble_at_or_below"]
        entry["modifiers"] = [
            {k: mod[k] for k in ("key", "value", "group", "per") if k in mod} for mod in roll.get("modifiers") or []
        ]
        rolls[roll.slug] = entry
    return {"targets": targets, "rolls": rolls}
