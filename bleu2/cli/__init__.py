"""The command line, ``bleu2`` and ``python -m bleu2``: :func:`main` runs bleu2's own command
(:mod:`.bleu2_command`) or, after ``sacrebleu``, sacreBLEU's (:mod:`.sacrebleu_command`), or
after ``compare``, compare-mt's analyses (:mod:`.compare_command`), or after ``multi-bleu``
and ``multi-bleu-detok``, Moses' scripts (:mod:`.multi_bleu_command`); after a metric's name
(``bleu2 rouge -r REF SYS``), bleu2's own command with ``--metric`` that metric."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..corpus.lines import InputError
from ..metrics import registry
from .bleu2_command import main as bleu2_main
from .bleu2_command import score_files
from .parser import build_parser
from .reading import read_lines

__all__ = ["InputError", "build_parser", "main", "read_lines", "score_files"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 on success).

    Args:
        argv: the arguments without the program name; ``None``: ``sys.argv[1:]``.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["sacrebleu"]:
        from .sacrebleu_command import main as sacrebleu_main  # loaded only when asked (it points down)

        return sacrebleu_main(argv[1:])
    if argv[:1] in (["multi-bleu"], ["multi-bleu-detok"]):
        from .multi_bleu_command import main as multi_bleu_main  # loaded only when asked (it points down)

        return multi_bleu_main(argv[1:], detok=argv[0] == "multi-bleu-detok")
    if argv[:1] == ["compare"]:
        from .compare_command import main as compare_main  # loaded only when asked (it points down)

        return compare_main(argv[1:])
    if argv[:1] and argv[0] in registry.names(variants=False) and argv[0] != registry.DEFAULT:
        return bleu2_main(["--metric", argv[0], *argv[1:]])  # ``bleu2 rouge -r REF SYS``
    return bleu2_main(argv)
