"""An error's message as one line, whatever the error: ``hoyle``'s command
line prints every error as one ``hoyle: ...`` line, and a user's bot's
error is quoted in a ``BotError`` the same way.

>>> one_line(ValueError("two\\n  lines"))
'two lines'
>>> one_line(KeyError())
'KeyError'
"""

from __future__ import annotations

__all__ = ["MAX_MESSAGE", "one_line"]

#: The most characters of a message kept (a longer one is cut, marked "...").
MAX_MESSAGE = 2_000


def one_line(err: BaseException) -> str:
    """``str(err)`` with its runs of white space (newlines too) made one
    space, cut at ``MAX_MESSAGE`` characters; its type's name when it has
    no message, and a note when its ``__str__`` itself raises."""
    try:
        text = str(err)
        if not isinstance(text, str):  # pragma: no cover - str() returns a str
            raise TypeError
    except Exception as inner:
        return f"{type(err).__name__} (its message could not be read: {type(inner).__name__})"
    text = " ".join(text.split())
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - 3] + "..."
    return text or type(err).__name__
