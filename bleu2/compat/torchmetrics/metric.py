"""torchmetrics' ``Metric`` as its text metrics use it, on additive statistics.

A metric keeps the sum of its batches' sufficient statistics (``update``), scores that sum
(``compute``), scores one batch while adding it (``forward``, ``__call__``) and forgets
(``reset``), as torchmetrics' ``Metric`` with ``full_state_update`` does. The statistics are
Python integers, exact however many batches are added (torchmetrics keeps float32 tensors).
Values come back as a 0-dimensional ``torch.Tensor`` of torch's default dtype when torch
can be imported, else as a float; torch is imported only then, never by the engine.
"""

from __future__ import annotations

import copy
import importlib
import warnings
from collections.abc import Sequence
from functools import cache
from typing import Any, Generic, TypeVar

__all__ = ["Metric", "as_value", "as_vector", "check_corpus", "check_inputs"]

S = TypeVar("S")

#: torchmetrics ``Metric``'s keyword arguments (distributed syncing, caching): accepted, and
#: without effect here (one process; compute is cheap). Name -> whether it must be a bool.
_METRIC_KWARGS = {
    "compute_on_cpu": True,
    "dist_sync_on_step": True,
    "process_group": False,
    "dist_sync_fn": False,
    "distributed_available_fn": False,
    "sync_on_compute": True,
    "compute_with_cache": True,
}


@cache
def _torch() -> Any:
    try:
        return importlib.import_module("torch")
    except ImportError:
        return None


def as_value(value: float, device: object = None) -> Any:
    """``value`` as torchmetrics returns it: a 0-dim tensor (torch's default dtype, on
    ``device``) when torch can be imported, else the float itself."""
    torch = _torch()
    if torch is None:
        return value
    return torch.tensor(value, dtype=torch.get_default_dtype(), device=device)


def as_vector(values: Sequence[float], device: object = None) -> Any:
    """``values`` as torchmetrics returns a list of scores: a 1-dim tensor (torch's default
    dtype, on ``device``) when torch can be imported, else a list of floats."""
    torch = _torch()
    if torch is None:
        return list(values)
    return torch.tensor(list(values), dtype=torch.get_default_dtype(), device=device)


def check_corpus(preds: object, target: object, wrap_strings: bool = False) -> tuple[list[str], list[list[str]]]:
    """``preds`` (one string per prediction) and ``target`` (a list of reference strings per
    prediction; with ``wrap_strings`` a string is one reference, as ``bleu_score`` takes it)
    checked and listed.

    Raises:
        TypeError: a string where a list is expected (torchmetrics would read its characters
            one by one), or an entry that is not a string.
        ValueError: different numbers of predictions and targets; a prediction without references.
    """
    if isinstance(preds, str):
        if not wrap_strings:
            raise TypeError("preds is a string: give a list of predictions (torchmetrics would read each character)")
        preds = [preds]
    if isinstance(target, str):
        raise TypeError(
            "target is a string: give a list of references per prediction, e.g. [['a ref']] "
            "(torchmetrics would read each of its characters as a reference)"
        )
    if not isinstance(preds, Sequence) or not isinstance(target, Sequence):
        raise TypeError("preds must be a list of strings and target a list of reference lists, one per prediction")
    if len(preds) != len(target):
        raise ValueError(f"Corpus has different size {len(preds)} != {len(target)}")
    refs: list[list[str]] = []
    for i, (pred, entry) in enumerate(zip(preds, target)):
        if not isinstance(pred, str):
            raise TypeError(f"preds[{i}] must be a string, not {type(pred).__name__}")
        if isinstance(entry, str):
            if not wrap_strings:
                raise TypeError(
                    f"target[{i}] is a string: give a list of references per prediction, e.g. [['a ref'], ...] "
                    "(torchmetrics would read each of its characters as a reference)"
                )
            entry = [entry]
        if not isinstance(entry, Sequence) or not all(isinstance(r, str) for r in entry):
            raise TypeError(f"target[{i}] must be a list of reference strings")
        if not entry:
            raise ValueError(f"target[{i}] has no reference")
        refs.append(list(entry))
    return list(preds), refs


def check_inputs(preds: object, target: object) -> tuple[list[str], list[list[str]]]:
    """``preds`` and ``target`` as torchmetrics' ``_validate_inputs`` reads them: a string
    is one prediction; a list of reference strings is, for one prediction, its references,
    else one reference per prediction. Then :func:`check_corpus`'s checks (where
    torchmetrics would read a string character by character or stop short: refused)."""
    if isinstance(preds, str):
        preds = [preds]
    if (
        isinstance(target, Sequence)
        and not isinstance(target, str)
        and target
        and all(isinstance(r, str) for r in target)
        and isinstance(preds, Sequence)
    ):
        target = [list(target)] if len(preds) == 1 else [[r] for r in target]
    return check_corpus(preds, target)


class Metric(Generic[S]):
    """The part of torchmetrics' ``Metric`` that its text metrics' users call.

    Subclasses give ``_zero()`` (the statistics of nothing), ``_add(a, b)``,
    ``_batch(preds, target)`` (a batch's statistics) and ``_value(stats)`` (the score, a float);
    a metric that returns more than one value (torchmetrics' sentence-level scores) overrides
    ``_result(stats)``.

    Raises:
        ValueError: an unknown keyword argument, or a non-bool where torchmetrics wants one.
    """

    is_differentiable = False
    higher_is_better = True
    full_state_update = True

    def __init__(self, **kwargs: Any) -> None:
        unknown = sorted(k for k in kwargs if k not in _METRIC_KWARGS)
        if unknown:
            raise ValueError(f"Unexpected keyword arguments: {', '.join(f'`{k}`' for k in unknown)}")
        for name, value in kwargs.items():
            if _METRIC_KWARGS[name] and not isinstance(value, bool):
                raise ValueError(f"Expected keyword argument `{name}` to be a `bool` but got {value}")
        self._device: object = None
        self._stats: S = self._zero()
        self._update_count = 0

    # -- the statistics (subclasses)
    def _zero(self) -> S:
        raise NotImplementedError

    def _add(self, a: S, b: S) -> S:
        raise NotImplementedError

    def _batch(self, preds: Any, target: Any) -> S:
        raise NotImplementedError

    def _value(self, stats: S) -> float:
        raise NotImplementedError

    def _result(self, stats: S) -> Any:
        """What ``compute`` and ``forward`` return: the value as :func:`as_value` makes it."""
        return as_value(self._value(stats), self._device)

    # -- torchmetrics' API
    @property
    def update_count(self) -> int:
        """How many times ``update`` (or ``forward``) was called since the last ``reset``."""
        return self._update_count

    @property
    def update_called(self) -> bool:
        return self._update_count > 0

    @property
    def device(self) -> object:
        """The device of the returned tensors (None: torch's default)."""
        return self._device

    def update(self, preds: Any, target: Any) -> None:
        """Add a batch's statistics."""
        self._stats = self._add(self._stats, self._batch(preds, target))
        self._update_count += 1

    def compute(self) -> Any:
        """The score of everything added since the last ``reset`` (a tensor, or a float
        without torch). Warns (``UserWarning``) before any ``update``, as torchmetrics."""
        if not self._update_count:
            warnings.warn(
                f"The ``compute`` method of metric {type(self).__name__} was called before the ``update`` method "
                "which may lead to errors, as metric states have not yet been updated.",
                UserWarning,
                stacklevel=2,
            )
        return self._result(self._stats)

    def forward(self, preds: Any, target: Any) -> Any:
        """Add the batch and return its own score (not the running one)."""
        batch = self._batch(preds, target)
        self._stats = self._add(self._stats, batch)
        self._update_count += 1
        return self._result(batch)

    __call__ = forward

    def reset(self) -> None:
        """Forget every batch."""
        self._stats = self._zero()
        self._update_count = 0

    def clone(self) -> Metric[S]:
        """A copy, with its own statistics (torchmetrics' ``clone``)."""
        return copy.deepcopy(self)

    def to(self, device: object = None, *args: Any, **kwargs: Any) -> Metric[S]:
        """Return values on ``device`` from now on (the statistics are integers, kept on the host)."""
        self._device = device
        return self

    def cpu(self) -> Metric[S]:
        return self.to("cpu")

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
