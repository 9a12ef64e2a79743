"""GLEU benchmark: bleu2 against NLTK 3.10.4's ``corpus_gleu`` in one run.

    python -m bench.gleu_bench [--repeat 7]

On the TED files (2,445 lines, tokenized ``ted.sys1.eng`` against ``ted.ref.eng``; and a
second reference, ``ted.sys2.eng``): NLTK's ``corpus_gleu`` and
``bleu2.compat.nltk.gleu_score.corpus_gleu`` on the same token lists (orders 1 to 4, and
2 to 6), the best of N by process CPU time (the machine may be shared: CPU time is the
fairer clock) and wall time, alternating the two so that both see the same load. Also HF
evaluate's ``google_bleu`` rules on the detokenized files: 13a tokenization (sacreBLEU's,
as the metric script's ``tokenizer_13a.py``) then NLTK, against
``bleu2.compat.evaluate.load("google_bleu")``. The scores must be equal floats.
Target: bleu2 <= 0.5x NLTK. Nothing here is asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from nltk.translate.gleu_score import corpus_gleu as nltk_corpus_gleu
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu2.compat import evaluate
from bleu2.compat.nltk.gleu_score import corpus_gleu

TED = Path(__file__).resolve().parents[2] / "shared" / "data" / "ted"  # ../shared/data beside the checkout


def _lines(name: str) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").split("\n")[:-1]


def _best(functions: dict[str, Callable[[], object]], repeat: int) -> dict[str, tuple[float, float, object]]:
    """Per function: best CPU time, best wall time, its value (runs alternate)."""
    cpu: dict[str, float] = {k: float("inf") for k in functions}
    wall = dict(cpu)
    values: dict[str, object] = {}
    for _ in range(repeat):
        for name, fn in functions.items():
            c0, w0 = time.process_time(), time.perf_counter()
            values[name] = fn()
            cpu[name] = min(cpu[name], time.process_time() - c0)
            wall[name] = min(wall[name], time.perf_counter() - w0)
    return {k: (cpu[k], wall[k], values[k]) for k in functions}


def _report(title: str, results: dict[str, tuple[float, float, object]]) -> None:
    (peer, (pc, pw, pv)), (ours, (oc, ow, ov)) = results.items()
    same = "equal" if pv == ov else f"DIFFERENT ({pv!r} vs {ov!r})"
    print(f"{title}: score {ov!r} ({same})")
    print(f"  {peer:<28} cpu {pc * 1000:8.1f} ms   wall {pw * 1000:8.1f} ms")
    print(f"  {ours:<28} cpu {oc * 1000:8.1f} ms   wall {ow * 1000:8.1f} ms")
    print(f"  ratio bleu2 / peer: cpu {oc / pc:.2f}x, wall {ow / pw:.2f}x (target <= 0.5x)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    ref, sys1, sys2 = ([line.split() for line in _lines(f"ted.{name}.eng")] for name in ("ref", "sys1", "sys2"))
    one = [[r] for r in ref]
    two = [[r, s] for r, s in zip(ref, sys2)]
    for title, refs, orders in (
        ("TED, 1 reference, orders 1-4", one, (1, 4)),
        ("TED, 2 references, orders 1-4", two, (1, 4)),
        ("TED, 1 reference, orders 2-6", one, (2, 6)),
    ):
        results = _best(
            {
                "NLTK corpus_gleu": lambda r=refs, o=orders: nltk_corpus_gleu(r, sys1, *o),
                "bleu2 compat corpus_gleu": lambda r=refs, o=orders: corpus_gleu(r, sys1, *o),
            },
            args.repeat,
        )
        _report(title, results)
    hyps, refs_text = _lines("ted.sys1.detok.eng"), _lines("ted.ref.detok.eng")

    def hf_rules() -> float:
        tok = Tokenizer13a()  # a new one per run: its lru_cache would remember the last run
        return nltk_corpus_gleu([[tok(r).split()] for r in refs_text], [tok(h).split() for h in hyps])

    def ours() -> float:
        return float(evaluate.load("google_bleu").compute(predictions=hyps, references=refs_text)["google_bleu"])

    _report(
        "HF google_bleu rules, TED detok (13a tokenization included)",
        _best({"13a + NLTK": hf_rules, "bleu2 google_bleu": ours}, args.repeat),
    )


if __name__ == "__main__":
    main()
