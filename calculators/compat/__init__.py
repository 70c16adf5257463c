"""Other calculators' notations, translated into ours: BloodBowlDave's Action Calculator.

* :mod:`~calculators.compat.dave`: a sequence in their notation -> our chain notation (:func:`translate`);
* :mod:`~calculators.compat.pieces`: their codes' tables, one player's skills and one action token;
* :mod:`~calculators.compat.branched`: their branches and split rolls;
* :mod:`~calculators.compat.stars`: their star players (the table is data, ``stars.json``).

The ``dave`` request kind (:mod:`calculators.api.chain`) answers a translated sequence as a ``chain``.
"""

from __future__ import annotations

from .dave import ACTIONS, REASONS, SKILLS, Translation, scattered_pass_weights, translate

__all__ = ["ACTIONS", "REASONS", "SKILLS", "Translation", "scattered_pass_weights", "translate"]
