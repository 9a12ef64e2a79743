"""Engine benchmark: bleu2.corpus_bleu against sacreBLEU and NLTK in one run.

    python -m bench.engine_bench [--repeat 5]

Part 1 (issue 7): 16 systems x 3,004 lines (WMT-size; built from ../shared/data: the TED
reference repeated to 3,004 lines, and 16 systems whose line i is sys1 or sys2, detokenized
or tokenized, chosen by a seeded random generator per system), one reference file:
bleu2.corpus_bleu with its defaults called once per system (references tokenized once for
all systems), against sacreBLEU 2.6.0's BLEU(max_ngram_order=2, tokenize="intl") with one
metric object for all systems, (a) references given to each corpus_score call and (b)
cached in the metric (BLEU(references=...), then corpus_score(hyps, None)); sacreBLEU's
tokenizer cache cleared before each run. Target: bleu2 <= 0.4x sacreBLEU.

Part 2 (issue 3):
On the TED files (2,445 lines) and the same files concatenated ten times:
- bleu2.corpus_bleu with its defaults (BLEU-2, add-1, default tokenizer, lower-cased),
- sacreBLEU BLEU(max_ngram_order=2, tokenize="intl"),
- NLTK corpus_bleu(weights=(0.5, 0.5)) including NLTK's tokenization
  (NLTKWordTokenizer on lower-cased text: word_tokenize without its sentence splitter,
  which would need downloaded data),
on the same lines. Prints the best-of-N wall time, the ratios to bleu2, and peak
Python memory (tracemalloc, in a separate run so it does not slow the timing).
sacreBLEU's process-wide tokenizer cache is cleared before each run; bleu2 and
sacreBLEU both tokenize a repeated line once per run, so on the corpus concatenated
ten times the growth in time is below 10.
Nothing here is asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import logging
import time
import tracemalloc
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "ted"


def load(name: str) -> list[str]:
    return (DATA / name).read_text(encoding="utf-8").splitlines()


def run_bleu2(hyps, refs):
    import bleu2

    return bleu2.corpus_bleu(hyps, refs).score


def run_sacrebleu(hyps, refs):
    from sacrebleu.metrics import BLEU
    from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International

    # sacreBLEU memoises tokenized lines in a process-wide lru_cache (65,536 lines); clear
    # it so that every timed run tokenizes, as a first run does. Repeated lines within one
    # run still hit the cache, as bleu2's per-call dedup does.
    TokenizerV14International.__call__.cache_clear()
    return BLEU(max_ngram_order=2, tokenize="intl").corpus_score(hyps, [refs]).score / 100


def run_nltk(hyps, refs):
    from nltk.tokenize import NLTKWordTokenizer
    from nltk.translate.bleu_score import corpus_bleu

    tok = NLTKWordTokenizer().tokenize
    return corpus_bleu([[tok(r.lower())] for r in refs], [tok(h.lower()) for h in hyps], weights=(0.5, 0.5))


TOOLS = [("bleu2", run_bleu2), ("sacrebleu-intl", run_sacrebleu), ("nltk", run_nltk)]


def best_time(fn, hyps, refs, repeat):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(hyps, refs)
        best = min(best, time.perf_counter() - t0)
    return best


def peak_mib(fn, hyps, refs):
    tracemalloc.start()
    fn(hyps, refs)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def wmt_size(n_lines: int = 3004, n_systems: int = 16):
    """(references, systems): the bench input of part 1 (see the module docstring)."""
    import random

    ref = (load("ted.ref.detok.eng") * 2)[:n_lines]
    sources = [
        (load(name) * 2)[:n_lines]
        for name in ("ted.sys1.detok.eng", "ted.sys2.detok.eng", "ted.sys1.eng", "ted.sys2.eng")
    ]
    systems = []
    for k in range(n_systems):
        rng = random.Random(k)
        systems.append([sources[rng.randrange(4)][i] for i in range(n_lines)])
    return ref, systems


def part1(repeat: int) -> None:
    from sacrebleu.metrics import BLEU
    from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International

    import bleu2
    import bleu2.api

    ref, systems = wmt_size()

    def run_bleu2():
        bleu2.api.clear_scorers()  # a cold start: the references are tokenized in this run
        return [bleu2.corpus_bleu(s, ref).score for s in systems]

    def run_sacrebleu_refs_each_call():
        TokenizerV14International.__call__.cache_clear()
        metric = BLEU(max_ngram_order=2, tokenize="intl")
        return [metric.corpus_score(s, [ref]).score / 100 for s in systems]

    def run_sacrebleu_cached_refs():
        TokenizerV14International.__call__.cache_clear()
        metric = BLEU(max_ngram_order=2, tokenize="intl", references=[ref])
        return [metric.corpus_score(s, None).score / 100 for s in systems]

    runs = [
        ("bleu2", run_bleu2),
        ("sacrebleu, refs per call", run_sacrebleu_refs_each_call),
        ("sacrebleu, cached refs", run_sacrebleu_cached_refs),
    ]
    print(f"16 systems x {len(ref)} lines, one reference file (best of {repeat}):")
    times = {}
    for name, fn in runs:
        scores = fn()
        times[name] = best_time(lambda h, r, fn=fn: fn(), None, None, repeat)
        print(f"  {name:>26}: {times[name]:7.3f} s   first system {scores[0]:.6f}")
    for name, _ in runs[1:]:
        print(f"  bleu2 / {name}: {times['bleu2'] / times[name]:.2f}   target <= 0.40")
    print()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="timing runs per tool (best is kept)")
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")
    logging.getLogger("sacrebleu").setLevel(logging.ERROR)  # its "forgot to detokenize" advice
    part1(args.repeat)
    hyps1, refs1 = load("ted.sys1.detok.eng"), load("ted.ref.detok.eng")
    for fn in (f for _, f in TOOLS):  # warm imports and regex caches
        fn(hyps1[:50], refs1[:50])
    print(f"{'corpus':>10} {'tool':>15} {'score':>9} {'time s':>9} {'x bleu2':>8} {'peak MiB':>9}")
    times_by_scale = {}
    for scale in (1, 10):
        hyps, refs = hyps1 * scale, refs1 * scale
        label = f"{len(hyps)} ln"
        times = {}
        for name, fn in TOOLS:
            score = fn(hyps, refs)
            t = best_time(fn, hyps, refs, args.repeat if scale == 1 else max(2, args.repeat // 2))
            times[name] = t
            mem = peak_mib(fn, hyps, refs)
            print(f"{label:>10} {name:>15} {score:9.6f} {t:9.4f} {t / times['bleu2']:8.2f} {mem:9.1f}")
        times_by_scale[scale] = times
    print()
    t1, t10 = times_by_scale[1], times_by_scale[10]
    print(
        f"bleu2 / sacreBLEU time: {t1['bleu2'] / t1['sacrebleu-intl']:.2f} (1x), "
        f"{t10['bleu2'] / t10['sacrebleu-intl']:.2f} (10x)   target <= 0.50"
    )
    print(
        f"bleu2 / NLTK time:      {t1['bleu2'] / t1['nltk']:.2f} (1x), "
        f"{t10['bleu2'] / t10['nltk']:.2f} (10x)   target < 1"
    )
    for name in t1:
        print(f"growth 10x corpus / 1x, {name}: {t10[name] / t1[name]:.1f} (linear = 10)")


if __name__ == "__main__":
    main()
