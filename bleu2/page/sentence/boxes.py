"""The sentence view's text boxes: ids, which event acts on which box, a change applied.

Their texts as read (a change applied to the text last read), and the selection after a removal.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

__all__ = ["KINDS", "box_id", "box_ids", "box_of", "selection_after_removal", "apply_read"]

#: The kinds of box, in the order the page shows them.
KINDS = ("reference", "candidate")


def box_id(kind: str, number: int) -> str:
    """Id of the text box ``number`` (1-based) of ``kind`` ("reference" or "candidate"):
    ``reference``, ``reference-2``, ... (the first box's id is the bare kind)."""
    return kind if number == 1 else f"{kind}-{number}"


def box_ids(kind: str, count: int) -> list[str]:
    """The ids of ``count`` boxes of ``kind``, in order (:func:`box_id`)."""
    return [box_id(kind, number) for number in range(1, count + 1)]


def box_of(element_id: str, event_type: str | None = None) -> tuple[str, int, str] | None:
    """Which box an element belongs to, from its id (:func:`box_id`, plus ``-remove`` for
    its Remove button): ``"candidate-2-remove"`` -> ``("candidate", 2, "remove")``,
    ``"reference"`` -> ``("reference", 1, "")``; None for any other id. With ``event_type``,
    also None unless that event acts there: ``"click"`` on a Remove button, ``"input"`` in a box."""
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
    """The selected candidate (0-based) after candidate ``removed`` (0-based) is removed,
    ``remaining`` candidates being left: the same candidate where it still exists (indices
    after the removed one move up by one), else the one before."""
    if selected >= removed and selected > 0:
        selected -= 1
    return min(selected, max(remaining - 1, 0))


def apply_read(old: str, prefix: int, suffix: int, middle: str, length: int | None = None) -> str:
    """A text box's new text from the one last read and the change the page reports
    (:class:`bleu2.page.sentence.port.Change`, made by ``static/textdiff.mjs``): ``prefix`` and
    ``suffix`` code points of ``old`` kept, ``middle`` between them (all of the text when
    nothing was read before); ``length``, when given, the new text's length in code points
    as the page counted it.

    Raises:
        ValueError: the change does not fit ``old`` (``length`` differs): the reader's copy
            is not the one the page changed.

    >>> apply_read("the cat sat", 4, 3, "dog ", 11)
    'the dog sat'
    >>> apply_read("", 0, 0, "new"), apply_read("same", 4, 0, "")
    ('new', 'same')
    """
    new = old[:prefix] + str(middle) + old[len(old) - suffix :]
    if length is not None and (len(new) != length or prefix + suffix > len(old)):
        raise ValueError(f"the change does not fit the copy ({len(old)} code points)")
    return new
