"""The older name of ``hoyle.values`` (hand values for the showdown); kept
so that existing imports of ``values`` and ``_plain`` still work."""

from hoyle.values import _plain, values

__all__ = ["_plain", "values"]
