"""``HandFacts``: what a hand history says about its hand beyond the play
(the players' names, the site, the currency, the stakes, when it began),
read from its PHH fields; ``HandHistory`` has them."""

from __future__ import annotations

import datetime
import zoneinfo
from decimal import Decimal
from typing import Any

__all__ = ["HandFacts"]


class HandFacts:
    """The facts of a hand read from ``fields`` (a ``HandHistory``'s)."""

    __slots__ = ()
    fields: dict[str, Any]

    def _field(self, key: str) -> Any:  # pragma: no cover - HandHistory's own
        raise NotImplementedError

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in PHH order: ``players[k]`` is ``p{k+1}``,
        whose hoyle seat is ``seat(k + 1)``. From the PHH ``players``
        field; a file without one names its players ``p1``, ``p2``...

        >>> import hoyle
        >>> [h] = hoyle.history.load(hoyle.history.samples.path("pokerstars-nlhe.txt"))
        >>> h.players[:2], h.seat(1), h.site, h.currency, h.stakes
        (('Nightfox82', 'Asaki1'), 0, 'PokerStars', 'USD', (Decimal('0.05'), Decimal('0.1')))
        >>> h.started.isoformat()
        '2014-01-06T07:21:05-05:00'
        """
        n = len(self._field("starting_stacks"))
        names = self.fields.get("players")
        if isinstance(names, list) and len(names) == n:
            return tuple(map(str, names))
        return tuple(f"p{k + 1}" for k in range(n))

    @property
    def site(self) -> str | None:
        """Where the hand was played: PHH's ``venue`` (a site's name for a
        hand read from its file), else ``casino``; None when the file does not say."""
        value = self.fields.get("venue", self.fields.get("casino"))
        return value if isinstance(value, str) else None

    @property
    def currency(self) -> str | None:
        """PHH's ``currency`` (``"USD"``, ``"EUR"``); None for chips (a
        tournament) or when the file does not say."""
        value = self.fields.get("currency")
        return value if isinstance(value, str) else None

    @property
    def stakes(self) -> tuple[int | Decimal, ...]:
        """The stakes in the file's money: the blinds and straddles
        (``blinds_or_straddles`` less zeros and posts, smallest first), or
        for a fixed-limit game without blinds the small and big bet."""
        blinds = self.fields.get("blinds_or_straddles") or []
        out = sorted(
            v for v in blinds if isinstance(v, int | Decimal) and not isinstance(v, bool) and v > 0
        )
        if out:
            return tuple(out)
        return tuple(
            v
            for key in ("bring_in", "small_bet", "big_bet")
            if isinstance(v := self.fields.get(key), int | Decimal) and not isinstance(v, bool)
        )

    @property
    def started(self) -> datetime.datetime | datetime.date | None:
        """When the hand began, from PHH's ``year``, ``month``, ``day``,
        ``time`` and ``time_zone`` fields: a ``datetime`` (aware when the
        time zone is an IANA name such as ``America/New_York``), a ``date``
        without ``time``, None without a date."""
        f = self.fields
        try:
            day = datetime.date(int(f["year"]), int(f["month"]), int(f["day"]))
        except (KeyError, TypeError, ValueError):
            return None
        time = f.get("time")
        if not isinstance(time, datetime.time):
            return day
        zone = f.get("time_zone")
        tz: datetime.tzinfo | None = None
        if isinstance(zone, str):
            try:
                tz = zoneinfo.ZoneInfo(zone)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                tz = None
        return datetime.datetime.combine(day, time, tzinfo=tz)
