"""``python -m bleu2.compat.rouge_score.rouge`` against rouge-score 0.1.2's own ``rouge``
command (run as the oracle after ``np.random.seed(12345)``, its bootstrap being
unseeded): the same CSV byte for byte, aggregated and per record, absl's flag spellings,
and rouge-score's refusals."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bleu2.compat.rouge_score import rouge
from shared_data import ROOT, TED

LINES = 120
PEER = (
    "import sys, numpy as np; np.random.seed(12345); from absl import app; from rouge_score import rouge; "
    "sys.argv = ['rouge'] + sys.argv[1:]; app.run(rouge.main)"
)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("rouge_cli")
    for name, source in (("target.txt", "ted.ref.detok.eng"), ("prediction.txt", "ted.sys1.detok.eng")):
        text = (TED / source).read_text(encoding="utf-8").split("\n")[:LINES]
        (d / name).write_text("\n".join(text) + "\n", encoding="utf-8")
    return d


def _peer(args: list[str]) -> None:
    subprocess.run([sys.executable, "-c", PEER, *args], check=True, capture_output=True)


@pytest.mark.parametrize(
    "flags",
    [
        ["--use_stemmer", "--rouge_types=rouge1,rouge2,rougeL,rougeLsum"],
        ["--nouse_stemmer", "--rouge_types", "rouge3,rougeL"],
        ["--noaggregate", "--use_stemmer=true", "--rouge_types=rouge1,rougeLsum"],
        ["-aggregate=false", "--rouge_types=rouge2"],
    ],
)
def test_the_csv_is_rouge_scores(files, flags):
    common = [f"--target_filepattern={files / 'target.txt'}", f"--prediction_filepattern={files / 'prediction.txt'}"]
    _peer([*common, f"--output_filename={files / 'peer.csv'}", *flags])
    assert rouge.main([*common, f"--output_filename={files / 'ours.csv'}", *flags]) == 0
    assert (files / "ours.csv").read_bytes() == (files / "peer.csv").read_bytes()


def test_module_runs_as_a_command(files):
    out = files / "module.csv"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "bleu2.compat.rouge_score.rouge",
            f"--target_filepattern={files / 'target.txt'}",
            f"--prediction_filepattern={files / 'prediction.txt'}",
            f"--output_filename={out}",
            "--rouge_types=rouge1",
            "--seed=7",
        ],
        check=True,
    )
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "score_type,low,mid,high" and [x.split(",")[0] for x in lines[1:]] == [
        "rouge1-R",
        "rouge1-P",
        "rouge1-F",
    ]


def test_unequal_records_are_refused(files, capsys):
    short = files / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    args = [
        f"--target_filepattern={short}",
        f"--prediction_filepattern={files / 'prediction.txt'}",
        f"--output_filename={files / 'x.csv'}",
    ]
    assert rouge.main(args) == 1
    assert "Must have equal number of lines across target and prediction files" in capsys.readouterr().err


def test_missing_files_are_refused(files, capsys):
    args = [
        f"--target_filepattern={files / 'none*.txt'}",
        f"--prediction_filepattern={files / 'prediction.txt'}",
        "--output_filename=x.csv",
    ]
    assert rouge.main(args) == 1
    assert "Must have equal and positive number of target and prediction files" in capsys.readouterr().err


def test_required_flags(capsys):
    with pytest.raises(SystemExit) as e:
        rouge.main(["--prediction_filepattern=p.txt", "--output_filename=x.csv"])
    assert e.value.code == 2 and "--target_filepattern" in capsys.readouterr().err


PEER_PUNKT = (
    "import sys, nltk, numpy as np; from nltk.tokenize.punkt import PunktSentenceTokenizer; "
    "nltk.sent_tokenize = PunktSentenceTokenizer().tokenize; np.random.seed(12345); "
    "from absl import app; from rouge_score import rouge; sys.argv = ['rouge'] + sys.argv[1:]; app.run(rouge.main)"
)


@pytest.fixture(scope="module")
def readme_files(tmp_path_factory):
    """Three target files and three prediction files (README's ``*.targets``, ``*.decodes``),
    paired in sorted order: 30 TED lines each, then 5 hand-made records."""
    d = tmp_path_factory.mktemp("rouge_readme")
    refs = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").split("\n")
    hyps = (TED / "ted.sys2.detok.eng").read_text(encoding="utf-8").split("\n")
    for i, name in enumerate(("a", "b")):
        (d / f"{name}.targets").write_text("\n".join(refs[i * 30 : i * 30 + 30]) + "\n", encoding="utf-8")
        (d / f"{name}.decodes").write_text("\n".join(hyps[i * 30 : i * 30 + 30]) + "\n", encoding="utf-8")
    # a third pair: an empty target, an empty prediction, Greek, Cyrillic, Arabic, CJK, emoji
    (d / "c.targets").write_text("\nΚαλημέρα κόσμε 2\nПривет мир\nمرحبا 3\nok 😀 東京\n", encoding="utf-8")
    (d / "c.decodes").write_text("a b\n\nпривет\nمرحبا\n東京 ok\n", encoding="utf-8")
    return d


@pytest.mark.parametrize(
    "flags",
    [
        ["--use_stemmer=true", "--split_summaries=true", "--rouge_types=rouge1,rouge2,rougeL,rougeLsum"],
        ["--use_stemmer=true", "--split_summaries=true", "--rouge_types=rouge1,rougeLsum", "--aggregate=false"],
    ],
    ids=["aggregate", "per-record"],
)
def test_the_readmes_command_line(readme_files, flags):
    """rouge-score's README: ``--target_filepattern=*.targets --prediction_filepattern=*.decodes
    --output_filename=scores.csv --use_stemmer=true --split_summaries=true``, run as
    ``python -m bleu2.compat.rouge_score.rouge`` beside rouge-score's command. The peer's
    ``split_summaries`` calls ``nltk.sent_tokenize`` (punkt's model, downloaded at run time):
    in its process that is NLTK's punkt algorithm without the model (``PunktSentenceTokenizer()``),
    and its unseeded bootstrap runs after ``np.random.seed(12345)`` (bleu2's default seed):
    the CSVs are equal byte for byte; per record (``--aggregate=false``) nothing is random."""
    common = ["--target_filepattern=*.targets", "--prediction_filepattern=*.decodes", *flags]
    subprocess.run(
        [sys.executable, "-c", PEER_PUNKT, *common, "--output_filename=peer.csv"],
        check=True,
        capture_output=True,
        cwd=readme_files,
    )
    subprocess.run(
        [sys.executable, "-m", "bleu2.compat.rouge_score.rouge", *common, "--output_filename=scores.csv"],
        check=True,
        cwd=readme_files,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    ours = (readme_files / "scores.csv").read_bytes()
    assert ours == (readme_files / "peer.csv").read_bytes()
    rows = ours.decode().splitlines()
    assert len(rows) == (66 if "--aggregate=false" in flags else 13)


def test_the_peers_own_module_unpatched_per_record(readme_files):
    """``python -m rouge_score.rouge`` itself, nothing seeded or patched (no
    ``split_summaries``: it needs punkt's download), per record (nothing random): the same CSV."""
    common = ["--target_filepattern=*.targets", "--prediction_filepattern=*.decodes", "--use_stemmer=true"]
    common += ["--aggregate=false", "--rouge_types=rouge1,rouge2,rougeL,rougeLsum"]
    peer = [sys.executable, "-m", "rouge_score.rouge", *common, "--output_filename=peer_plain.csv"]
    subprocess.run(peer, check=True, capture_output=True, cwd=readme_files)
    ours = [sys.executable, "-m", "bleu2.compat.rouge_score.rouge", *common, "--output_filename=ours_plain.csv"]
    subprocess.run(ours, check=True, cwd=readme_files, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (readme_files / "ours_plain.csv").read_bytes() == (readme_files / "peer_plain.csv").read_bytes()
