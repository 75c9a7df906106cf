"""Pure renderers: state -> SVG / HTML / markdown, event -> sentence (translator passed in)."""

from __future__ import annotations

from typing import Callable, cast

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def plural_of(_: Gettext) -> Ngettext:
    """The ``ngettext`` that goes with the visitor's ``_``, so a count takes its language's
    plural form (French "0 dé", Spanish "1 punto") instead of English's ``n == 1``.

    ``_`` may be a :class:`jokoak.i18n.Translator`, its bound ``gettext``, or a function
    carrying an ``ngettext`` attribute (the pages' ``ui.common._``). A bare function (a test's
    identity) gets English plurals.
    """
    for owner in (_, getattr(_, "__self__", None)):
        found = getattr(owner, "ngettext", None)
        if callable(found):
            # Found by name on a duck-typed owner: callable() is all mypy can learn of it.
            return cast(Ngettext, found)
    return lambda singular, plural, n: _(singular) if n == 1 else _(plural)


def names_text(names: "list[str] | tuple[str, ...]", _: Gettext) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the visitor's language (the step-through's
    folded sentences: "Player 2 and Player 3 do not call doia")."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def for_both_widths(wide: str, narrow: str) -> str:
    """One drawing in two layouts, of which the page's style shows one (``ui/shell.py``,
    ``BOARD_CSS``): ``wide`` on every screen wider than a phone, ``narrow`` (laid out for a
    390 px phone's width, its words 11 px or more there) on a phone. The style decides, not
    the server, which never knows the screen's width; the hidden one is out of the
    accessibility tree, and the two carry different ids."""
    return f'<div class="jk-wide">{wide}</div><div class="jk-narrow">{narrow}</div>'
