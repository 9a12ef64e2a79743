"""The benchmarks (``make bench-*``; ``python -m bench.page_bench`` and so on, from the
repository root): ratios against peers run in the same run, printed, never asserted."""
