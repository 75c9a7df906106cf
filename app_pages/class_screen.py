"""The class screen: a teacher's tables, opened in one tap and followed from no seat."""

from ui.class_screen import class_page

class_page()
