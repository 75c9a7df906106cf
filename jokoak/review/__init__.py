"""The translators' review: quality checks of the source translations
(:mod:`.source_checks`) and of the interface catalog (:mod:`.interface_checks`), the spell
check, and the workbench the Translators page shows (aligned rows, uploads, exports).
"""
