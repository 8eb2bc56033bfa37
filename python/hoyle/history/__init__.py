"""Hand histories in the PHH format (the phh-std project): read ``.phh`` and
``.phhs`` files, replay them as hoyle hands, and write hands back.

``load(path_or_text)`` returns a list of ``HandHistory`` (a ``.phhs`` file
holds several hands, each under a ``[name]`` table); ``HandHistory.replay()``
plays the recorded actions through ``Game.start`` and the public ``Hand``
methods and returns the finished hand; ``dumps(hand)`` writes a hoyle hand.

Decisions (see also the tests):

* **Seats.** ``p1``..``pN`` are hoyle seats ``0..N-1`` and the button is
  seat ``N-1``: ``p1`` is left of the button (the small blind), the button
  acts last, and heads-up the button (``p2``) posts the small blind. Stud
  has no button, but the same mapping makes docs/rules.md §10's dealing order
  (``p1`` first) and the ties of the bring-in agree with PHH. ``dumps``
  writes ``_hoyle_button`` when a hand's button is another seat; ``load``
  then seats ``p1`` left of it, so the hand comes back seat for seat.
  The bring-in seat's choice (docs/rules.md §7) is ``pb`` (``bring_in``)
  or a ``cbr`` to the full bet (a completion), both ways.
  ``starting_stacks`` and ``finishing_stacks`` are in hoyle seat order,
  ready to compare with ``Hand.stacks``. (The PHH ``seats`` field, a
  physical seat number, is left alone.)
* **Forced bets.** ``antes`` and ``blinds_or_straddles`` are positional, as
  in PHH: entry ``k`` belongs to the seat posting the ``k``-th blind (from
  the button's left; heads-up the button first). They become
  ``Game.ante``/``Game.antes`` and ``Game.blinds``.
* **Antes are contributions.** hoyle settles every chip a seat put in, the
  antes included, so an ante nobody matched comes back like any uncalled
  bet; that is PHH's ``ante_trimming_status = true``. The flag is read but
  not acted on (``ante_trimming_status``).
* **Decimal chips.** A hand whose amounts (stacks, forced bets, bets) are
  not all whole is scaled to integer chips by ``scale`` = 100 (cents), or
  the smallest larger power of ten that makes them whole;
  ``starting_stacks``, ``finishing_stacks`` and the replayed hand are in
  those units.
* **Forced bets: posts.** A negative ``blinds_or_straddles`` entry is a
  post bet (a player who sits down or comes back paying to play at once),
  as PokerKit's ``State`` reads it (PHH leaves it to the tools). It becomes
  ``Game.posts``: as in card rooms, and as the sites' own finishing stacks
  show, a post of the big blind is live and a smaller one (a missed small
  blind) is dead money; PokerKit plays every post live. The action opens
  left of the last blind, not the post. ``dumps`` writes it back negative.
* **Unknown cards** (``??``) take the cards a ``sm`` later shows, else
  placeholders: the lowest unused cards of the deck (for low-only games the
  highest), never a card the file names anywhere, so the replay is
  deterministic and the known hands are what the file makes them.
  Placeholders decide nothing: at the showdown a seat whose final cards are
  not all known, or whose last ``sm`` shows none (a muck, or ``sm ????``
  from a seat whose dealt cards the file does not all name: known dealt
  cards decide a showdown), has mucked when a seat with known cards
  contests the same pot (in a high-low
  game it wins neither half); a pot that only such seats contest has no
  result in the file, and ``replay`` raises ``UndeterminedError`` (a
  ``HistoryError``) with those pots, who could have won them, and the
  payouts of the rest. ``dumps`` writes such seats' cards as ``??`` (a stud
  seat's up cards as dealt: every seat saw them).
* **Run it twice.** A board run more than once is the first run in
  ``actions`` and the later runs' boards in ``_hoyle_runouts``; each run
  is settled and each pot shared out among them (``hoyle.history.runs``).
* **Unknown stacks** (``inf``, as iPoker's hands have) are replayed deep:
  one chip more than every chip the file's forced bets and bets could move,
  so no such seat is all in. ``HandHistory.unknown_stacks`` names those
  seats, ``net_chips(hand)`` is the result (what each seat won or lost), and
  ``finishing_stacks`` is None. ``-inf``, ``nan`` and negative stacks are
  errors.
* **Extension.** What PHH cannot say (a game that is not one of its
  variants: wild cards, jokers, five-card draw, five- and six-card Omaha,
  Big O, Courchevel, custom streets) ``dumps`` writes as ``_hoyle_game``,
  an inline table of ``Game`` settings, which
  ``load`` reads back (PHH allows user fields; hoyle prefixes its own with
  ``_``). Variant codes hoyle adds for its presets: ``5CD`` (five-card
  draw) and ``5S`` (five-card stud), after F/P/N like the others.
* **Reshuffled discards.** When a draw needs more cards than the stub
  holds, the discards are shuffled to complete it (docs/rules.md §9), so a
  card may be dealt twice: once the stub is empty, a draw's replacements may
  be cards discarded before (by seats already served), each once; nothing
  else is dealt twice. The replay deals them in the file's order. A draw
  that needs more cards than the stub holds after a reshuffle takes the
  reshuffled cards still there first, then the discards reshuffled again,
  as the hand does; ``dumps`` writes what each draw dealt.
* **Hostile input.** Every bad file is a ``HistoryError`` naming the file,
  the hand and the field or action: amounts are ASCII digits (``1_0`` and
  other scripts' digits are refused), at most ``2**64 - 1`` chips with at
  most 18 decimal places; ``_hoyle_game`` is checked setting by setting.
* **Short deck** (``NS``) is ``games.short_deck_holdem``: the 36-card
  deck, a flush over a full house, ``A-6-7-8-9`` the lowest straight, a
  straight over three of a kind (PokerKit's ranking). A file of hoyle's
  game with ``short_deck="trips-beat-straight"`` keeps that rule in its
  ``_hoyle_game``.

The package, one job a module: ``toml_text`` reads PHH text, ``variants``
maps PHH variant codes to games, ``stakes`` reads a file's numbers and
seats, ``cards`` and ``deal`` read the action lines, ``plan`` lays out the
deck, ``replay`` plays it, ``extension`` checks ``_hoyle_game``, ``writing``
writes PHH text (``dealt`` works out which draw gave each card), and
``hand_history`` holds ``HandHistory``, ``load`` and ``loads``; ``bulk``
holds ``replay_all``, which replays many files in shards, here or on an
executor (a process pool, a Dask cluster), into one ``ReplayReport``.

>>> import hoyle
>>> text = '''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2s",
...            "p3 f", "p1 cbr 10", "p2 cc",
...            "d db 2c3d9h", "p1 cbr 90", "p2 cc", "d db Ts", "d db Js"]
... finishing_stacks = [200, 0, 100]
... '''
>>> [history] = hoyle.history.load(text)
>>> hand = history.replay()
>>> hand.stacks == history.finishing_stacks
True
>>> print(hoyle.history.dumps(hand).splitlines()[0])
variant = "NT"
"""

from __future__ import annotations

from hoyle.history import samples, toml_text
from hoyle.history.bulk import HandOutcome, ReplayFailure, ReplayReport, replay_all
from hoyle.history.hand_history import HandHistory, load
from hoyle.history.hand_history import loads as loads  # public, outside __all__ as before
from hoyle.history.refused import Hands, RefusedHand
from hoyle.history.site_rake import SiteRake
from hoyle.history.statistics import HandResults, PlayerStats, Statistics, statistics
from hoyle.history.writing import dumps

__all__ = [
    "HandHistory",
    "HandOutcome",
    "HandResults",
    "Hands",
    "PlayerStats",
    "RefusedHand",
    "ReplayFailure",
    "ReplayReport",
    "SiteRake",
    "Statistics",
    "dumps",
    "load",
    "replay_all",
    "samples",
    "statistics",
]

_fast_toml = toml_text.fast_toml  # the corpus test compares it with tomllib, file by file
