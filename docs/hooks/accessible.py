"""MkDocs hook: give the theme's search dialog an accessible name.

Material for MkDocs writes its search as ``<div class="md-search" role="dialog">`` with no
name (axe: aria-dialog-name); every built page gets ``aria-label="Search"`` there.
"""

from __future__ import annotations

SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
NAMED = '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search">'


def on_post_page(output: str, page, config) -> str:
    return output.replace(SEARCH_DIALOG, NAMED)
