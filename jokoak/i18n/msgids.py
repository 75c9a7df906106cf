"""The one marker for msgids: ``N_("...")`` marks English text for extraction by
``python -m jokoak catalogs`` and returns it unchanged; it is translated where it is shown,
per visitor (never here, never process-global)."""


def N_(message: str) -> str:
    """Mark a msgid for extraction; it is translated where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a msgid with a plural form (extracted like ``ngettext``); the count that picks the
    form is given where it is shown (for a :class:`jokoak.engine.core.Reason`, its ``count``)."""
    return singular, plural
