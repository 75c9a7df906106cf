"""What the computer players share: the visitor's hint (:mod:`jokoak.bots.hints`).

The players themselves live in each game's folder (``jokoak.games.<key>.bots``, where the
game's registry entry finds them): ``POLICIES: dict[str, Policy]`` by level, and the game's
``hint``. A policy reads a position (most only ``state.observation(seat)``) and returns one of
its legal actions. Bots sit above both the engines and the exact odds they weigh their
choices with; neither of those imports a bot.
"""
