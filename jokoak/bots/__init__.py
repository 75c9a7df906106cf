"""Computer players, one module per game: ``POLICIES: dict[str, Policy]`` by level.

A policy reads a position (most only ``state.observation(seat)``) and returns one of its
legal actions. Bots sit above both the engines (:mod:`jokoak.games`) and the exact odds
(:mod:`jokoak.odds`) they weigh their choices with; neither of those imports a bot.
"""
