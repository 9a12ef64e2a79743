"""The sentence view: a few candidates against their references, scored as a person types."""
