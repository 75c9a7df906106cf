"""A liar's-dice bid said the way players say it: "seven 2s" (Basque "zazpi 2ko").

The Basque text writes its bids this way ("zazpi 2ko", "lau 6ko"); the play view shows this
next to the compact "7 × 2". Counts up to twelve are words (one msgid each); larger counts
stay digits. The plural form comes from ``ngettext``, so each language places its own
marker (Basque ``-ko``, Spanish "dados de").
"""

from __future__ import annotations

from typing import Callable

from ..i18n.msgids import N_

NUMBER_WORDS = (N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
                N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))


#: A face as counted in a bid ("seven 2s"): Basque gives each its own suffix (1eko, 2ko, 5eko).
FACE_WORDS = (N_("1s"), N_("2s"), N_("3s"), N_("4s"), N_("5s"), N_("6s"))


def number_word(n: int, gettext: Callable[[str], str]) -> str:
    return gettext(NUMBER_WORDS[n - 1]) if 1 <= n <= len(NUMBER_WORDS) else str(n)


def bid_words(quantity: int, face: int, gettext: Callable[[str], str],
              ngettext: Callable[[str, str, int], str]) -> str:
    """``bid_words(7, 2, ...)`` -> "seven 2s"; ``bid_words(1, 2, ...)`` -> "one 2".

    The template gets the number word, the bare face and the counted face (``faces``), so
    each language words it its own way (Basque "2ko bat", "zazpi 2ko").
    """
    # TRANSLATORS: a liar's-dice bid: %(number)s is a number word, %(face)s the face (digit),
    # %(faces)s the face as counted in a bid ("2s"; Basque "2ko").
    template = ngettext("%(number)s %(face)s", "%(number)s %(faces)s", quantity)
    return template % {"number": number_word(quantity, gettext), "face": face,
                       "faces": gettext(FACE_WORDS[face - 1]) if 1 <= face <= 6 else face}
