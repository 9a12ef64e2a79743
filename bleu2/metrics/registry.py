"""The metrics, registered once: each metric's package declares its :class:`~bleu2.metrics.protocol.Metric`
entries (``METRICS`` in its ``__init__.py``), and everything that needs a metric's names, its
direction or its scorer asks here instead of testing names.

    >>> from bleu2.metrics import registry
    >>> registry.names()
    ('bleu', 'chrf', 'chrf++', 'ter', 'rouge', 'rouge-score', 'rouge-torchmetrics', 'gleu', 'nist')
    >>> registry.get("ter").lower_is_better, registry.get("chrf++").display
    (True, 'chrF++')
"""

from __future__ import annotations

from .bleu import METRICS as _BLEU
from .chrf import METRICS as _CHRF
from .gleu import METRICS as _GLEU
from .nist import METRICS as _NIST
from .protocol import Metric
from .rouge import METRICS as _ROUGE
from .ter import METRICS as _TER

__all__ = ["DEFAULT", "Metric", "family", "get", "metrics", "names", "register", "unregister"]

_REGISTRY: dict[str, Metric] = {m.key: m for m in (*_BLEU, *_CHRF, *_TER, *_ROUGE, *_GLEU, *_NIST)}

#: The metric bleu2 scores unless told otherwise (its command line, its page).
DEFAULT = _BLEU[0].key


def register(metric: Metric) -> Metric:
    """Add ``metric`` (after those registered before it).

    Raises:
        ValueError: its key is taken.
    """
    if metric.key in _REGISTRY:
        raise ValueError(f"a metric named {metric.key!r} is registered already")
    _REGISTRY[metric.key] = metric
    return metric


def unregister(key: str) -> None:
    """Remove the metric ``key`` (a test's own metric, once the test is done)."""
    _REGISTRY.pop(key, None)


def get(key: str) -> Metric:
    """The metric named ``key``.

    Raises:
        ValueError: no metric has that name (the message lists them).
    """
    try:
        return _REGISTRY[key]
    except (KeyError, TypeError):
        raise ValueError(f"metric must be one of {', '.join(_REGISTRY)}, got {key!r}") from None


def metrics(*, variants: bool = True, sacrebleu: bool | None = None) -> tuple[Metric, ...]:
    """The registered metrics, in their order; ``variants=False``: without settings of another
    (chrF++); ``sacrebleu=True``: those ``bleu2 sacrebleu -m`` takes."""
    return tuple(
        m
        for m in _REGISTRY.values()
        if (variants or m.variant_of is None) and (sacrebleu is None or m.sacrebleu == sacrebleu)
    )


def names(*, variants: bool = True, sacrebleu: bool | None = None) -> tuple[str, ...]:
    """The keys of :func:`metrics`."""
    return tuple(m.key for m in metrics(variants=variants, sacrebleu=sacrebleu))


def family(key: str) -> Metric:
    """The metric ``key`` is a setting of (chrF++: chrF), else ``key``'s own: whose settings
    and presets it shows.

    Raises:
        ValueError: no metric has that name.
    """
    metric = get(key)
    return get(metric.variant_of) if metric.variant_of else metric
