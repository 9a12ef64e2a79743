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
- HF evaluate's ``load("rouge").compute`` (default options plus stemming: the scores and
  the bootstrap's mid): its metric script's ``_compute`` on rouge-score (the script's code,
  as tests/engine/test_rouge_evaluate.py has it) against ``bleu2.compat.evaluate``;
- rouge-score-rs 0.2.1 (Rust, on PyPI; no test dependency): imported if it is installed,
  else its wheel is fetched on first use with ``pip download --no-deps`` into
  ``build/bench-py/`` and unpacked there (``--no-fetch``: don't); when neither works the
  reason is printed. Its ``score`` loop (one core) and ``score_batch`` (all cores, threads).

The ratios bleu2 / peer are printed; nothing is asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from rouge_score import rouge_scorer as peer_scorer
from rouge_score import scoring as peer_scoring

from bleu2.compat import evaluate
from bleu2.compat.rouge_score import rouge_scorer, scoring
from bleu2.metrics.rouge import corpus_rouge
from bleu2.metrics.rouge import tokenize as rouge_tokenize

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "ted"
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
RS_VERSION = "0.2.1"
RS_DIR = ROOT / "build" / "bench-py" / f"rouge-score-rs-{RS_VERSION}"


def _rouge_score_rs(fetch: bool) -> tuple[Any, str]:
    """(rouge_score_rs.rouge_scorer or None, how it was found or why not)."""
    try:
        return importlib.import_module("rouge_score_rs.rouge_scorer"), "installed"
    except ImportError:
        pass
    if not RS_DIR.is_dir():
        if not fetch:
            return None, "not installed (--no-fetch)"
        wheels = RS_DIR.with_name("wheels")
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", str(wheels)]
        print(f"fetching rouge-score-rs=={RS_VERSION} into {RS_DIR.relative_to(ROOT)}/ (pip download)", flush=True)
        done = subprocess.run([*cmd, f"rouge-score-rs=={RS_VERSION}"], capture_output=True, text=True)
        found = sorted(wheels.glob(f"rouge_score_rs-{RS_VERSION}-*.whl"))
        if done.returncode or not found:
            why = (done.stderr.strip().splitlines() or ["no wheel"])[-1]
            return None, f"unavailable: pip download failed ({why})"
        with zipfile.ZipFile(found[0]) as wheel:
            wheel.extractall(RS_DIR)
    sys.path.insert(0, str(RS_DIR))
    try:
        return importlib.import_module("rouge_score_rs.rouge_scorer"), f"from {RS_DIR.relative_to(ROOT)}/"
    except ImportError as e:  # e.g. no wheel for this platform's ABI
        return None, f"unavailable: its wheel does not import here ({e})"


def _hf_script(predictions: list[str], references: list[str], use_stemmer: bool) -> dict[str, float]:
    """HF evaluate's ``Rouge._compute`` (defaults but ``use_stemmer``) on rouge-score."""
    scorer = peer_scorer.RougeScorer(rouge_types=TYPES, use_stemmer=use_stemmer, tokenizer=None)
    aggregator = peer_scoring.BootstrapAggregator()
    for ref, pred in zip(references, predictions):
        aggregator.add_scores(scorer.score(ref, pred))
    np.random.seed(12345)  # HF's is unseeded; seeded here to compare the numbers
    return {key: value.mid.fmeasure for key, value in aggregator.aggregate().items()}


def _best(fns: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Per function its best wall time (the runs alternate); the best process CPU times
    go to :data:`CPU` (the fairer clock on a shared machine; threads add up there)."""
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for name, fn in fns.items():
            rouge_tokenize._STEMS.clear()
            c, t = time.process_time(), time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t)
            CPU[name] = min(CPU.get(name, float("inf")), time.process_time() - c)
    return best


CPU: dict[str, float] = {}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lines", type=int, default=2445)
    ap.add_argument("--no-fetch", action="store_true", help="don't pip-download rouge-score-rs")
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
    rs_scorer, rs_how = _rouge_score_rs(not args.no_fetch)
    if rs_scorer is not None:
        rs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
        fns["rouge-score-rs score loop"] = lambda: [rs.score(t, p) for t, p in pairs]
        fns["rouge-score-rs score_batch"] = lambda: rs.score_batch(refs, preds)
    times = _best(fns, args.repeat)
    base, cpu_base = times["rouge-score 0.1.2 score loop"], CPU["rouge-score 0.1.2 score loop"]
    same = [ours.score(t, p) for t, p in pairs] == [peer.score(t, p) for t, p in pairs]
    print(f"ROUGE-1/2/L/Lsum, stemming on, {len(pairs)} TED lines (best of {args.repeat}; scores equal: {same}):")
    for name, t in times.items():
        c = CPU[name]
        print(f"  {name:36s} wall {t:7.3f} s {t / base:6.3f}x   cpu {c:7.3f} s {c / cpu_base:6.3f}x rouge-score")
    if rs_scorer is not None:
        rs_t = times["rouge-score-rs score loop"]
        for name in ("bleu2.compat.rouge_score score loop", "bleu2 corpus_rouge (engine)"):
            rs_c = CPU["rouge-score-rs score loop"]
            print(f"  {name} / rouge-score-rs score loop: wall {times[name] / rs_t:.1f}x, cpu {CPU[name] / rs_c:.1f}x")
    else:
        print(f"  rouge-score-rs: {rs_how}")
    if rs_scorer is not None:
        print(f"  (rouge-score-rs {rs_how}; score_batch uses every core through its threads)")

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
    ca, cb = CPU["rouge-score aggregate"], CPU["bleu2 aggregate"]
    print(
        f"BootstrapAggregator, 4 types x 1000 resamples: rouge-score wall {a:.3f} s, bleu2 {b:.3f} s "
        f"({b / a:.2f}x); cpu {ca:.3f} s, {cb:.3f} s ({cb / ca:.2f}x)"
    )

    hf = {
        "HF script on rouge-score": lambda: _hf_script(preds, refs, True),
        "bleu2.compat.evaluate": lambda: evaluate.load("rouge").compute(
            predictions=preds, references=refs, use_stemmer=True
        ),
    }
    same = hf["HF script on rouge-score"]() == hf["bleu2.compat.evaluate"]()
    times = _best(hf, args.repeat)
    a, b = times["HF script on rouge-score"], times["bleu2.compat.evaluate"]
    ca, cb = CPU["HF script on rouge-score"], CPU["bleu2.compat.evaluate"]
    print(
        f'HF evaluate load("rouge").compute(use_stemmer=True), scores and bootstrap (equal: {same}): '
        f"HF's script wall {a:.3f} s, bleu2 {b:.3f} s ({b / a:.2f}x); cpu {ca:.3f} s, {cb:.3f} s ({cb / ca:.2f}x)"
    )


if __name__ == "__main__":
    main()
