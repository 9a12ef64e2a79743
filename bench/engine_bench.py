"""Engine benchmark: bleu2.corpus_bleu against sacreBLEU and NLTK in one run.

    python -m bench.engine_bench [--repeat 5]

Part 1, many systems at WMT size: 16 systems x 3,004 lines (WMT-size; built from ../shared/data: the TED
reference repeated to 3,004 lines, and 16 systems whose line i is sys1 or sys2, detokenized
or tokenized, chosen by a seeded random generator per system), one reference file:
bleu2.corpus_bleu with its defaults called once per system (references tokenized once for
all systems), against sacreBLEU 2.6.0's BLEU(max_ngram_order=2, tokenize="intl") with one
metric object for all systems, (a) references given to each corpus_score call and (b)
cached in the metric (BLEU(references=...), then corpus_score(hyps, None)); sacreBLEU's
tokenizer cache cleared before each run. Target: bleu2 <= 0.4x sacreBLEU.

Part 2, growth with corpus size: on the TED files (2,445 lines) and the same files concatenated ten times:
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
Part 4, chrF: bleu2.corpus_chrf against sacrebleu.corpus_chrf on TED sys1 (2,445 lines,
detokenized), chrF (character 6-grams) and chrF++ (word order 2), each with its
reference n-grams counted in the run (no cache). Target: bleu2 <= 0.5x sacreBLEU.
Part 3, the presets: each preset against its peer in the same run (sacreBLEU, NLTK,
bleuscore and HF evaluate's rules in Python, torchmetrics' rules in Python), on TED; and
``bleu2 sacrebleu`` against ``sacrebleu`` on the 16 systems of part 1: wall time and peak
memory (RSS) of each process.
Part 5, TER: bleu2.corpus_ter against sacrebleu.corpus_ter (2.6.0, default options) on TED
sys1 and sys2 detok against the reference (2,445 lines each), in the same run; the scores
must be equal floats. Target: bleu2 <= 0.5x sacreBLEU.
``--part ter`` runs part 5 alone.
Part 6, chrF and TER on the command line: ``bleu2 sacrebleu REF -i SYS -m chrf`` and
``-m ter`` against ``sacrebleu`` with the same arguments on TED (2,445 lines, detokenized
sys1), whole process, bleu2 byte-compiled first: wall and CPU time and peak RSS (targets:
chrF <= 0.6x, TER <= 0.5x).
``--part metric-cli`` runs part 6 alone.
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
    import bleu2.metrics.bleu.api

    ref, systems = wmt_size()

    def run_bleu2():
        bleu2.metrics.bleu.api.clear_scorers()  # a cold start: the references are tokenized in this run
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
    ap.add_argument(
        "--part",
        choices=("all", "ter", "metric-cli"),
        default="all",
        help="run every part, or only TER's, or only chrF and TER on the command line",
    )
    args = ap.parse_args(argv)
    if args.part == "metric-cli":
        part_metric_cli(min(args.repeat, 3))
        return
    warnings.simplefilter("ignore")
    logging.getLogger("sacrebleu").setLevel(logging.ERROR)  # its "forgot to detokenize" advice
    if args.part == "ter":
        part_ter(args.repeat)
        return
    part_ter(min(args.repeat, 3))
    part1(args.repeat)
    part_presets(args.repeat)
    part_chrf(args.repeat)
    part_sacrebleu_cli(min(args.repeat, 3))
    part_metric_cli(min(args.repeat, 3))
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


# --------------------------------------------------------------------------- presets against their peers


def _peer_rules():
    """tests/peer_rules.py (HF evaluate's and torchmetrics' rules written out), loaded by path."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("peer_rules", ROOT / "tests" / "peer_rules.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def part_presets(repeat: int) -> None:
    """Each preset against its peer on the TED corpus (2,445 lines), in the same run: the
    corpus score, and for sacrebleu-sentence every sentence's score."""
    import bleuscore
    import sacrebleu
    from nltk.translate.bleu_score import corpus_bleu as nltk_corpus_bleu
    from sacrebleu.metrics import BLEU
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    import bleu2
    import bleu2.metrics.bleu.api

    rules = _peer_rules()
    hyps, refs = load("ted.sys1.detok.eng"), load("ted.ref.detok.eng")

    def ours(preset):
        def run():
            bleu2.metrics.bleu.api._SCORERS.clear()
            return bleu2.corpus_bleu(hyps, refs, preset=preset, sentence_scores=False).score

        return run

    def sacre():
        Tokenizer13a.__call__.cache_clear()
        return BLEU().corpus_score(hyps, [refs]).score / 100

    def ours_sentences():
        scorer = bleu2.BLEU(preset="sacrebleu-sentence")
        return sum(scorer.sentence_score(h, r).score for h, r in zip(hyps, refs))

    def sacre_sentences():
        Tokenizer13a.__call__.cache_clear()
        metric = BLEU(effective_order=True)
        return sum(metric.sentence_score(h, [r]).score / 100 for h, r in zip(hyps, refs))

    def nltk():
        return nltk_corpus_bleu([[r.split()] for r in refs], [h.split() for h in hyps])

    def hf_bleuscore():
        return bleuscore.compute(predictions=hyps, references=[[r] for r in refs])["bleu"]

    def hf_python():
        return rules.hf_evaluate_bleu(hyps, [[r] for r in refs])["bleu"]

    def torchmetrics_python():
        return rules.torchmetrics_bleu(hyps, [[r] for r in refs])

    rows = [
        ("sacrebleu", ours("sacrebleu"), "sacreBLEU BLEU().corpus_score", sacre),
        ("sacrebleu-sentence", ours_sentences, "sacreBLEU sentence_score x 2445 (sum)", sacre_sentences),
        ("nltk", ours("nltk"), "NLTK corpus_bleu (split tokens)", nltk),
        ("hf-evaluate", ours("hf-evaluate"), "bleuscore 0.2.0 (Rust)", hf_bleuscore),
        ("hf-evaluate", ours("hf-evaluate"), "HF evaluate's rules, Python (nmt compute_bleu)", hf_python),
        (
            "torchmetrics",
            ours("torchmetrics"),
            "torchmetrics' rules, Python (torch not installed)",
            torchmetrics_python,
        ),
    ]
    print(f"presets against their peers, TED sys1 ({len(hyps)} lines), best of {repeat}, same run:")
    print(f"  {'preset':<19} {'bleu2 s':>8} {'peer s':>8} {'bleu2/peer':>10}  {'equal':>5}  peer")
    for preset, fn, peer, peer_fn in rows:
        a, b = fn(), peer_fn()
        ta = best_time(lambda h, r, fn=fn: fn(), None, None, repeat)
        tb = best_time(lambda h, r, fn=peer_fn: fn(), None, None, repeat)
        print(f"  {preset:<19} {ta:8.3f} {tb:8.3f} {ta / tb:10.2f}  {abs(a - b) <= 1e-9!s:>5}  {peer}")
    assert sacrebleu  # the oracle's package is imported above for its version
    print()


def part_chrf(repeat: int) -> None:
    """bleu2.corpus_chrf against sacrebleu.corpus_chrf on TED sys1, chrF and chrF++."""
    import sacrebleu

    import bleu2

    hyps, refs = load("ted.sys1.detok.eng"), load("ted.ref.detok.eng")
    print(f"chrF against sacreBLEU, TED sys1 ({len(hyps)} lines), best of {repeat}, same run:")
    print(f"  {'metric':<8} {'bleu2 s':>8} {'sacre s':>8} {'bleu2/sacre':>11}  {'equal':>5}  target")
    for word_order in (0, 2):

        def ours(word_order=word_order):
            return bleu2.corpus_chrf(hyps, refs, word_order=word_order, sentence_stats=False).percent

        def sacre(word_order=word_order):
            return sacrebleu.corpus_chrf(hyps, [refs], word_order=word_order).score

        a, b = ours(), sacre()
        ta = best_time(lambda h, r, fn=ours: fn(), None, None, repeat)
        tb = best_time(lambda h, r, fn=sacre: fn(), None, None, repeat)
        name = "chrF2" + "+" * word_order
        print(f"  {name:<8} {ta:8.3f} {tb:8.3f} {ta / tb:11.2f}  {a == b!s:>5}  <= 0.50")
    print()


def part_ter(repeat: int) -> None:
    """bleu2.corpus_ter against sacrebleu.corpus_ter on TED detok (sys1, sys2), default options."""
    import sacrebleu
    from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

    import bleu2
    from bleu2.metrics.ter.normalize import normalize

    refs = load("ted.ref.detok.eng")
    print(f"TER, TED detok ({len(refs)} lines), default options, best of {repeat}, same run:")
    print(f"  {'system':<6} {'bleu2 s':>8} {'sacre s':>8} {'bleu2/sacre':>11}  {'equal':>5}  TER")
    for name in ("sys1", "sys2"):
        hyps = load(f"ted.{name}.detok.eng")

        def ours(hyps=hyps):
            normalize.cache_clear()  # tokenize in every run, as a first run does
            return bleu2.corpus_ter(hyps, refs)

        def sacre(hyps=hyps):
            TercomTokenizer.__call__.cache_clear()
            return sacrebleu.corpus_ter(hyps, [refs])

        a, b = ours(), sacre()
        ta = best_time(lambda h, r: ours(), None, None, repeat)
        tb = best_time(lambda h, r: sacre(), None, None, repeat)
        print(f"  {name:<6} {ta:8.3f} {tb:8.3f} {ta / tb:11.2f}  {100 * a.score == b.score!s:>5}  {b}")
    print("  target: bleu2 / sacreBLEU <= 0.50")
    print()


# Runs a command and writes its peak RSS (KiB) on the file descriptor given first: started
# from a small process, since a child forked from this big one would count this one's memory
# at the fork in its own peak (Linux carries the high-water mark over fork and exec).
_LAUNCHER = (
    "import os, subprocess, sys\n"
    "p = subprocess.Popen(sys.argv[2:], stderr=subprocess.DEVNULL)\n"
    "_, status, usage = os.wait4(p.pid, 0)\n"
    "os.write(int(sys.argv[1]), str(usage.ru_maxrss).encode())\n"
)


def _run_measured(argv: list[str], cwd) -> tuple[float, float, bytes]:
    """(wall seconds, peak RSS in MiB, stdout) of one command (os.wait4's rusage)."""
    import os
    import subprocess
    import sys

    r, w = os.pipe()
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", _LAUNCHER, str(w), *argv], cwd=cwd, stdout=subprocess.PIPE, pass_fds=(w,)
    )
    out = proc.stdout.read()
    proc.wait()
    elapsed = time.perf_counter() - t0
    os.close(w)
    peak = int(os.read(r, 64) or 0)
    os.close(r)
    return elapsed, peak / 1024, out


def part_sacrebleu_cli(repeat: int) -> None:
    """``bleu2 sacrebleu REF -i SYS1..SYS16 -f text`` against ``sacrebleu`` with the same
    arguments: wall time and peak memory (RSS) of the process, the 16 systems of part 1."""
    import re
    import sys
    import tempfile
    from pathlib import Path

    ref, systems = wmt_size()
    with tempfile.TemporaryDirectory() as d:
        Path(d, "ref.txt").write_text("\n".join(ref) + "\n", encoding="utf-8")
        names = []
        for k, lines in enumerate(systems):
            names.append(f"sys{k + 1:02d}.txt")
            Path(d, names[-1]).write_text("\n".join(lines) + "\n", encoding="utf-8")
        args = ["ref.txt", "-i", *names, "-f", "text"]
        bindir = Path(sys.executable).parent
        commands = [
            ("bleu2 sacrebleu", [sys.executable, "-m", "bleu2", "sacrebleu", *args]),
            ("sacrebleu", [str(bindir / "sacrebleu"), *args]),
        ]
        print(f"bleu2 sacrebleu against sacrebleu: 16 systems x {len(ref)} lines, -f text (best of {repeat}):")
        results = {}
        for name, argv in commands:
            runs = [_run_measured(argv, d) for _ in range(repeat)]
            t = min(r[0] for r in runs)
            mem = max(r[1] for r in runs)
            out = re.sub(rb"version:(2\.6\.0|bleu2-[0-9.]+)", b"version:V", runs[0][2])
            results[name] = (t, mem, out)
            print(f"  {name:>16}: {t:7.3f} s   peak RSS {mem:7.1f} MiB")
        (ta, ma, oa), (tb, mb, ob) = results["bleu2 sacrebleu"], results["sacrebleu"]
        print(f"  bleu2 sacrebleu / sacrebleu: time {ta / tb:.2f}, peak memory {ma / mb:.2f}; same output: {oa == ob}")
    print()


# As _LAUNCHER, and the child's CPU time (user + system seconds) too: on a loaded machine
# the CPU time is the steadier figure.
_CPU_LAUNCHER = (
    "import os, subprocess, sys\n"
    "p = subprocess.Popen(sys.argv[2:], stderr=subprocess.DEVNULL)\n"
    "_, status, usage = os.wait4(p.pid, 0)\n"
    "os.write(int(sys.argv[1]), f'{usage.ru_maxrss} {usage.ru_utime + usage.ru_stime}'.encode())\n"
)


def _run_cpu_measured(argv: list[str], cwd) -> tuple[float, float, float, bytes]:
    """(wall seconds, CPU seconds, peak RSS in MiB, stdout) of one command."""
    import os
    import subprocess
    import sys

    r, w = os.pipe()
    t0 = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's bleu2, whatever the venv has installed
    proc = subprocess.Popen(
        [sys.executable, "-c", _CPU_LAUNCHER, str(w), *argv], cwd=cwd, stdout=subprocess.PIPE, pass_fds=(w,), env=env
    )
    out = proc.stdout.read()
    proc.wait()
    elapsed = time.perf_counter() - t0
    os.close(w)
    rss, cpu = os.read(r, 64).split()
    os.close(r)
    return elapsed, float(cpu), int(rss) / 1024, out


def part_metric_cli(repeat: int) -> None:
    """``bleu2 sacrebleu REF -i SYS -m chrf`` and ``-m ter`` against ``sacrebleu`` with the same
    arguments on TED: wall and CPU time and peak memory (RSS) of each process, and whether
    the outputs are the same (the version in the signatures aside)."""
    import compileall
    import re
    import sys

    bindir = Path(sys.executable).parent
    targets = {"chrf": 0.6, "ter": 0.5}
    # bleu2 as installed: pip byte-compiles a package, and sacreBLEU's .pyc files exist; with
    # PYTHONDONTWRITEBYTECODE set and no __pycache__, every run would compile bleu2 (~0.1 s).
    compileall.compile_dir(ROOT / "bleu2", quiet=1)
    print(f"chrF and TER on the command line, TED {len(load('ted.ref.detok.eng'))} lines (best of {repeat}):")
    for metric, target in targets.items():
        args = ["ted.ref.detok.eng", "-i", "ted.sys1.detok.eng", "-m", metric]
        results = {}
        for name, argv in (
            ("bleu2 sacrebleu", [sys.executable, "-m", "bleu2", "sacrebleu", *args]),
            ("sacrebleu", [str(bindir / "sacrebleu"), *args]),
        ):
            runs = [_run_cpu_measured(argv, DATA) for _ in range(repeat)]
            t = min(r[0] for r in runs)
            cpu = min(r[1] for r in runs)
            mem = max(r[2] for r in runs)
            out = re.sub(rb"version(:|\": \")(2\.6\.0|bleu2-[0-9.]+)", b"version:V", runs[0][3])
            results[name] = (t, cpu, mem, out)
            print(f"  -m {metric:<5} {name:>16}: wall {t:7.3f} s   CPU {cpu:7.3f} s   peak RSS {mem:7.1f} MiB")
        (ta, ca, ma, oa), (tb, cb, mb, ob) = results["bleu2 sacrebleu"], results["sacrebleu"]
        print(
            f"  -m {metric:<5} bleu2 sacrebleu / sacrebleu: wall {ta / tb:.2f}, CPU {ca / cb:.2f} "
            f"(target <= {target}), peak memory {ma / mb:.2f}; same output: {oa == ob}"
        )
    print()


if __name__ == "__main__":
    main()
