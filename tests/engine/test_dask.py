"""bleu2.dask on a distributed.LocalCluster (2 worker processes): corpus BLEU, chrF and
TER equal, bit for bit, to bleu2.corpus_bleu, corpus_chrf and corpus_ter in one process; sentence BLEU equal to bleu2.sentence_bleu;
the install hint without Dask; nothing else in bleu2 imports it.

Oracles: bleu2 in one process (the promise is equality) and sacreBLEU for the score.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import bleu2.dask
import dask.bag as db
import dask.dataframe as dd
import pandas as pd
import pytest
from distributed import Client, LocalCluster
from sacrebleu.metrics import BLEU as SacreBLEU

import bleu2
from bleu2.metrics.bleu.options import SACREBLEU_OPTIONS
from shared_data import TED

ROOT = Path(__file__).resolve().parents[2]


def lines(name: str) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").split("\n")[:-1]


REF, REF2, SYS1 = lines("ted.ref.detok.eng"), lines("ted.ref.eng"), lines("ted.sys1.detok.eng")


@pytest.fixture(scope="module")
def client():
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as c,
    ):
        yield c


def unique(lines_: list[str], n: int) -> list[str]:
    """n unique lines: the file repeated, each line with its number appended."""
    return [f"{lines_[i % len(lines_)]} {i}" for i in range(n)]


def test_corpus_bleu_of_100000_lines_on_two_workers_equals_one_process(client):
    n = 100_000
    hyps, refs = unique(SYS1, n), unique(REF, n)
    sys1, ref = SYS1, REF  # the workers make the pairs (a small graph)
    pairs = db.range(n, npartitions=8).map(lambda i: (f"{sys1[i % len(sys1)]} {i}", f"{ref[i % len(ref)]} {i}"))
    got = bleu2.dask.corpus_bleu(pairs)
    assert len(client.scheduler_info()["workers"]) == 2
    one = bleu2.corpus_bleu(hyps, refs)
    assert got.corpus == one.corpus  # bit for bit: score, precisions, c, r, signature
    assert got.sentence_stats == ()


def test_any_options_and_several_references(client):
    n = 3000
    pairs = db.from_sequence([(h, (a, b)) for h, a, b in zip(SYS1, REF, REF2)], npartitions=5)
    got = bleu2.dask.corpus_bleu(pairs, **SACREBLEU_OPTIONS)
    sb = SacreBLEU().corpus_score(SYS1, [REF, REF2])
    assert got.score == pytest.approx(sb.score / 100, abs=1e-12)
    assert got.corpus == bleu2.corpus_bleu(SYS1, list(zip(REF, REF2)), **SACREBLEU_OPTIONS).corpus
    assert got.signature.startswith("nrefs:2|")
    # an NLTK method, and more partitions than lines in some: empty partitions count nothing
    few = db.from_sequence(list(zip(SYS1[:7], REF[:7])), npartitions=7).repartition(npartitions=12)
    nltk = {"max_order": 4, "smoothing": "method5", "tokenizer": "13a"}
    assert bleu2.dask.corpus_bleu(few, **nltk).corpus == bleu2.corpus_bleu(SYS1[:7], REF[:7], **nltk).corpus
    assert n > 0


def test_a_dataframe_with_hypothesis_and_reference_columns(client):
    frame = pd.DataFrame({"hypothesis": SYS1, "reference": REF, "other": REF2})
    ddf = dd.from_pandas(frame, npartitions=3)
    assert bleu2.dask.corpus_bleu(ddf).corpus == bleu2.corpus_bleu(SYS1, REF).corpus
    both = bleu2.dask.corpus_bleu(ddf, reference_columns=["reference", "other"], tokenizer="intl")
    assert both.corpus == bleu2.corpus_bleu(SYS1, list(zip(REF, REF2)), tokenizer="intl").corpus
    with pytest.raises(ValueError, match=r"no column.*'translation'"):
        bleu2.dask.corpus_bleu(ddf, hypothesis_column="translation")


def test_chrf_and_ter_on_two_workers_equal_one_process_bit_for_bit(client):
    """Three references a line: TER's average reference lengths (thirds) are inexact
    floats, so partition sums added would move the last bit (9869.666666666666 against
    one pass's 9869.666666666673 on these lines); the lines are summed in order."""
    k = 600
    sys2 = lines("ted.sys2.detok.eng")
    refs = list(zip(REF[:k], REF2[:k], sys2[:k]))
    pairs = db.from_sequence(list(zip(SYS1[:k], refs)), npartitions=4)
    ter = bleu2.dask.corpus_ter(pairs)
    one = bleu2.corpus_ter(SYS1[:k], refs)
    assert ter == one.corpus  # score, edits, reference length, signature
    chrf = bleu2.dask.corpus_chrf(pairs, word_order=2)
    assert chrf.to_dict() == bleu2.corpus_chrf(SYS1[:k], refs, word_order=2).to_dict()
    assert chrf.signature.startswith("nrefs:3|") and chrf.signature.endswith("version:bleu2-0.1.0")
    assert ter.ref_length == 9869.666666666673  # one pass over the lines (see above)


def test_sentence_bleu_is_a_bag_of_per_line_results(client):
    pairs = db.from_sequence(list(zip(SYS1[:500], REF[:500])), npartitions=4)
    results = bleu2.dask.sentence_bleu(pairs, max_order=4, smoothing="floor")
    assert isinstance(results, db.Bag)
    got = results.compute()
    assert got == [bleu2.sentence_bleu(h, r, max_order=4, smoothing="floor") for h, r in zip(SYS1[:500], REF[:500])]
    assert results.map(lambda r: r.score).compute()[:3] == [r.score for r in got[:3]]


def test_bad_options_fail_at_once():
    pairs = db.from_sequence([("a", "a")])
    with pytest.raises(ValueError, match="max_order"):
        bleu2.dask.corpus_bleu(pairs, max_order=0)
    with pytest.raises(TypeError, match="unknown option"):
        bleu2.dask.sentence_bleu(pairs, smoothing_method="exp")
    with pytest.raises(TypeError, match=r"dask\.bag\.Bag"):
        bleu2.dask.corpus_bleu([("a", "a")])


def test_without_dask_importing_it_says_how_to_install_it():
    code = "import sys\nsys.modules['dask'] = None\nimport bleu2\nimport bleu2.dask\n"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT, check=False
    )
    assert proc.returncode == 1
    assert "ImportError: bleu2.dask needs Dask" in proc.stderr
    assert "pip install 'bleu2[dask]'" in proc.stderr


def test_nothing_else_in_bleu2_imports_it():
    pattern = re.compile(
        r"^\s*(import\s+(bleu2\.)?dask|from\s+(\.|bleu2\.|\.\.)?dask\b|from\s+(\.|bleu2)\s+import\s+dask)", re.MULTILINE
    )
    for path in (ROOT / "bleu2").rglob("*.py"):
        if path.name != "dask.py":
            assert not pattern.search(path.read_text(encoding="utf-8")), path
    code = "import sys, bleu2, bleu2.cli, bleu2.corpus.pipeline\nprint(sorted(m for m in sys.modules if 'dask' in m))\n"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT, check=True
    )
    assert proc.stdout.strip() == "[]"
