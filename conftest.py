# pytest collects the package's docstring examples (--doctest-modules); running
# bleu2/__main__.py would start the command line. (Here, not in bleu2/, so the wheel
# does not ship a conftest.py.)
collect_ignore = ["bleu2/__main__.py"]
