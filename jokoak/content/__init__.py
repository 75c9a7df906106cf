"""The booklet's content (the ``content/`` folder) read and checked: each game's segments of the
Basque text, the glossary, interpretation notes, scenarios, lessons, how-to cards and credits.

Each module loads one kind of file and raises one translated message per fault; what every
content file shares (fields, cited clauses, coverage exemptions) is in :mod:`.file_checks`.
"""
