"""Synthesise the app's sounds into ``assets/sounds/`` (16-bit mono WAV, CC0).

``python scripts/make_sounds.py [FOLDER]`` writes every sound the app plays: wooden
clacks at four pitches, a clatter, a crash, dice, a card and a UI click. Nothing is
recorded or fetched: each sound is a sum of damped resonances (what a knocked wooden
piece rings with) and shaped noise, drawn from one fixed seed, so the same script
writes the same bytes on every run. The files are committed; run this again only to
change a sound, and keep it small (each file well under 100 KB).
"""

from __future__ import annotations

import sys
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

RATE = 22050  # samples per second: plenty for knocks and rattles, and small files
SEED = 24  # the one seed every sound draws from (issue 24)
PEAK = 0.89  # loudest sample, of full scale
ROOT = Path(__file__).resolve().parents[1]

Signal = np.ndarray


def _time(seconds: float) -> Signal:
    return np.arange(round(seconds * RATE)) / RATE


def _knock(pitch: float, seconds: float, decay: float, rng: np.random.Generator) -> Signal:
    """One knock of a wooden piece: a few inharmonic modes that die away quickly, and
    a click of noise where the pieces meet."""
    t = _time(seconds)
    modes = ((1.0, 1.0, 1.0), (2.32, 0.5, 1.7), (3.91, 0.28, 2.6), (5.4, 0.12, 3.4))
    out = np.zeros_like(t)
    for ratio, level, faster in modes:
        phase = rng.uniform(0, 2 * np.pi)
        out += level * np.sin(2 * np.pi * pitch * ratio * t + phase) * np.exp(-t * faster / decay)
    contact = rng.normal(0, 1, t.size) * np.exp(-t / 0.0025)
    return out + 0.6 * contact


def _place(out: Signal, sound: Signal, at: float, gain: float) -> None:
    start = round(at * RATE)
    end = min(out.size, start + sound.size)
    out[start:end] += gain * sound[: end - start]


def _band_noise(t: Signal, rng: np.random.Generator, smooth: int) -> Signal:
    """White noise with its lows taken out (a difference) and its highs softened (a
    moving average of ``smooth`` samples): the hiss of card on card."""
    noise = np.diff(rng.normal(0, 1, t.size + 1))
    return np.convolve(noise, np.ones(smooth) / smooth, mode="same")


def clack(pitch: float) -> Callable[[np.random.Generator], Signal]:
    def make(rng: np.random.Generator) -> Signal:
        return _knock(pitch, 0.16, 0.022, rng)

    return make


def clatter(rng: np.random.Generator) -> Signal:
    """A few pieces hitting the table and each other, bouncing to rest."""
    out = np.zeros(round(0.5 * RATE))
    at = 0.0
    for hit in range(9):
        pitch = rng.uniform(420, 1000)
        _place(out, _knock(pitch, 0.14, rng.uniform(0.014, 0.028), rng), at, 0.85**hit)
        at += rng.uniform(0.025, 0.075)
    return out


def crash(rng: np.random.Generator) -> Signal:
    """A tower coming down: a low thump, then many knocks thinning out over a second."""
    t = _time(1.0)
    out = 1.4 * np.sin(2 * np.pi * 95 * t) * np.exp(-t / 0.09)
    out += 0.5 * _band_noise(t, rng, 6) * np.exp(-t / 0.12)
    for _ in range(34):
        at = rng.exponential(0.22)
        if at < 0.85:
            pitch = rng.uniform(300, 1100)
            knock = _knock(pitch, 0.16, rng.uniform(0.015, 0.035), rng)
            _place(out, knock, at, rng.uniform(0.35, 0.9) * np.exp(-at / 0.6))
    return out


def dice(rng: np.random.Generator) -> Signal:
    """Dice rattling in a hand, then bouncing on the table: small, bright knocks."""
    out = np.zeros(round(0.75 * RATE))
    at = 0.0
    for _ in range(10):  # the rattle in the hand
        _place(out, _knock(rng.uniform(1700, 2600), 0.05, 0.006, rng), at, rng.uniform(0.3, 0.5))
        at += rng.uniform(0.018, 0.04)
    at += 0.08
    gap = 0.11
    for bounce in range(6):  # on the table, each bounce softer and sooner
        pitch = rng.uniform(1200, 1900)
        _place(out, _knock(pitch, 0.08, 0.01, rng), at, 0.9 * 0.7**bounce)
        at += gap
        gap *= 0.68
    return out


def card(rng: np.random.Generator) -> Signal:
    """A card slid out and laid down: a short hiss that swells and ends in a soft snap."""
    t = _time(0.22)
    swell = np.minimum(t / 0.09, 1.0) * np.exp(-np.maximum(t - 0.09, 0) / 0.025)
    out = 0.7 * _band_noise(t, rng, 3) * swell
    _place(out, _knock(1400, 0.05, 0.004, rng), 0.1, 0.45)
    return out


def click(rng: np.random.Generator) -> Signal:
    """A button pressed: a very short, soft tick."""
    t = _time(0.04)
    return np.sin(2 * np.pi * 1800 * t) * np.exp(-t / 0.006) + 0.2 * rng.normal(
        0, 1, t.size
    ) * np.exp(-t / 0.001)


# name -> how to make it; the app names sounds by these (assets/sounds/sounds.toml)
SOUNDS: dict[str, Callable[[np.random.Generator], Signal]] = {
    "clack-1": clack(980.0),
    "clack-2": clack(780.0),
    "clack-3": clack(640.0),
    "clack-4": clack(520.0),
    "clatter": clatter,
    "crash": crash,
    "dice": dice,
    "card": card,
    "click": click,
}


def pcm(signal: Signal) -> bytes:
    """16-bit little-endian samples, the loudest at ``PEAK``, with 3 ms fades so the
    sound starts and ends without a click of its own."""
    fade = min(round(0.003 * RATE), signal.size // 2)
    ramp = np.linspace(0.0, 1.0, fade)
    signal = signal.copy()
    signal[:fade] *= ramp
    signal[signal.size - fade :] *= ramp[::-1]
    scaled = signal * (PEAK / max(float(np.max(np.abs(signal))), 1e-9))
    return np.round(scaled * 32767).astype("<i2").tobytes()


def write_wav(path: Path, samples: bytes) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples)


def make_all(folder: Path) -> list[Path]:
    """Write every sound into ``folder``; the paths written, in order."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        # each sound its own stream: changing one sound leaves the others as they were
        rng = np.random.default_rng([SEED, zlib.crc32(name.encode())])
        path = folder / f"{name}.wav"
        write_wav(path, pcm(make(rng)))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "assets" / "sounds"
    for path in make_all(folder):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
