"""Questions to guess before seeing: "how often do all eight dice show blank?"

Seeing Theory's pattern (guess first, then watch the throws, then the exact answer) needs, per
question, three things that must agree: the exact chance, a way to throw before the
visitor's eyes, and the words. So a :class:`Question` holds the engine's own chance node
(read off a position of the game under the Basque text's ruleset), how many times a throw
draws from it (peruludo's five dice: five draws of one die), which draws count (decided by
the engine's functions: ``throw_kind``, ``matches``, the throw's value) and how many counting
draws make a hit. The exact chance is then a sum of products of the node's ``Fraction``s and
the sampler draws from those same weights (``jokoak.engine.core.draw_weighted``, as the
games' driver does), so a number typed in by hand has nowhere to hide.
"""

from __future__ import annotations

from functools import lru_cache

from ..engine.core import Rules, make_rules
from .question import Node, Question
from .. import registry

#: The ruleset every question is asked under: the Basque text's literal reading.
RULESET = "basque_text"

__all__ = ["Node", "Question", "RULESET", "basque_rules", "questions"]


def basque_rules(game: str) -> Rules:
    """The rules every question of ``game`` is asked under (:data:`RULESET`)."""
    return make_rules(registry.plugin(game).game(), RULESET)


@lru_cache(maxsize=None)
def _questions(game: str) -> tuple[Question, ...]:
    found = registry.plugins().get(game)
    return () if found is None else found.questions()


def questions(game: str) -> dict[str, Question]:
    """The questions of ``game`` by id, in the order they are offered; ``{}`` for a game
    without questions. A game's questions are ``questions()`` of ``guesses`` in its folder
    (``jokoak/games/<key>/guesses.py``), built on its own engine's chance nodes."""
    return {q.id: q for q in _questions(game)}


__all__ = ["Question", "basque_rules", "questions", "RULESET"]
