"""The translators' review: quality checks of the source translations
(:mod:`.source_checks`) and of the interface catalog and notes (:mod:`.interface_checks`), the
spell check (:mod:`.spelling`), and what the Translators page shows: the aligned review rows
(:mod:`.rows`), uploaded files read for review (:mod:`.uploads`) and exports (:mod:`.exports`).
"""
