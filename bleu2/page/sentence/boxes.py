"""The sentence view's text boxes: ids, which event acts on which box, a change applied."""

from __future__ import annotations

__all__ = ["KINDS", "box_id", "box_ids", "box_of", "selection_after_removal", "apply_read"]

#: The kinds of box, in the order the page shows them.
KINDS = ("reference", "candidate")


def box_id(kind: str, number: int) -> str:
    """Id of box ``number`` (1-based) of ``kind``: ``reference``, ``reference-2``, ... (the first is the bare kind)."""
    return kind if number == 1 else f"{kind}-{number}"


def box_ids(kind: str, count: int) -> list[str]:
    """The ids of ``count`` boxes of ``kind``, in order (:func:`box_id`)."""
    return [box_id(kind, number) for number in range(1, count + 1)]


def box_of(element_id: str, event_type: str | None = None) -> tuple[str, int, str] | None:
    """``"candidate-2-remove"`` -> ``("candidate", 2, "remove")``, ``"reference"`` -> ``("reference", 1, "")``, else
    None; with ``event_type``, None unless it acts there (``"click"`` on Remove, ``"input"`` in a box)."""
    for kind in KINDS:
        if element_id == kind or element_id.startswith(kind + "-"):
            rest = element_id[len(kind) + 1 :]
            number, _, part = rest.partition("-") if rest[:1].isdigit() else ("1", "", rest)
            if number.isdigit() and part in ("", "remove"):
                if event_type is not None and event_type != ("click" if part else "input"):
                    return None
                return kind, int(number), part
    return None


def selection_after_removal(selected: int, removed: int, remaining: int) -> int:
    """The selected candidate (0-based) after candidate ``removed`` went: the same one if it remains, else the one
    before."""
    if selected >= removed and selected > 0:
        selected -= 1
    return min(selected, max(remaining - 1, 0))


def apply_read(old: str, prefix: int, suffix: int, middle: str, length: int | None = None) -> str:
    """A box's new text: :class:`~bleu2.page.sentence.port.Change` applied to ``old``, the text last read.
    Raises ValueError: the change does not fit ``old`` (``length`` differs)."""
    new = old[:prefix] + str(middle) + old[len(old) - suffix :]
    if length is not None and (len(new) != length or prefix + suffix > len(old)):
        raise ValueError(f"the change does not fit the copy ({len(old)} code points)")
    return new
