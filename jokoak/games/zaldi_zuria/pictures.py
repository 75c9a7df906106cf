"""Zaldi zuria's pictures: Home's icon, the kiosk's moving scene and the navigation's
small drawing (named by the plug-in, :class:`jokoak.plugin.Pictures`)."""

from __future__ import annotations

from ...render.attract import INK, TABLE, moving, nav_svg, scene_svg
from ...render.icons import die, icon_svg


def icon(title: str, lang: str) -> str:
    """Home's picture of the game, titled ``title``."""
    body = (die(8, 35, "blank") + die(44, 35, "bell") + die(80, 35, "hammer")
            + die(116, 35, "5") + '<rect x="50" y="72" width="60" height="22" rx="3" fill="#fff" '
            'stroke="#333"/><path d="M62,90 l6,-12 l10,0 l4,-6 l6,6 l-4,4 l0,8" fill="none" '
            'stroke="#333" stroke-width="2"/>')
    return icon_svg(body, title, lang)


def scene(title: str, lang: str) -> str:
    """The eight dice of zaldi zuria tumbling onto the table one after another."""
    faces = ("blank", "bell", "5", "hammer", "blank", "2", "bell", "blank")
    dice = [moving("roll", 0.15 * i, die(10 + 46 * (i % 4), 30 + 40 * (i // 4), face))
            for i, face in enumerate(faces)]
    return scene_svg(TABLE + "".join(dice), title, lang)


def nav() -> str:
    """A die showing the bell."""
    return nav_svg(f'<rect x="2.5" y="2.5" width="19" height="19" rx="4" fill="#fffdf5" '
                   f'stroke="{INK}" stroke-width="2"/><path d="M7.5 16 Q7.5 7.5 12 7 Q16.5 7.5 '
                   f'16.5 16 Z" fill="#c99a00" stroke="{INK}" stroke-width="1.2"/>'
                   f'<circle cx="12" cy="17.6" r="1.5" fill="{INK}"/>')
