"""A small bounded least-recently-used mapping: the one policy of the scorer caches
(:func:`bleu2.metrics.bleu.api.scorer_for`) and of the page's statistics (:mod:`bleu2.page.sentence.candidates`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["LRU"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """At most ``size`` entries (values are never None). Reading an entry (:meth:`get`)
    or storing one (:meth:`put`) makes it the most recent; storing into a full cache
    drops the least recently used entry.

    Example:
        >>> cache = LRU[str, int](2)
        >>> cache.put("a", 1), cache.put("b", 2), cache.get("a"), cache.put("c", 3)
        (1, 2, 1, 3)
        >>> cache.get("b") is None, cache.get("a"), cache.newest()
        (True, 1, 1)
    """

    __slots__ = ("_items", "size")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"an LRU cache holds at least 1 entry, not {size}")
        self.size = size
        self._items: dict[K, V] = {}  # least recently used first

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: K) -> V | None:
        """The value stored for ``key`` (now the most recent), or None."""
        items = self._items
        try:
            value = items.pop(key)
        except KeyError:
            return None
        items[key] = value
        return value

    def put(self, key: K, value: V) -> V:
        """Store ``value`` for ``key`` as the most recent entry; returns ``value``."""
        items = self._items
        if items.pop(key, None) is None and len(items) >= self.size:
            del items[next(iter(items))]
        items[key] = value
        return value

    def newest(self) -> V | None:
        """The most recent value, or None when the cache is empty."""
        return next(reversed(self._items.values()), None)

    def clear(self) -> None:
        self._items.clear()
