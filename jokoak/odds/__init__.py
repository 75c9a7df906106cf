"""Exact odds computed from the engines' own chance models (Fractions)."""
