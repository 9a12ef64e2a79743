"""What every metric and the corpus machinery share: sacreBLEU's float arithmetic, NumPy's random
generator in pure Python, a bounded cache, and work in steps (progress, then a result)."""
