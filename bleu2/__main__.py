"""``python -m bleu2``: the command line (see :mod:`bleu2.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
