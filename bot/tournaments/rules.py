"""What each step does to a tournament: pure (no I/O), on a copy the service saves.
A refusal is a ``TableError`` naming its catalog message."""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..i18n import tr
from ..tables import Seat, Table, TableError, idle_sides
from .model import MAX_ENTRANTS, MIN_ENTRANTS, Entrant, Pairing, Tournament
from .pairing import BYE, NOBODY, Entry, bracket_pairs, first_bracket, knockout_rounds, swiss_pairs
from .standings import Line, Outcome, standings

BOT_ENTRANT_ID = -1
"""The hard bot's "member" id, when it fills an odd field."""


def default_rounds(format: str, entrants: int) -> int:
    """Swiss: ⌈log2 n⌉ + 1; knock-out: ⌈log2 n⌉."""
    rounds = knockout_rounds(max(entrants, 2))
    return rounds + 1 if format == "swiss" else rounds


def check_capacity(capacity: int) -> None:
    if not MIN_ENTRANTS <= capacity <= MAX_ENTRANTS:
        raise TableError("tournament.capacity", low=MIN_ENTRANTS, high=MAX_ENTRANTS)


# -- sign-up ----------


def join(tournament: Tournament, members: Sequence[int], name: str, rating: int) -> Entrant:
    """A new entrant."""
    check_join(tournament, members)
    entrant = Entrant(
        number=len(tournament.entrants) + 1, members=list(members), name=name, rating=rating
    )
    tournament.entrants.append(entrant)
    return entrant


def check_join(tournament: Tournament, members: Sequence[int]) -> None:
    """Refused once started or full, for a member already in, or a wrong team size."""
    if tournament.status != "signup":
        raise TableError("tournament.not_open")
    if len(members) != tournament.team_size or len(set(members)) != len(members):
        raise TableError("tournament.team_size", size=tournament.team_size)
    if any(tournament.entrant_of(member) for member in members):
        raise TableError("tournament.joined_twice")
    if len(tournament.entrants) >= tournament.capacity:
        raise TableError("tournament.full", capacity=tournament.capacity)


def leave_signup(tournament: Tournament, user_id: int, *, by_member: bool = False) -> None:
    """Leave before the start: the entrant is struck off (the others renumbered)."""
    entrant = _entrant_of(tournament, user_id)
    if by_member and user_id not in tournament.left:
        tournament.left.append(user_id)
    kept = [e for e in tournament.entrants if e.number != entrant.number]
    for number, other in enumerate(kept, start=1):
        other.number = number
    tournament.entrants = kept


def _entrant_of(tournament: Tournament, user_id: int) -> Entrant:
    entrant = tournament.entrant_of(user_id)
    if entrant is None:
        raise TableError("tournament.not_entered")
    return entrant


def hosted_by(tournament: Tournament, user_id: int, *, can_manage: bool) -> Tournament:
    if user_id != tournament.host_id and not can_manage:
        raise TableError("tournament.host_only")
    return tournament


# -- the rounds ----------


def start(tournament: Tournament, now: float) -> None:
    """Seed and pair the first round (a bot entrant fills an odd field, Swiss or
    knock-out, when the host allowed it, and counts towards the minimum: three members
    and the bot play)."""
    if tournament.status != "signup":
        raise TableError("tournament.not_open")
    bot_fills = tournament.bots_fill and len(tournament.entrants) % 2 == 1
    if len(tournament.entrants) + bot_fills < MIN_ENTRANTS:
        raise TableError("tournament.too_few", count=len(tournament.entrants), low=MIN_ENTRANTS)
    if bot_fills:
        bot = Entrant(
            number=len(tournament.entrants) + 1,
            members=[BOT_ENTRANT_ID] * tournament.team_size,
            name="🤖",
            rating=0,
            bot=True,
        )
        tournament.entrants.append(bot)
    if not tournament.rounds_chosen:  # the field's: ⌈log2 n⌉, +1 for a Swiss
        tournament.rounds = default_rounds(tournament.format, len(tournament.entrants))
    if tournament.format == "knockout":
        seeded = sorted(tournament.entrants, key=lambda e: (-e.rating, e.number))
        tournament.bracket = first_bracket([e.number for e in seeded])
    tournament.status = "running"
    pair_next_round(tournament, now)


def pair_next_round(tournament: Tournament, now: float) -> None:
    """The next round's pairings (a bye decided at once), its clock started."""
    started = time.perf_counter()
    if tournament.format == "swiss":
        pairs = swiss_pairs(_entries(tournament), tournament.rounds - tournament.round - 1)
    else:
        pairs = bracket_pairs(tournament.bracket)
    tournament.pairing_ms.append(round((time.perf_counter() - started) * 1000, 2))
    tournament.round += 1
    for board, (a, b) in enumerate(pairs, start=1):
        pairing = Pairing(round=tournament.round, board=board, a=a, b=b)
        tournament.pairings.append(pairing)
        if b == BYE:
            decide(pairing, winner=a, by="bye")
        elif b == NOBODY:
            decide(pairing, winner=a, by="walkover")
        elif not tournament.entrant(b).active or not tournament.entrant(a).active:
            winner = a if tournament.entrant(a).active else b
            decide(pairing, winner=winner, by="forfeit")
    slow = tournament.is_slow  # a slow round ends with its last match
    tournament.round_ends_at = None if slow else now + tournament.round_minutes * 60


def _entries(tournament: Tournament) -> list[Entry]:
    """The Swiss pairer's view of the active entrants."""
    lines = {line.entrant: line for line in current_standings(tournament)}
    byes = {p.a for p in tournament.pairings if p.is_bye}
    return [
        Entry(
            entrant.number,
            points=lines[entrant.number].points,
            opponents=frozenset(lines[entrant.number].opponents),
            byes=int(entrant.number in byes),
            rating=entrant.rating,
        )
        for entrant in tournament.entrants
        if entrant.active
    ]


def decide(
    pairing: Pairing,
    *,
    winner: int | None,
    by: str,
    scores: tuple[int, int] = (0, 0),
    hands: int = 0,
) -> None:
    pairing.winner, pairing.decided_by = winner, by
    pairing.score_a, pairing.score_b = scores
    pairing.hands = hands


def round_over(tournament: Tournament) -> bool:
    return all(p.decided for p in tournament.round_pairings())


def after_round(tournament: Tournament, now: float) -> None:
    """Once every match of the round is decided: the next round, or the end."""
    if tournament.status != "running" or not round_over(tournament):
        return
    if tournament.format == "knockout":
        tournament.bracket = [advancing(tournament, p) for p in tournament.round_pairings()]
        if len(tournament.bracket) == 1:
            finish(tournament)
            return
    elif tournament.round >= tournament.rounds or len(_entries(tournament)) < 2:
        finish(tournament)
        return
    pair_next_round(tournament, now)


def advancing(tournament: Tournament, pairing: Pairing) -> int:
    """Who goes through: the winner (``NOBODY`` when both forfeited); on a draw, the
    better seed."""
    if pairing.winner is not None:
        return pairing.winner
    seeds = [tournament.entrant(n) for n in (pairing.a, pairing.b)]
    return min(seeds, key=lambda e: (-e.rating, e.number)).number


def finish(tournament: Tournament) -> None:
    tournament.status = "finished"
    tournament.round_ends_at = None


def withdraw(tournament: Tournament, entrant: Entrant, *, disqualified: bool) -> list[int]:
    """The entrant leaves the running tournament: its undecided match is forfeited;
    returns the tables to end."""
    if disqualified:
        entrant.disqualified = True
    else:
        entrant.withdrawn = True
    ended = []
    for pairing in tournament.round_pairings():
        if not pairing.decided and entrant.number in (pairing.a, pairing.b):
            other = pairing.b if pairing.a == entrant.number else pairing.a
            decide(pairing, winner=other, by="forfeit")
            if pairing.table_id is not None:
                ended.append(pairing.table_id)
    return ended


# -- results ----------


def outcomes(tournament: Tournament) -> list[Outcome]:
    return [
        Outcome(p.round, p.a, p.b, p.winner, p.score_a, p.score_b, p.hands)
        for p in tournament.pairings
        if p.decided
    ]


def current_standings(tournament: Tournament) -> list[Line]:
    numbers = [e.number for e in tournament.entrants]
    return standings(numbers, outcomes(tournament))


def podium(tournament: Tournament) -> list[list[int]]:
    """First, second and third place (knock-out: both losing semi-finalists third)."""
    if tournament.format == "swiss":
        lines = [
            line
            for line in current_standings(tournament)
            if tournament.entrant(line.entrant).active
        ]
        return [[line.entrant] for line in lines[:3]]
    final = tournament.round_pairings(tournament.rounds)
    if not final or not final[0].decided:
        return []
    champion = advancing(tournament, final[0])
    semis = tournament.round_pairings(tournament.rounds - 1) if tournament.rounds > 1 else []
    thirds = [third for semi in semis for third in _beaten(tournament, semi)]
    return [[champion] if champion != NOBODY else [], _beaten(tournament, final[0]), thirds]


def _beaten(tournament: Tournament, pairing: Pairing) -> list[int]:
    """Who lost a knock-out match and is placed by it: nobody after a bye, a walkover
    or a double forfeit (both lost, and neither is placed)."""
    winner = advancing(tournament, pairing)
    loser = pairing.b if winner == pairing.a else pairing.a
    return [] if NOBODY in (winner, loser) or loser == BYE else [loser]


def champion(tournament: Tournament) -> int | None:
    places = podium(tournament)
    return places[0][0] if places and places[0] else None


def rounds_for(format: str, entrants: int, asked: int | None) -> int:
    """The rounds a new tournament announces (knock-out: fixed by the field at start)."""
    if format == "knockout" or asked is None:
        return default_rounds(format, entrants)
    return max(1, min(asked, entrants - 1 if entrants % 2 == 0 else entrants))


def seed_rating(ratings: Sequence[int]) -> int:
    return round(sum(ratings) / len(ratings)) if ratings else 1000


# -- the host's controls ----------


def pause(tournament: Tournament, now: float) -> None:
    """Stop the round's clock (its tables play on; nothing is decided by time)."""
    if tournament.status != "running":
        raise TableError("tournament.not_running")
    tournament.status = "paused"
    ends = tournament.round_ends_at or now
    tournament.paused_left, tournament.round_ends_at = max(0.0, ends - now), None


def resume(tournament: Tournament, now: float) -> None:
    if tournament.status != "paused":
        raise TableError("tournament.not_paused")
    tournament.status = "running"
    if not tournament.is_slow:
        tournament.round_ends_at = now + (tournament.paused_left or 0.0)
    tournament.paused_left = None


def cancel(tournament: Tournament) -> list[int]:
    """End the tournament for everyone; returns the tables still playing its matches."""
    if not tournament.is_live:
        raise TableError("tournament.over")
    tournament.status = "cancelled"
    tournament.round_ends_at = None
    return [
        p.table_id for p in tournament.round_pairings() if not p.decided and p.table_id is not None
    ]


# -- tables and their results ----------


def marker(tournament: Tournament, pairing: Pairing) -> str:
    """What a table carries to say which match it plays."""
    return f"{tournament.id}/{pairing.round}/{pairing.board}"


def seats(tournament: Tournament, pairing: Pairing) -> list[Seat]:
    """The table's seats: the two entrants' members (``team`` their side), a member
    first (the table's host); the bot entrant as a hard-bot seat."""
    found = []
    for side, number in enumerate((pairing.a, pairing.b)):
        entrant = tournament.entrant(number)
        for member in entrant.members:
            if entrant.bot:
                name = tr(tournament.locale, "bot.name.expert")
                found.append(Seat(user_id=BOT_ENTRANT_ID, name=name, team=side, bot="expert"))
            else:
                found.append(Seat(user_id=member, name=entrant.name, team=side))
    return sorted(found, key=lambda seat: seat.bot is not None)


def table_opened(tournament: Tournament, board: int, table_id: int) -> None:
    pairing = next(p for p in tournament.round_pairings() if p.board == board)
    pairing.table_id = table_id


Decision = tuple[int | None, str, tuple[int, int], int]
"""(winner, how, (score a, score b), hands): what ``decide`` is given."""


def decision_of(tournament: Tournament, pairing: Pairing, table: Table) -> Decision:
    """A table that is over: its winner when finished (unless an entrant never moved:
    the bot played the whole match for them, and they forfeit); else (abandoned) as
    at time."""
    forfeit = _forfeit(tournament, pairing, table)
    if forfeit is not None:
        return forfeit, "forfeit", (0, 0), 0
    if table.status == "finished" and table.state is not None and table.state.winners:
        scores = _scores(tournament, pairing, table)
        side = table.state.winners[0]
        winner = pairing.a if side == _side_of(tournament, pairing.a, table) else pairing.b
        return winner, "played", scores, table.log.hands_played
    return decision_at_time(tournament, pairing, table)


def decision_at_time(tournament: Tournament, pairing: Pairing, table: Table | None) -> Decision:
    """The round's time ran out: an entrant who never moved forfeits (both: both lose);
    else the score decides (equal: a draw)."""
    if table is None or table.state is None:
        return NOBODY, "forfeit", (0, 0), 0
    forfeit = _forfeit(tournament, pairing, table)
    if forfeit is not None:
        return forfeit, "forfeit", (0, 0), 0
    score_a, score_b = _scores(tournament, pairing, table)
    winner = pairing.a if score_a > score_b else pairing.b if score_b > score_a else None
    return winner, "time", (score_a, score_b), table.log.hands_played


def _forfeit(tournament: Tournament, pairing: Pairing, table: Table) -> int | None:
    """The winner when an entrant never moved (``NOBODY`` when neither did), else None."""
    moved = [_moved(tournament, number, table) for number in (pairing.a, pairing.b)]
    if all(moved):
        return None
    return pairing.a if moved[0] else pairing.b if moved[1] else NOBODY


def _moved(tournament: Tournament, number: int, table: Table) -> bool:
    return _side_of(tournament, number, table) not in idle_sides(table)


def _side_of(tournament: Tournament, number: int, table: Table) -> int:
    entrant = tournament.entrant(number)
    for index, seat in enumerate(table.seats):
        if seat.user_id in entrant.members or (entrant.bot and seat.bot):
            return table.engine.side_of[index]
    raise ValueError(f"entrant {number} has no seat at table {table.id}")


def _scores(tournament: Tournament, pairing: Pairing, table: Table) -> tuple[int, int]:
    scores = table.match.scores
    return (
        scores[_side_of(tournament, pairing.a, table)],
        scores[_side_of(tournament, pairing.b, table)],
    )


def apply_decisions(tournament: Tournament, decisions: dict[int, Decision]) -> list[int]:
    """Decide the round's pairings by board (each once); returns their tables."""
    ended = []
    for pairing in tournament.round_pairings():
        if pairing.board in decisions and not pairing.decided:
            winner, how, scores, hands = decisions[pairing.board]
            decide(pairing, winner=winner, by=how, scores=scores, hands=hands)
            if pairing.table_id is not None:
                ended.append(pairing.table_id)
    return ended
