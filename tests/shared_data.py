"""Where the shared MT test data lives: ``../shared/data`` beside the checkout (BSD-3)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
TED = DATA / "ted"
MULTITED_JA = DATA / "multited-ja"
