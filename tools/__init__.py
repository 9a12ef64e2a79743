"""The site's build and serving tools (``python -m tools.build_site``, ``python -m tools.serve``),
importable by the tests and the benchmarks (``from tools import serve``). Standard library only."""
