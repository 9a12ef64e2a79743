"""What the page last painted, so that only what changed is handed to ``static/paint.js``."""

from __future__ import annotations

import json
from typing import Any

from ..ports import Updates

__all__ = ["Screen"]


def _text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


class Screen:
    """The page as last painted: element id or paint key -> a key of what was painted."""

    def __init__(self) -> None:
        self.shown: dict[str, Any] = {}

    def updates(self, updates: Updates, force: bool = False) -> Updates:
        """The element updates that differ from what was painted (all with ``force``), remembered as painted."""
        changed: Updates = {}
        for element_id, spec in updates.items():
            key = _text(spec)
            if force or self.shown.get(element_id) != key:
                self.shown[element_id] = key
                changed[element_id] = spec
        return changed

    def once(self, key: str, data: Any) -> str | None:
        """``data`` as JSON text if it differs from what was painted under ``key`` (then remembered), else None."""
        text = json.dumps(data, ensure_ascii=False)
        if self.shown.get(key) == text:
            return None
        self.shown[key] = text
        return text

    def same(self, key: str, value: Any) -> bool:
        """Whether ``value`` is what was painted under ``key`` (remembered either way; no JSON is made)."""
        if key in self.shown and self.shown[key] == value:
            return True
        self.shown[key] = value
        return False

    def forget(self, *keys: str) -> None:
        """Paint these again next time (their element was rebuilt or written elsewhere)."""
        for key in keys:
            self.shown.pop(key, None)

    def clear(self) -> None:
        """Paint everything again (the language changed)."""
        self.shown.clear()
