"""The request's edition, read once at an adapter's door and resolved into an :class:`~calculators.editions.Edition`
that the adapter passes inward (no inner function checks or maps the id again)."""

from __future__ import annotations

from ..editions import EDITIONS, Edition, resolve
from ..fields import Reader


def read_edition(rd: Reader, in_messages: bool = False) -> Edition:
    """Read field ``edition`` (one of :data:`calculators.editions.EDITIONS`, default ``classic``) and resolve it.

    ``in_messages``: name the edition after each later field's error (``" (bb2020)"``).

    Raises:
        CalcError: on field ``edition`` when it is not a known edition id.
    """
    ed = resolve(rd.choice("edition", EDITIONS, "classic"))
    if in_messages:
        rd.context = f" ({ed.name})"
    return ed
