"""One sentence's TER edits as data (for the page's breakdown): the shifts tercom made,
with what moved where, then the final alignment of the shifted hypothesis with the
reference, each step an insertion, deletion, substitution or match, shifted words marked.
``num_edits`` = shifts + insertions + deletions + substitutions = sentence TER's edits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .shifts import DEL, INS, MATCH, SUB, shift_path, shifted

__all__ = ["TerShift", "TerStep", "TerAlignment", "alignment_of"]

_OP_NAMES = {MATCH: "match", SUB: "substitution", DEL: "deletion", INS: "insertion"}


@dataclass(frozen=True, slots=True)
class TerShift:
    """One shift: a block of hypothesis words moved.

    Attributes:
        words: the words moved.
        start: where the block started in the hypothesis before this shift (0-based).
        new_start: where it starts after the shift.
        hypothesis: the hypothesis words after the shift.
    """

    words: tuple[str, ...]
    start: int
    new_start: int
    hypothesis: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "words": list(self.words),
            "start": self.start,
            "new_start": self.new_start,
            "hypothesis": list(self.hypothesis),
        }


@dataclass(frozen=True, slots=True)
class TerStep:
    """One step of the final alignment (hypothesis -> reference).

    Attributes:
        op: ``"match"``, ``"substitution"``, ``"deletion"`` (a hypothesis word removed)
            or ``"insertion"`` (a reference word added).
        hyp_word, ref_word: the words (None for an insertion's hypothesis side and a
            deletion's reference side).
        hyp_index: the word's position in the shifted hypothesis (None for an insertion).
        original_index: its position in the hypothesis as written (None for an insertion).
        ref_index: the reference word's position (None for a deletion).
        shifted: whether a shift moved the hypothesis word.
    """

    op: str
    hyp_word: str | None
    ref_word: str | None
    hyp_index: int | None
    original_index: int | None
    ref_index: int | None
    shifted: bool

    @property
    def is_edit(self) -> bool:
        return self.op != "match"

    def to_dict(self) -> dict[str, Any]:
        return {
            "op": self.op,
            "hyp_word": self.hyp_word,
            "ref_word": self.ref_word,
            "hyp_index": self.hyp_index,
            "original_index": self.original_index,
            "ref_index": self.ref_index,
            "shifted": self.shifted,
        }


@dataclass(frozen=True, slots=True)
class TerAlignment:
    """TER's edits of one hypothesis against its closest reference.

    Attributes:
        hypothesis: the hypothesis's words as scored (tercom-normalized).
        reference: the closest reference's words (the first with the fewest edits).
        reference_index: which reference that is (0-based, among the non-None ones).
        shifts: the shifts in the order made.
        steps: the final alignment of the shifted hypothesis with the reference.
        num_edits: shifts + insertions + deletions + substitutions (int).
        ref_length: the references' average length (float), as in the line's statistics.
    """

    hypothesis: tuple[str, ...]
    reference: tuple[str, ...]
    reference_index: int
    shifts: tuple[TerShift, ...]
    steps: tuple[TerStep, ...]
    num_edits: int
    ref_length: float

    def count(self, op: str) -> int:
        """How many steps are ``op`` (``"insertion"``, ``"deletion"``, ``"substitution"``, ``"match"``)."""
        return sum(1 for s in self.steps if s.op == op)

    @property
    def score(self) -> float:
        """TER of the sentence: edits / average reference length (sacreBLEU's rule when 0)."""
        if self.ref_length > 0:
            return self.num_edits / self.ref_length
        return 1.0 if self.num_edits > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "hypothesis": list(self.hypothesis),
            "reference": list(self.reference),
            "reference_index": self.reference_index,
            "num_edits": self.num_edits,
            "ref_length": self.ref_length,
            "score": self.score,
            "shifts": [s.to_dict() for s in self.shifts],
            "insertions": self.count("insertion"),
            "deletions": self.count("deletion"),
            "substitutions": self.count("substitution"),
            "steps": [s.to_dict() for s in self.steps],
        }


def _one(hyp: tuple[str, ...], ref: tuple[str, ...]) -> tuple[list[TerShift], list[TerStep]]:
    if not ref:
        return [], [TerStep("deletion", w, None, i, i, None, False) for i, w in enumerate(hyp)]
    path, words, search = shift_path(hyp, ref)
    order = list(range(len(hyp)))  # original positions, moved as the words are
    current = list(hyp)
    moved: set[int] = set()
    shifts = []
    for start, length, target in path:
        block = order[start : start + length]
        moved.update(block)
        order = shifted(order, start, length, target)
        current = shifted(current, start, length, target)
        shifts.append(TerShift(tuple(hyp[k] for k in block), start, order.index(block[0]), tuple(current)))
    trace = search.align(words)[0].trace
    steps = []
    i = j = 0
    for op in trace:
        if op == INS:
            steps.append(TerStep("insertion", None, ref[j], None, None, j, False))
            j += 1
        elif op == DEL:
            steps.append(TerStep("deletion", words[i], None, i, order[i], None, order[i] in moved))
            i += 1
        else:
            steps.append(TerStep(_OP_NAMES[op], words[i], ref[j], i, order[i], j, order[i] in moved))
            i += 1
            j += 1
    return shifts, steps


def alignment_of(hyp: tuple[str, ...], refs: list[tuple[str, ...]]) -> TerAlignment:
    """The :class:`TerAlignment` of words ``hyp`` against the closest of ``refs`` (non-empty)."""
    best: tuple[int, int, list[TerShift], list[TerStep]] | None = None
    for k, ref in enumerate(refs):
        shifts, steps = _one(hyp, ref)
        edits = len(shifts) + sum(1 for s in steps if s.op != "match")
        if best is None or edits < best[0]:
            best = (edits, k, shifts, steps)
    if best is None:
        raise ValueError("references: at least one reference is needed")
    edits, k, shifts, steps = best
    return TerAlignment(hyp, refs[k], k, tuple(shifts), tuple(steps), edits, sum(len(r) for r in refs) / len(refs))
