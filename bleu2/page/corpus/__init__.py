"""Corpus mode: whole test sets scored, ranked and tested for significance."""
