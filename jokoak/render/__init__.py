"""Pure renderers: state -> SVG / HTML / markdown, event -> sentence (translator passed in)."""
