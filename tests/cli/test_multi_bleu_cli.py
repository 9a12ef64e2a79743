"""``bleu2 multi-bleu`` and ``bleu2 multi-bleu-detok`` against Moses' ``multi-bleu.perl`` and
``multi-bleu-detok.perl`` (mosesdecoder ``scripts/generic/``, commit 34452895, Perl 5.36):
the outputs the scripts printed on the inputs of ``multi_bleu_cases.py`` were recorded
(:data:`GOLDEN`); bleu2 must print the same standard output and standard error, byte for
byte, and exit with the same status. The scripts are not needed to run these tests.
"""

from __future__ import annotations

import gzip
import io
import sys

import pytest
from multi_bleu_cases import CASES, RANDOM_CASES

from bleu2 import cli
from shared_data import DATA

#: multi-bleu.perl's advice on standard error, as it printed it.
ADVICE = (
    "It is not advisable to publish scores from multi-bleu.perl.  The scores depend on your tokenizer, "
    "which is unlikely to be reproducible from your paper or consistent across research groups.  Instead "
    "you should detokenize then use mteval-v14.pl, which has a standard tokenization.  Scores from multi-"
    "bleu.perl can still be used for internal purposes when you have a consistent tokenizer.\n"
)

#: id: (standard output, standard error without ADVICE, ADVICE printed, exit status).
GOLDEN = {
    "ted-tokenized": (
        "BLEU = 22.44, 59.7/30.3/17.2/10.1 (BP=0.947, ratio=0.948, hyp_len=45672, ref_len=48183)\n",
        "",
        True,
        0,
    ),
    "ted-tokenized-sys2": (
        "BLEU = 24.04, 58.7/31.9/19.3/12.0 (BP=0.936, ratio=0.938, hyp_len=45207, ref_len=48183)\n",
        "",
        True,
        0,
    ),
    "ted-tokenized-lc": (
        "BLEU = 24.60, 60.0/32.6/19.7/12.3 (BP=0.936, ratio=0.938, hyp_len=45207, ref_len=48183)\n",
        "",
        True,
        0,
    ),
    "ted-detok": (
        "BLEU = 21.71, 59.3/29.9/16.9/9.8 (BP=0.933, ratio=0.935, hyp_len=44063, ref_len=47134)\n",
        "",
        False,
        0,
    ),
    "ted-detok-lc": (
        "BLEU = 23.59, 59.5/31.9/19.2/11.8 (BP=0.920, ratio=0.923, hyp_len=43520, ref_len=47134)\n",
        "",
        False,
        0,
    ),
    "ted-detok-on-tokenized": (
        "BLEU = 22.62, 59.8/30.5/17.4/10.3 (BP=0.947, ratio=0.949, hyp_len=45857, ref_len=48344)\n",
        "",
        False,
        0,
    ),
    "ted-two-refs-by-stem": (
        "BLEU = 37.00, 73.8/45.9/29.4/18.9 (BP=0.999, ratio=0.999, hyp_len=45672, ref_len=45696)\n",
        "",
        True,
        0,
    ),
    "ted-stem-dot-ref": (
        "BLEU = 37.00, 73.8/45.9/29.4/18.9 (BP=0.999, ratio=0.999, hyp_len=45672, ref_len=45696)\n",
        "",
        True,
        0,
    ),
    "ted-stem-and-extra-refs": (
        "BLEU = 36.52, 74.2/45.5/28.8/18.4 (BP=0.998, ratio=0.998, hyp_len=44063, ref_len=44153)\n",
        "",
        False,
        0,
    ),
    "small-two-refs": (
        "BLEU = 85.34, 72.7/87.5/83.3/100.0 (BP=1.000, ratio=1.100, hyp_len=11, ref_len=10)\n",
        "",
        True,
        0,
    ),
    "small-two-refs-lc": (
        "BLEU = 97.65, 90.9/100.0/100.0/100.0 (BP=1.000, ratio=1.100, hyp_len=11, ref_len=10)\n",
        "",
        True,
        0,
    ),
    "small-two-refs-detok-lc": (
        "BLEU = 97.65, 90.9/100.0/100.0/100.0 (BP=1.000, ratio=1.100, hyp_len=11, ref_len=10)\n",
        "",
        False,
        0,
    ),
    "odd-detok": ("BLEU = 62.79, 84.2/75.0/64.3/58.3 (BP=0.900, ratio=0.905, hyp_len=19, ref_len=21)\n", "", False, 0),
    "odd-detok-lc": (
        "BLEU = 69.04, 89.5/81.2/71.4/66.7 (BP=0.900, ratio=0.905, hyp_len=19, ref_len=21)\n",
        "",
        False,
        0,
    ),
    "odd-tokenized": (
        "BLEU = 0.00, 37.5/7.7/0.0/0.0 (BP=1.000, ratio=1.231, hyp_len=16, ref_len=13)\n",
        "Use of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 3.\nUse of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 3.\n",
        True,
        0,
    ),
    "crlf": ("BLEU = 0.00, 100.0/100.0/100.0/0.0 (BP=0.819, ratio=0.833, hyp_len=5, ref_len=6)\n", "", True, 0),
    "crlf-detok": ("BLEU = 0.00, 100.0/100.0/100.0/0.0 (BP=0.819, ratio=0.833, hyp_len=5, ref_len=6)\n", "", False, 0),
    "gzip-reference": ("BLEU = 0.00, 100.0/100.0/0.0/0.0 (BP=1.000, ratio=1.000, hyp_len=2, ref_len=2)\n", "", True, 0),
    "latin-1-bytes": ("BLEU = 0.00, 100.0/100.0/0.0/0.0 (BP=1.000, ratio=1.000, hyp_len=2, ref_len=2)\n", "", True, 0),
    "lc-is-ascii-only": (
        "BLEU = 0.00, 66.7/50.0/0.0/0.0 (BP=1.000, ratio=1.000, hyp_len=3, ref_len=3)\n",
        "Use of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 1.\n",
        True,
        0,
    ),
    "no-4gram-match": (
        "BLEU = 0.00, 83.3/60.0/25.0/0.0 (BP=1.000, ratio=1.000, hyp_len=6, ref_len=6)\n",
        "Use of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 1.\n",
        True,
        0,
    ),
    "no-match-at-all": (
        "BLEU = 0.00, 20.0/0.0/0.0/0.0 (BP=0.819, ratio=0.833, hyp_len=5, ref_len=6)\n",
        "Use of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 1.\nUse of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 1.\nUse of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 1.\n",
        True,
        0,
    ),
    "hypothesis-longer": (
        "BLEU = 0.00, 50.0/50.0/0.0/0.0 (BP=0.000, ratio=0.000, hyp_len=4, ref_len=10001)\n",
        "",
        True,
        0,
    ),
    "empty-references": (
        "BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)\n",
        "Use of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 2.\nUse of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 2.\nUse of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 2.\n",
        False,
        1,
    ),
    "empty-hypothesis-lines": (
        "",
        "Illegal division by zero at multi-bleu.perl line 154, <STDIN> line 2.\n",
        False,
        255,
    ),
    "empty-hypothesis-detok": (
        "",
        "Illegal division by zero at multi-bleu-detok.perl line 166, <STDIN> line 2.\n",
        False,
        255,
    ),
    "no-hypothesis": (
        "BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)\n",
        "Use of uninitialized value $length_reference in numeric eq (==) at multi-bleu.perl line 148.\n",
        False,
        1,
    ),
    "no-hypothesis-detok": (
        "BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)\n",
        "Use of uninitialized value $length_reference in numeric eq (==) at multi-bleu-detok.perl line 160.\n",
        False,
        1,
    ),
    "empty-reference-file": ("", "ERROR: could not find reference file ref at multi-bleu.perl line 32.\n", False, 255),
    "missing-reference": ("", "ERROR: could not find reference file nope at multi-bleu.perl line 32.\n", False, 2),
    "missing-reference-detok": (
        "",
        "ERROR: could not find reference file nope at multi-bleu-detok.perl line 42.\n",
        False,
        2,
    ),
    "no-arguments": (
        "",
        "Use of uninitialized value $ARGV[0] in string eq at multi-bleu.perl line 11.\nusage: multi-bleu.pl [-lc] reference < hypothesis\nReads the references from reference or reference0, reference1, ...\n",
        False,
        1,
    ),
    "no-arguments-detok": (
        "",
        "Use of uninitialized value $ARGV[0] in string eq at multi-bleu-detok.perl line 21.\nusage: multi-bleu-detok.pl [-lc] reference < hypothesis\nReads the references from reference or reference0, reference1, ...\n",
        False,
        1,
    ),
    "only-lc": (
        "",
        "usage: multi-bleu.pl [-lc] reference < hypothesis\nReads the references from reference or reference0, reference1, ...\n",
        False,
        1,
    ),
}

#: The random cases' recorded output: id: (standard output, standard error without ADVICE, exit status).
GOLDEN_RANDOM = {
    "random-0": ("BLEU = 72.90, 100.0/83.3/80.0/75.0 (BP=0.867, ratio=0.875, hyp_len=7, ref_len=8)\n", "", 0),
    "random-1": ("BLEU = 46.19, 85.0/50.0/37.5/28.6 (BP=1.000, ratio=1.000, hyp_len=20, ref_len=20)\n", "", 0),
    "random-2": ("BLEU = 71.35, 97.1/86.2/70.8/70.0 (BP=0.889, ratio=0.895, hyp_len=34, ref_len=38)\n", "", 0),
    "random-3": ("BLEU = 55.76, 90.0/70.6/50.0/30.4 (BP=1.000, ratio=1.000, hyp_len=40, ref_len=40)\n", "", 0),
    "random-4": ("BLEU = 29.96, 85.0/46.7/27.3/11.1 (BP=0.905, ratio=0.909, hyp_len=20, ref_len=22)\n", "", 0),
    "random-5": ("BLEU = 64.56, 89.3/80.0/68.2/63.2 (BP=0.867, ratio=0.875, hyp_len=28, ref_len=32)\n", "", 0),
    "random-6": ("BLEU = 100.00, 100.0/100.0/100.0/100.0 (BP=1.000, ratio=1.000, hyp_len=13, ref_len=13)\n", "", 0),
    "random-7": ("BLEU = 48.62, 83.8/65.6/51.9/37.5 (BP=0.850, ratio=0.860, hyp_len=37, ref_len=43)\n", "", 0),
    "random-8": (
        "BLEU = 0.00, 100.0/75.0/0.0/0.0 (BP=0.751, ratio=0.778, hyp_len=7, ref_len=9)\n",
        "Use of uninitialized value in division (/) at multi-bleu-detok.perl line 151, <STDIN> line 4.\nUse of uninitialized value in division (/) at multi-bleu-detok.perl line 151, <STDIN> line 4.\n",
        0,
    ),
    "random-9": ("BLEU = 38.06, 92.3/41.7/27.3/20.0 (BP=1.000, ratio=1.000, hyp_len=13, ref_len=13)\n", "", 0),
    "random-10": ("BLEU = 55.00, 96.6/79.2/63.2/57.1 (BP=0.759, ratio=0.784, hyp_len=29, ref_len=37)\n", "", 0),
    "random-11": ("BLEU = 48.93, 82.2/61.5/48.5/33.3 (BP=0.915, ratio=0.918, hyp_len=45, ref_len=49)\n", "", 0),
    "random-12": ("BLEU = 51.15, 100.0/80.0/50.0/33.3 (BP=0.846, ratio=0.857, hyp_len=6, ref_len=7)\n", "", 0),
    "random-13": ("BLEU = 60.67, 89.5/75.0/61.5/50.0 (BP=0.900, ratio=0.905, hyp_len=19, ref_len=21)\n", "", 0),
    "random-14": ("BLEU = 52.34, 92.9/75.0/57.1/44.4 (BP=0.807, ratio=0.824, hyp_len=28, ref_len=34)\n", "", 0),
    "random-15": ("BLEU = 76.95, 85.7/81.8/75.0/66.7 (BP=1.000, ratio=1.000, hyp_len=14, ref_len=14)\n", "", 0),
    "random-16": ("BLEU = 58.14, 75.0/66.7/57.1/40.0 (BP=1.000, ratio=1.000, hyp_len=12, ref_len=12)\n", "", 0),
    "random-17": ("BLEU = 61.05, 92.0/77.3/63.2/50.0 (BP=0.887, ratio=0.893, hyp_len=25, ref_len=28)\n", "", 0),
    "random-18": ("BLEU = 53.42, 88.9/71.4/50.0/40.0 (BP=0.895, ratio=0.900, hyp_len=9, ref_len=10)\n", "", 0),
    "random-19": ("BLEU = 60.38, 87.9/71.4/62.5/55.0 (BP=0.886, ratio=0.892, hyp_len=33, ref_len=37)\n", "", 0),
    "random-20": ("BLEU = 35.56, 81.2/50.0/33.3/25.0 (BP=0.829, ratio=0.842, hyp_len=32, ref_len=38)\n", "", 0),
    "random-21": ("BLEU = 41.17, 91.7/70.0/37.5/16.7 (BP=0.920, ratio=0.923, hyp_len=12, ref_len=13)\n", "", 0),
    "random-22": ("BLEU = 38.32, 83.9/60.0/42.1/28.6 (BP=0.773, ratio=0.795, hyp_len=31, ref_len=39)\n", "", 0),
    "random-23": ("BLEU = 50.48, 77.8/62.5/50.0/41.7 (BP=0.895, ratio=0.900, hyp_len=18, ref_len=20)\n", "", 0),
    "random-24": ("BLEU = 71.63, 90.9/83.3/71.4/70.0 (BP=0.913, ratio=0.917, hyp_len=22, ref_len=24)\n", "", 0),
    "random-25": ("BLEU = 100.00, 100.0/100.0/100.0/100.0 (BP=1.000, ratio=1.000, hyp_len=7, ref_len=7)\n", "", 0),
    "random-26": ("BLEU = 37.68, 71.4/50.0/40.0/25.0 (BP=0.867, ratio=0.875, hyp_len=7, ref_len=8)\n", "", 0),
    "random-27": (
        "BLEU = 0.00, 100.0/22.2/16.7/0.0 (BP=0.659, ratio=0.706, hyp_len=12, ref_len=17)\n",
        "Use of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 3.\n",
        0,
    ),
    "random-28": ("BLEU = 40.78, 81.8/60.0/38.9/25.0 (BP=0.873, ratio=0.880, hyp_len=22, ref_len=25)\n", "", 0),
    "random-29": (
        "BLEU = 0.00, 60.0/50.0/0.0/0.0 (BP=0.670, ratio=0.714, hyp_len=5, ref_len=7)\n",
        "Use of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 1.\nUse of uninitialized value in division (/) at multi-bleu.perl line 139, <STDIN> line 1.\n",
        0,
    ),
    "random-30": ("BLEU = 68.57, 87.5/83.3/75.0/66.7 (BP=0.882, ratio=0.889, hyp_len=8, ref_len=9)\n", "", 0),
    "random-31": ("BLEU = 66.72, 85.7/73.7/58.8/53.3 (BP=1.000, ratio=1.000, hyp_len=21, ref_len=21)\n", "", 0),
    "random-32": ("BLEU = 54.78, 100.0/80.0/62.5/33.3 (BP=0.857, ratio=0.867, hyp_len=13, ref_len=15)\n", "", 0),
    "random-33": ("BLEU = 53.14, 90.5/73.7/52.9/40.0 (BP=0.867, ratio=0.875, hyp_len=21, ref_len=24)\n", "", 0),
    "random-34": ("BLEU = 0.00, 100.0/0.0/0.0/0.0 (BP=0.368, ratio=0.500, hyp_len=1, ref_len=2)\n", "", 0),
    "random-35": ("BLEU = 72.70, 100.0/83.3/69.2/60.9 (BP=0.944, ratio=0.946, hyp_len=35, ref_len=37)\n", "", 0),
    "random-36": ("BLEU = 42.28, 95.2/61.1/37.5/21.4 (BP=0.909, ratio=0.913, hyp_len=21, ref_len=23)\n", "", 0),
    "random-37": ("BLEU = 62.52, 84.6/81.8/77.8/71.4 (BP=0.794, ratio=0.812, hyp_len=13, ref_len=16)\n", "", 0),
    "random-38": ("BLEU = 41.43, 91.7/60.0/37.5/14.3 (BP=1.000, ratio=1.000, hyp_len=12, ref_len=12)\n", "", 0),
    "random-39": ("BLEU = 90.77, 100.0/100.0/92.3/87.5 (BP=0.957, ratio=0.958, hyp_len=23, ref_len=24)\n", "", 0),
}

#: bleu2's own warning when the hypothesis and the references have different numbers of lines.
MISMATCH = "warning: the hypothesis has"


def content(spec) -> bytes:
    if isinstance(spec, tuple):
        return (DATA / spec[0] / spec[1]).read_bytes()
    if spec.startswith(b"GZIP:"):
        return gzip.compress(spec[5:], mtime=0)
    return spec


def run(tmp_path, monkeypatch, capsysbinary, command, args, files, stdin) -> tuple[int, str, str]:
    for name, spec in files.items():
        (tmp_path / name).write_bytes(content(spec))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(content(stdin)), encoding="utf-8"))
    code = cli.main([command, *args])
    out, err = capsysbinary.readouterr()
    return code, out.decode("utf-8"), err.decode("utf-8")


def test_every_case_has_its_recorded_output():
    assert [c[0] for c in CASES] == list(GOLDEN)


@pytest.mark.parametrize(("case_id", "command", "args", "files", "stdin"), CASES, ids=[c[0] for c in CASES])
def test_prints_what_the_perl_script_printed(tmp_path, monkeypatch, capsysbinary, case_id, command, args, files, stdin):
    code, out, err = run(tmp_path, monkeypatch, capsysbinary, command, args, files, stdin)
    stdout, stderr, advice, status = GOLDEN[case_id]
    ours = [line for line in err.splitlines(keepends=True) if MISMATCH not in line]
    assert out == stdout
    assert "".join(ours) == stderr + (ADVICE if advice else "")
    assert code == status


@pytest.mark.parametrize(
    ("case_id", "command", "args", "files", "stdin"), RANDOM_CASES, ids=[c[0] for c in RANDOM_CASES]
)
def test_random_corpora_print_what_the_perl_script_printed(
    tmp_path, monkeypatch, capsysbinary, case_id, command, args, files, stdin
):
    code, out, err = run(tmp_path, monkeypatch, capsysbinary, command, args, files, stdin)
    stdout, stderr, status = GOLDEN_RANDOM[case_id]
    assert (out, err.removesuffix(ADVICE), code) == (stdout, stderr, status)


def test_spaced_13a_splits_as_sacrebleus_13a():
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    from bleu2.tokenizers.sacrebleu import spaced_13a

    sacre = Tokenizer13a()
    lines = (DATA / "ted" / "ted.ref.detok.eng").read_text(encoding="utf-8").split("\n")[:500]
    lines += ["&quot;a&quot; &amp; <skipped>b 3.5, 1-2 x.y", "a.,5 b,,.c (d) [e] $f", ""]
    for line in lines:
        assert spaced_13a(line).split() == sacre(line).split(), line


def test_the_issues_line_on_tokenized_ted(tmp_path, monkeypatch, capsysbinary):
    code, out, _ = run(tmp_path, monkeypatch, capsysbinary, "multi-bleu", ["ref"], *CASES[0][3:])
    assert (code, out) == (
        0,
        "BLEU = 22.44, 59.7/30.3/17.2/10.1 (BP=0.947, ratio=0.948, hyp_len=45672, ref_len=48183)\n",
    )


@pytest.mark.parametrize("hypothesis", [b"a b\nc d\ne f\n", b""])
def test_a_line_count_mismatch_is_said_once_on_stderr(tmp_path, monkeypatch, capsysbinary, hypothesis):
    _, _, err = run(tmp_path, monkeypatch, capsysbinary, "multi-bleu", ["ref"], {"ref": b"a b\nc d\n"}, hypothesis)
    n = hypothesis.count(b"\n")
    mismatch = [line for line in err.splitlines() if MISMATCH in line]
    assert mismatch == [
        (
            f"bleu2 multi-bleu: warning: the hypothesis has {n} line{'s' if n != 1 else ''}, the references 2: "
            "the script scores it anyway (r = 9999 for a line with no reference; lines past the hypothesis are left out)"
        )
    ]


def test_detok_refuses_text_that_is_not_utf8(tmp_path, monkeypatch, capsysbinary):
    code, out, err = run(
        tmp_path, monkeypatch, capsysbinary, "multi-bleu-detok", ["ref"], {"ref": b"ok\n"}, b"caf\xe9\n"
    )
    assert (code, out) == (1, "")
    assert err == "bleu2 multi-bleu-detok: error: standard input, line 1: not UTF-8 (byte 4)\n"


def test_help(tmp_path, monkeypatch, capsysbinary):
    code, out, err = run(tmp_path, monkeypatch, capsysbinary, "multi-bleu", ["--help"], {}, b"")
    assert (code, err) == (0, "")
    assert out.startswith("usage: multi-bleu.pl [-lc] reference < hypothesis\n")
