"""ROUGE: bleu2 against rouge-score 0.1.2 (and rouge-score-rs, when importable).

    python -m bench.rouge_bench [--repeat 3] [--lines 2445]

Data: the shared TED files (detokenized reference and sys1, 2,445 lines). Timed in this
process, best of --repeat (wall clock; the runs alternate), ROUGE-1, ROUGE-2, ROUGE-L and
ROUGE-Lsum with stemming on:

- scoring: rouge-score's ``RougeScorer(...).score(target, prediction)`` for every line,
  against ``bleu2.compat.rouge_score``'s ``RougeScorer`` (the same loop, one changed
  import) and bleu2's engine (``corpus_rouge(..., aggregate=False)``); bleu2's stem cache
  is emptied before each run, so every run stems from scratch as NLTK does;
- the bootstrap: rouge-score's ``BootstrapAggregator.aggregate()`` (NumPy) against bleu2's
  seeded one (pure Python), on the same per-line scores;
- rouge-score-rs (Rust, on PyPI) when ``import rouge_score_rs`` works (it is no test
  dependency: put it on PYTHONPATH to see it): its ``score`` loop and ``score_batch``.

The ratios bleu2 / peer are printed; nothing is asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from rouge_score import rouge_scorer as peer_scorer
from rouge_score import scoring as peer_scoring

from bleu2.compat.rouge_score import rouge_scorer, scoring
from bleu2.metrics.rouge import corpus_rouge
from bleu2.metrics.rouge import tokenize as rouge_tokenize

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "ted"
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def _best(fns: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for name, fn in fns.items():
            rouge_tokenize._STEMS.clear()
            t = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lines", type=int, default=2445)
    args = ap.parse_args()
    refs = (DATA / "ted.ref.detok.eng").read_text(encoding="utf-8").split("\n")[: args.lines]
    preds = (DATA / "ted.sys1.detok.eng").read_text(encoding="utf-8").split("\n")[: args.lines]
    pairs = list(zip(refs, preds))

    peer = peer_scorer.RougeScorer(TYPES, use_stemmer=True)
    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
    fns: dict[str, Callable[[], object]] = {
        "rouge-score 0.1.2 score loop": lambda: [peer.score(t, p) for t, p in pairs],
        "bleu2.compat.rouge_score score loop": lambda: [ours.score(t, p) for t, p in pairs],
        "bleu2 corpus_rouge (engine)": lambda: corpus_rouge(
            preds, refs, rouge_types=TYPES, tokenizer="rouge-score", use_stemmer=True, aggregate=False
        ),
    }
    try:
        from rouge_score_rs import rouge_scorer as rs_scorer  # type: ignore[import-not-found]
    except ImportError:
        rs_scorer = None
    if rs_scorer is not None:
        rs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
        fns["rouge-score-rs score loop"] = lambda: [rs.score(t, p) for t, p in pairs]
        fns["rouge-score-rs score_batch"] = lambda: rs.score_batch(refs, preds)
    times = _best(fns, args.repeat)
    base = times["rouge-score 0.1.2 score loop"]
    print(f"ROUGE-1/2/L/Lsum, stemming on, {len(pairs)} TED lines (best of {args.repeat}):")
    for name, t in times.items():
        print(f"  {name:40s} {t:8.3f} s   {t / base:6.3f}x rouge-score")
    if rs_scorer is not None:
        rs_t = times["rouge-score-rs score loop"]
        for name in ("bleu2.compat.rouge_score score loop", "bleu2 corpus_rouge (engine)"):
            print(f"  {name} / rouge-score-rs score loop: {times[name] / rs_t:.1f}x")
    else:
        print("  rouge-score-rs: not importable here (pip download --no-deps rouge-score-rs; unzip onto PYTHONPATH)")

    scores = [peer.score(t, p) for t, p in pairs]

    def peer_aggregate() -> object:
        agg = peer_scoring.BootstrapAggregator()
        for s in scores:
            agg.add_scores(s)
        np.random.seed(12345)
        return agg.aggregate()

    def our_aggregate() -> object:
        agg = scoring.BootstrapAggregator()
        for s in scores:
            agg.add_scores(s)
        return agg.aggregate()

    times = _best({"rouge-score aggregate": peer_aggregate, "bleu2 aggregate": our_aggregate}, args.repeat)
    a, b = times["rouge-score aggregate"], times["bleu2 aggregate"]
    print(f"BootstrapAggregator, 4 types x 1000 resamples: rouge-score {a:.3f} s, bleu2 {b:.3f} s ({b / a:.2f}x)")


if __name__ == "__main__":
    main()
