"""The roll form's Argue the Call row takes its target from the edition's table (issue 19 item 5): the face the call
is won on is the lowest ``not-sent-off`` face of ``data/tables/argue-the-call-<edition>.yml``, as the foul request
and the chain read it (``calculators.arguing``), so changing the table changes what the form writes."""
from __future__ import annotations

import copy
import html
import json
import re

import pytest

from calculators.rules import RuleBook
from plugins.data.export import rules_export
from plugins.site.messages import Messages
from plugins.site.render.context import BackLinks, PageContext
from plugins.site.render.rollform import roll_form

WON_ON_FIVE = {"coach-ejected": [1, 1], "sent-off": [2, 4], "not-sent-off": [5, 6]}


def _argue_row(repo, rules: dict, edition: str) -> dict:
    ctx = PageContext(repo, "fr", Messages("fr"), "calculators/chain.md", BackLinks.build(repo))
    built = roll_form(ctx, RuleBook.from_dict(rules), [edition])
    data = json.loads(html.unescape(re.search(r'data-builder="([^"]*)"', built).group(1)))
    return next(step for step in data["rolls"][edition] if step.get("kind") == "argue-the-call")


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_the_argue_the_call_row_follows_the_table(repo, edition):
    rules = rules_export(repo)
    target = next(field for field in _argue_row(repo, rules, edition)["fields"] if field["name"] == "target")
    assert [o["value"] for o in target["options"]] == ["6", "5"] and target["default"] == "6"

    changed = copy.deepcopy(rules)
    for row in changed["tables"][f"argue-the-call-{edition}"]["rows"]:
        row["roll"] = WON_ON_FIVE[row["outcome"]]
    target = next(field for field in _argue_row(repo, changed, edition)["fields"] if field["name"] == "target")
    assert [o["value"] for o in target["options"]] == ["5", "4"] and target["default"] == "5"
