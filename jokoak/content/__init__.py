"""The booklet's content (the ``content/`` folder) read and checked: each game's segments of the
Basque text, the glossary, interpretation notes, scenarios, lessons, how-to cards and credits.

Each module loads one kind of file and raises one translated message per fault (a
:class:`jokoak.errors.ContentError`). A file's shape is checked first against its JSON Schema
(:mod:`.schema`, ``content/schemas/``); what every content file shares beyond its shape (the
engine and options it names, cited clauses, coverage exemptions) is in :mod:`.file_checks`;
the lessons' and cards' checks against the rules and the text are in :mod:`.lesson_checks`.
"""
