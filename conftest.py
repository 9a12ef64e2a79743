# pytest collects the package's docstring examples (--doctest-modules); running
# __main__ would start the command line.
collect_ignore = ["__main__.py"]
