"""Corpora: line-aligned files, input layouts, the one corpus pipeline, significance tests,
resampling and reports."""
