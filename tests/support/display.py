"""What the display tests share: an HTML checker (tags closed in order,
nothing loaded from outside, no script), the cards an HTML display shows,
and a value's rich rendering in an 80-column terminal. rich (a dependency
of hoyle) is imported inside, so the quick subset's files import nothing
new at module level."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

#: Elements that have no closing tag.
_VOID = {"br", "hr", "img", "meta", "input", "col", "wbr"}
#: Elements or attributes a self-contained display never holds.
_FORBIDDEN_TAGS = {"script", "link", "style", "iframe", "object", "embed", "img"}


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _FORBIDDEN_TAGS:
            self.errors.append(f"<{tag}> in a display")
        for name, value in attrs:
            if name.startswith("on") or name in ("src", "href", "class"):
                self.errors.append(f"attribute {name}={value!r}")
            if value and "url(" in value:
                self.errors.append(f"an outside url in {name}={value!r}")
        if tag not in _VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def html_text(html: str) -> str:
    """The text of a display's HTML (entities read), after checking that it
    is well formed and self-contained: every tag closed in order, no script,
    style sheet, link, image, event handler, class or outside url."""
    checker = _Checker()
    checker.feed(html)
    checker.close()
    assert not checker.errors, checker.errors
    assert checker.open == [], f"unclosed: {checker.open}"
    return " ".join(" ".join(checker.text).split())


def shown_cards(html: str) -> list[str]:
    """The names of the cards an HTML display draws, in order (each card is
    a span titled with its name)."""
    return re.findall(r'<span title="([2-9TJQKA][cdhs]|Xx)"', html)


def rich_lines(value: object, width: int = 80) -> list[str]:
    """``value`` as the rich library prints it in a terminal ``width``
    columns wide, line by line (trailing spaces dropped)."""
    console = _console(width)
    console.print(value)
    return [line.rstrip() for line in console.export_text(styles=False).splitlines()]


def rich_styles(value: object, width: int = 80) -> str:
    """The recorded rendering with its styles, as rich exports it to HTML
    (to read a card's colours off)."""
    console = _console(width)
    console.print(value)
    return console.export_html(inline_styles=True)


def _console(width: int) -> Console:
    """A recording console of ``width`` columns that writes nowhere."""
    from rich.console import Console

    return Console(
        file=io.StringIO(), record=True, width=width, color_system="truecolor", force_terminal=True
    )


def fits(lines: list[str], width: int = 80) -> None:
    """Nothing wider than ``width`` and nothing cut short (rich's ``…``)."""
    assert lines, "nothing printed"
    assert max(len(line) for line in lines) <= width, "\n".join(lines)
    assert not any("…" in line for line in lines), "\n".join(lines)


def html_rows(html: str) -> list[list[str]]:
    """The rows of every table in a display, each a list of its cells'
    text (tags dropped, entities read)."""
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", html, re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        rows.append([html_text(re.sub(r"<[^>]+>", " ", c)) for c in cells])
    return rows
