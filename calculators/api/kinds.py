"""The request kinds: kind -> the adapter that answers it, and the ``form`` kind that describes the others.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..fields import Reader, describe
from ..rules import RuleBook
from .rolls import answer_agility, answer_test, answer_fields
from .chain import answer_chain, answer_dave
from .passing import answer_pass
from .armour import answer_armour, answer_foul, answer_casualty
from .ballmove import answer_kick, answer_scatter, answer_deviate, answer_throw_in
from .ballmove import answer_ball_path
from .dice import answer_dice_total
from .block import answer_block
from .geometry import answer_range
from .prayers import answer_prayers


def answer_form(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    target = rd.choice("for", [k for k in KINDS if k != "form"])  # a form's own fields are no calculator
    given = {k: v for k, v in req.items() if k not in ("kind", "for")}
    rd.read.update(given)  # the described kind checks them
    rd.finish()
    fields = describe(KINDS[target], {"kind": target, **given}, rules)
    return {"for": target, "given": given, "fields": fields}


Handler = Callable[[Mapping[str, Any], "RuleBook | None"], dict[str, Any]]


KINDS: dict[str, Handler] = {
    "agility": answer_agility,
    "test": answer_test,
    "chain": answer_chain,
    "dave": answer_dave,
    "pass": answer_pass,
    "armour": answer_armour,
    "foul": answer_foul,
    "kick": answer_kick,
    "fields": answer_fields,
    "dice-total": answer_dice_total,
    "block": answer_block,
    "range": answer_range,
    "throw-in": answer_throw_in,
    "casualty": answer_casualty,
    "scatter": answer_scatter,
    "deviate": answer_deviate,
    "ball-path": answer_ball_path,
    "prayers": answer_prayers,
    "form": answer_form,
}
