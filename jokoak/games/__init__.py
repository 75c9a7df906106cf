"""The games, one folder each (``jokoak.games.<key>``), each with a ``plugin.py`` exporting its
:class:`jokoak.plugin.GamePlugin` as ``PLUGIN``; :mod:`jokoak.registry` finds them. This
package names no game and holds no lookup: shared modules ask the registry."""
