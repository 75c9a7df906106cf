"""Chances in words for visitors: "about 1 in 67,000" rather than "0.0015 %".

A percent with many decimals is for scholars; a small chance reads best as one case in so
many, rounded to two significant figures. Numbers are written by Babel in the visitor's
locale, and the sentence comes from the catalog through ``ngettext`` (it counts cases).
The exact fraction stays available to the pages, which show it one tap away.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..i18n import Translator, format_number, format_percent_value
from ..i18n.msgids import N_, Nn_

#: Below this chance a percent says little to a visitor ("0.00 %"): say "1 in N" instead.
PLAIN_BELOW = Fraction(1, 100)


def rounded_count(n: Fraction | float, figures: int = 2) -> int:
    """``n`` rounded to a whole number of at most ``figures`` significant figures, halves up
    (66,667 -> 67,000; 4.6 -> 5, never truncated to 4), at least 1."""
    if n < 1:
        return 1
    exact = Fraction(n)
    places = min(figures - 1 - math.floor(math.log10(float(exact))), 0)
    unit: int = 10 ** -places   # places <= 0: a whole power of ten (mypy sees int ** int as Any)
    return max(1, math.floor(exact / unit + Fraction(1, 2)) * unit)


def one_in(p: Fraction, tr: Translator) -> str:
    """``p`` as "about 1 in N" in ``tr``'s language (``p`` in (0, 1])."""
    if not 0 < p <= 1:
        raise ValueError("one_in needs a chance in (0, 1]")
    n = rounded_count(1 / Fraction(p))
    return tr.ngettext("about 1 in %(n)s", "about 1 in %(n)s", n) % {
        "n": format_number(n, tr.lang)}


def plain_chance(p: Fraction, tr: Translator, digits: int = 1) -> str:
    """A percent for ordinary chances, "about 1 in N" for small ones, and a plain zero."""
    if p <= 0:
        return format_percent_value(0, tr.lang, 0)
    if p < PLAIN_BELOW:
        return one_in(p, tr)
    return format_percent_value(p, tr.lang, digits)


#: A child's words for the two ends of the scale, and for the last step before certain.
CERTAIN = N_("certain")
NEVER = N_("never")
ALMOST_CERTAIN = N_("almost certain")
#: "about 3 in 4": the count of cases out of so many (``n`` picks the plural form).
ABOUT_K_IN_N = Nn_("about %(k)s in %(n)s", "about %(k)s in %(n)s")
#: The likely chances a child is told, as k in n: the nearest one is said. Above the last,
#: "almost certain"; at or under one half, "about 1 in N" (:func:`one_in`).
LIKELY = (Fraction(3, 5), Fraction(2, 3), Fraction(3, 4), Fraction(4, 5), Fraction(9, 10))
ALMOST_CERTAIN_ABOVE = Fraction(19, 20)


def chance_for_a_child(p: Fraction, tr: Translator) -> str:
    """``p`` in words a child reads, never a percent (issue 37): "never" and "certain" at
    the ends, "about 1 in 4" up to one half, then "about 3 in 4", then "almost certain".

    ``p`` is exact (an engine's chance model), so "never" and "certain" are said only when
    true; a chance near either end but not at it is "about 1 in 2,000" or "almost certain".
    """
    if not 0 <= p <= 1:
        raise ValueError("a chance lies in [0, 1]")
    if p == 0:
        return tr.gettext(NEVER)
    if p == 1:
        return tr.gettext(CERTAIN)
    if p > ALMOST_CERTAIN_ABOVE:
        return tr.gettext(ALMOST_CERTAIN)
    if p <= Fraction(1, 2):
        return one_in(p, tr)
    nearest = min(LIKELY, key=lambda f: (abs(f - p), f.denominator))
    if abs(Fraction(1, 2) - p) < abs(nearest - p):
        return one_in(Fraction(1, 2), tr)
    return tr.ngettext(*ABOUT_K_IN_N, nearest.denominator) % {
        "k": format_number(nearest.numerator, tr.lang),
        "n": format_number(nearest.denominator, tr.lang)}
