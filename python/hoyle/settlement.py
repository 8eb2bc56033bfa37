"""The older name of ``hoyle.rake``, which holds ``Rake``; kept so that
``from hoyle.settlement import Rake`` still works."""

from hoyle.rake import Rake

__all__ = ["Rake"]
