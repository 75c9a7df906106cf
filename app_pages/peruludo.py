"""The peruludo page: read the Basque source beside a translation, step through, odds, play."""

from ui.game_page import render

render("peruludo")
