"""Game options and the initial state (rulebook "Set Up" and the solo variations)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.footprints import footprints
from rules.lots import flow
from rules.lots.content import crew_cards, game_content, score_track
from rules.lots.instances import block_ids
from rules.lots.state import LotsState


@dataclass(frozen=True)
class LotsOptions:
    """players: 1 name (solo, "Jack of All Trades") or 2-4 names (competitive).
    start_player: a seat, or None to let the seeded chance pick one (the rulebook's
    "most dirt on their shoes")."""

    players: tuple[str, ...] = ("Player 1", "Player 2")
    footprint: str = "1A"
    seed: int = 0
    start_player: int | None = None

    @property
    def mode(self) -> str:
        return "solo" if len(self.players) == 1 else "competitive"

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "footprint": self.footprint,
            "seed": self.seed,
            "start_player": self.start_player,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LotsOptions:
        return cls(
            players=tuple(data.get("players", cls.players)),
            footprint=data.get("footprint", cls.footprint),
            seed=int(data.get("seed", 0)),
            start_player=data.get("start_player"),
        )

    def check(self) -> None:
        n = len(self.players)
        if not 1 <= n <= 4:
            raise ValueError(f"LOTS is for 1 to 4 players, not {n}")
        if len(set(self.players)) != n or not all(isinstance(p, str) and p for p in self.players):
            raise ValueError("player names must be distinct, non-empty strings")
        if self.footprint not in footprints():
            known = ", ".join(sorted(footprints()))
            raise ValueError(f"unknown footprint {self.footprint!r} (known: {known})")
        if self.start_player is not None and not 0 <= self.start_player < n:
            raise ValueError(f"start_player must be a seat from 0 to {n - 1}")


def new_game(options: LotsOptions | None = None) -> LotsState:
    options = options or LotsOptions()
    options.check()
    content, n, solo = game_content(), len(options.players), options.mode == "solo"
    state = LotsState(
        options=options.to_dict(),
        mode=options.mode,
        footprint=options.footprint,
        players=list(options.players),
        target=content.solo_target if solo else content.targets[n],
        rng=0,
    )
    chance = state.chance()
    chance.state = options.seed & ((1 << 64) - 1)
    per_pile = content.solo_blocks_per_pile if solo else content.blocks_per_pile
    for colour in content.pile_order:
        ids = block_ids(colour, content.blocks_per_pile)
        state.supply[colour] = list(reversed(ids[:per_pile]))  # "red-1" on top
        state.box.extend(ids[per_pile:])
    cubes = block_ids(content.cube_colour, content.purple_cubes)
    if solo:
        state.box.extend(cubes)  # one of them stands at a pile as the marker (state.marker)
    else:
        spots = score_track().cube_spots
        state.track_cubes = {str(spot): cube for spot, cube in zip(spots, cubes, strict=False)}
        state.box.extend(cubes[len(spots) :])
    state.banks = [[] for _ in range(n)]
    state.cubes = [[] for _ in range(n)]
    state.crew_hands = [[] for _ in range(n)]
    state.scores = [0] * n
    state.high_water = [0] * n
    state.current = chance.below(n) if options.start_player is None else options.start_player
    if not solo:
        state.crew_deck = chance.shuffled(sorted(crew_cards()))
    state.keep(chance)
    state.log(
        "setup",
        None,
        mode=state.mode,
        footprint=state.footprint,
        start=state.players[state.current],
    )
    if not solo:
        for k in range(n):
            seat = (state.current + k) % n
            for _ in range(content.crew_deal):
                state.crew_hands[seat].append(state.crew_deck.pop())
            state.log("deal_crew", seat, cards=list(state.crew_hands[seat]))
    flow.advance(state)
    return state
