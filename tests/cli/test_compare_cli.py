"""``bleu2 compare``: compare-mt's analyses on the command line, in-process through
``bleu2.cli.main(["compare", ...])`` and as a process (``python -m bleu2 compare``).

Oracles: the library (``bleu2.compare(...)`` on the same lines and options: the command line
reports what the library computes) and compare-mt 0.2.10 itself (its report objects, read as
tests/compare_mt_reports.py reads them: every number of ``--preset compare-mt``).
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bleu2
import compare_mt_reports
from bleu2 import cli
from bleu2.cli.reading import read_lines
from compare_mt_reports import close
from shared_data import TED

REF = TED / "ted.ref.eng"
SYS1 = TED / "ted.sys1.eng"
SYS2 = TED / "ted.sys2.eng"
REF_DETOK = TED / "ted.ref.detok.eng"  # a second, differently written reference
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.filterwarnings("ignore")  # NLTK's zero-count warnings under compare-mt


def lines(path: Path) -> list[str]:
    return read_lines(str(path))


def run(capsys, *argv):
    """``bleu2 compare ARGV`` in-process: (exit status, stdout, stderr)."""
    code = cli.main(["compare", *(str(a) for a in argv)])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv) -> dict:
    code, out, err = run(capsys, "--json", *argv)
    assert code == 0, err
    return json.loads(out)


def process(*argv, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bleu2", "compare", *(str(a) for a in argv)],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
        timeout=300,
    )


def write(path: Path, rows: list[str]) -> Path:
    path.write_text("".join(x + "\n" for x in rows), encoding="utf-8")
    return path


def pairs(report: dict) -> list[dict]:
    return report["pairs"] if "pairs" in report else [{"ngrams": report["ngrams"], "examples": report["examples"]}]


# --------------------------------------------------------------------------- the library's numbers


@pytest.mark.parametrize(
    "argv, kwargs",
    [
        (["--preset", "compare-mt"], {"preset": "compare-mt"}),
        ([], {}),
        (
            [
                "--preset",
                "sacrebleu",
                "--frequency-edges",
                "1,3,10",
                "--length-edges",
                "5,15,25",
                "--length-difference-edges",
                "-3,0,3",
                "--sentence-bleu-edges",
                "0.25,0.5,0.75",
                "--ngram-orders",
                "2,3",
                "--ngram-compare",
                "over",
                "--alpha",
                "0.5",
                "--ngram-k",
                "7",
                "--examples-k",
                "3",
            ],
            dict(
                preset="sacrebleu",
                frequency_edges=[1, 3, 10],
                length_edges=[5, 15, 25],
                length_difference_edges=[-3, 0, 3],
                sentence_bleu_edges=[0.25, 0.5, 0.75],
                ngram_orders=(2, 3),
                ngram_compare="over",
                alpha=0.5,
                ngram_k=7,
                examples_k=3,
            ),
        ),
        (
            ["-t", "13a", "-n", "4", "-s", "exp", "--no-lowercase"],
            dict(tokenizer="13a", max_order=4, smoothing="exp", lowercase=False),
        ),
    ],
    ids=["compare-mt", "defaults", "every-edge-k-and-alpha", "bleu-options"],
)
def test_json_is_the_librarys_to_json_for_the_same_files_and_options(capsys, argv, kwargs):
    code, out, err = run(capsys, "-r", REF, SYS1, SYS2, "--json", *argv)
    assert code == 0 and err == ""
    want = bleu2.compare([lines(SYS1), lines(SYS2)], [lines(REF)], names=[str(SYS1), str(SYS2)], **kwargs)
    assert out == want.to_json()


def test_several_references_are_all_used(capsys):
    got = run_json(capsys, "-r", REF, "-r", REF_DETOK, SYS1, SYS2, "--preset", "compare-mt")
    want = bleu2.compare(
        [lines(SYS1), lines(SYS2)], [lines(REF), lines(REF_DETOK)], names=[str(SYS1), str(SYS2)], preset="compare-mt"
    )
    assert got == want.to_dict()
    one = run_json(capsys, "-r", REF, SYS1, SYS2, "--preset", "compare-mt")
    assert got["scores"] != one["scores"]
    assert "nrefs:2" in bleu2.compare([["a"], ["b"]], [["a"], ["a"]], preset="compare-mt").signature


def test_three_systems_compare_the_baseline_with_each_other_one(capsys, tmp_path):
    sys3 = write(tmp_path / "sys3.txt", [a if i % 3 else b for i, (a, b) in enumerate(zip(lines(SYS1), lines(SYS2)))])
    by_position = run_json(capsys, "-r", REF, SYS1, SYS2, sys3, "--baseline", "2", "--names", "a,b,c")
    by_name = run_json(capsys, "-r", REF, SYS1, SYS2, sys3, "--baseline", "b", "--names", "a,b,c")
    assert by_position == by_name
    assert by_position["systems"] == ["a", "b", "c"] and by_position["baseline"] == 1
    assert [(p["ngrams"]["left"], p["ngrams"]["right"]) for p in by_position["pairs"]] == [(1, 0), (1, 2)]
    want = bleu2.compare([lines(SYS1), lines(SYS2), lines(sys3)], [lines(REF)], names=["a", "b", "c"], baseline=1)
    assert by_position == want.to_dict()
    by_file = run_json(capsys, "-r", REF, SYS1, SYS2, sys3, "--baseline", str(sys3))
    assert by_file["baseline"] == 2


def test_frequencies_from_a_counts_file_or_a_corpus(capsys, tmp_path):
    counts = write(tmp_path / "counts.tsv", ["the\t5000", "The\t3", "phantom\t2", "not a count line"])
    got = run_json(capsys, "-r", REF, SYS1, SYS2, "--preset", "compare-mt", "--freq-counts", counts)
    want = bleu2.compare(
        [lines(SYS1), lines(SYS2)],
        [lines(REF)],
        names=[str(SYS1), str(SYS2)],
        preset="compare-mt",
        freq_counts={"the": 5000, "The": 3, "phantom": 2},
    )
    assert got == want.to_dict()
    got = run_json(capsys, "-r", REF, SYS1, SYS2, "--freq-corpus", REF_DETOK)
    want = bleu2.compare(
        [lines(SYS1), lines(SYS2)], [lines(REF)], names=[str(SYS1), str(SYS2)], freq_corpus=lines(REF_DETOK)
    )
    assert got == want.to_dict()


def test_paired_tests_are_the_librarys(capsys):
    got = run_json(capsys, "-r", REF, SYS1, SYS2, "--paired-bs", "--paired-bs-n", "50", "--seed", "7")
    want = bleu2.compare(
        [lines(SYS1), lines(SYS2)],
        [lines(REF)],
        names=[str(SYS1), str(SYS2)],
        significance="paired-bs",
        significance_n=50,
        seed=7,
    )
    assert got == want.to_dict()
    assert got["significance"]["test"] == "paired-bs" and got["significance"]["n"] == 50
    got = run_json(capsys, "-r", REF, SYS1, SYS2, "--paired-ar", "--paired-ar-n", "40")
    assert (got["significance"]["test"], got["significance"]["n"], got["significance"]["seed"]) == (
        "paired-ar",
        40,
        12345,
    )
    code, out, _ = run(capsys, "-r", REF, SYS1, SYS2, "--paired-bs", "--paired-bs-n", "20")
    assert code == 0 and "p-value" in out and "baseline" in out


def test_a_negative_edge_list_is_a_value_not_an_option(capsys):
    got = run_json(capsys, "-r", REF, SYS1, SYS2, "--length-difference-edges", "-5,-1,0,1,5")
    assert got["length_difference"]["buckets"] == ["<-5", "[-5,-1)", "-1", "0", "[1,5)", ">=5"]


# --------------------------------------------------------------------------- compare-mt's numbers


@pytest.mark.parametrize("name", ["ted-tok", "multited-ja"])
def test_compare_mt_preset_numbers_equal_compare_mts_own_report(capsys, tmp_path, name):
    ref_lines, out_lines = compare_mt_reports.data(name)
    ref = write(tmp_path / "ref.txt", ref_lines)
    outs = [write(tmp_path / f"sys{i + 1}.txt", o) for i, o in enumerate(out_lines)]
    got = run_json(capsys, "--preset", "compare-mt", "-r", ref, *outs)
    t = compare_mt_reports.theirs(name)
    assert all(close(s["bleu"], b / 100) for s, b in zip(got["scores"], t["bleu"].scores))
    assert [s["length_ratio"] for s in got["scores"]] == list(t["length"].scores)
    assert got["word_accuracy"]["buckets"] == list(t["words"].bucketer.bucket_strs)
    for mine, stat in zip(got["word_accuracy"]["systems"], t["words"].statistics):
        assert [(b["matches"], b["ref"], b["out"], b["recall"], b["precision"], b["f"]) for b in mine] == [
            (int(m), int(r), int(o), rec, prec, f) for m, r, o, rec, prec, f in stat
        ]
    for mine, stat in zip(got["length_buckets"]["bleu"], t["by_length"].sys_stats):
        assert all(close(a, b / 100) for a, b in zip(mine, stat))
    assert got["length_buckets"]["sentences"] == t["length_count"]
    assert got["length_difference"]["buckets"] == list(t["lengthdiff"].bucketer.bucket_strs)
    assert got["length_difference"]["counts"] == t["lengthdiff"].sys_stats
    assert got["sentence_bleu_buckets"]["counts"] == t["sentbleu"].sys_stats
    ngrams, examples = t["ngrams"], t["examples"]
    for pair, (left, right), scored, diffs in zip(
        pairs(got), ngrams.compare_directions, ngrams.scorelist, examples.scorediff_lists, strict=True
    ):
        ng, ex = pair["ngrams"], pair["examples"]
        assert (ng["left"], ng["right"]) == (left, right)
        k = ngrams.report_length
        every = {" ".join(g): v for g, v in scored}
        for rows, printed in ((ng["left_better"], scored[:k]), (ng["right_better"], scored[-k:])):
            assert {" ".join(g) for g, _ in printed} <= {r["ngram"] for r in rows}  # ties with the k-th too
            assert all(r["score"] == every[r["ngram"]] for r in rows)
        k = examples.report_length
        assert [e["line"] for e in ex["left_better"]] == [i + 1 for *_, i in diffs[:k]]
        assert [e["line"] for e in ex["right_better"]] == [i + 1 for *_, i in reversed(diffs[-k:])]
        assert [(100 * e["left"], 100 * e["right"]) for e in ex["left_better"]] == [(d[1], d[2]) for d in diffs[:k]]


def test_a_byte_order_mark_is_kept_under_compare_mt_as_compare_mt_reads_it(capsys, tmp_path):
    ref = tmp_path / "ref.txt"
    ref.write_bytes(b"\xef\xbb\xbfhello world\nb c\n")
    a = write(tmp_path / "a.txt", ["hello world", "b c"])
    b = write(tmp_path / "b.txt", ["x", "b c"])
    kept = run_json(capsys, "--preset", "compare-mt", "-r", ref, a, b)
    dropped = run_json(capsys, "-r", ref, a, b)
    assert kept["scores"][0]["bleu"] < 1.0  # "\ufeffhello" != "hello", as in compare-mt
    assert dropped["scores"][0]["bleu"] == 1.0


# --------------------------------------------------------------------------- the outputs


def test_tables_on_the_terminal_by_default(capsys):
    code, out, err = run(capsys, "--preset", "compare-mt", "-r", REF, SYS1, SYS2, "--names", "sys1,sys2")
    assert code == 0 and err == ""
    assert "== Scores ==" in out and re.search(r"^sys1\s+22\.4309", out, re.M)  # compare-mt prints 22.4309
    want = bleu2.compare([lines(SYS1), lines(SYS2)], [lines(REF)], preset="compare-mt")
    assert out == want.to_text()


def test_html_file_is_one_offline_page_with_inline_svg_charts(capsys, tmp_path):
    page = tmp_path / "report.html"
    code, out, err = run(capsys, "--preset", "compare-mt", "-r", REF, SYS1, SYS2, "--html", page, "--json")
    assert code == 0 and err == ""
    assert json.loads(out)["systems"] == [str(SYS1), str(SYS2)]  # --json on stdout still
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert "<script" not in html.lower()
    assert not re.search(r"https?://|(src|href)\s*=|@import|url\(", html)
    assert html.count("<svg") >= 4 and "</svg>" in html
    want = bleu2.compare([lines(SYS1), lines(SYS2)], [lines(REF)], names=[str(SYS1), str(SYS2)], preset="compare-mt")
    assert html == want.to_html()
    code, out, _ = run(capsys, "--preset", "compare-mt", "-r", REF, SYS1, SYS2, "--html", "-")
    assert code == 0 and out == html


def test_latex_tables_are_balanced(capsys):
    code, out, err = run(capsys, "--preset", "compare-mt", "-r", REF, SYS1, SYS2, "--latex")
    assert code == 0 and err == ""
    for env in ("tabular", "table"):
        begins = [m.start() for m in re.finditer(rf"\\begin\{{{env}\}}", out)]
        ends = [m.start() for m in re.finditer(rf"\\end\{{{env}\}}", out)]
        assert len(begins) == len(ends) > 0
        assert all(b < e for b, e in zip(begins, ends))  # each closes after it opens
        assert all(e < b for e, b in zip(ends, begins[1:]))  # never nested in one another
    assert out.count("{") - out.count(r"\{") == out.count("}") - out.count(r"\}")
    assert "ted.sys1.eng" in out


# --------------------------------------------------------------------------- as a process


def test_python_m_bleu2_compare_prints_what_the_library_computes(capsys):
    proc = process("--preset", "compare-mt", "-r", "ted.ref.eng", "ted.sys1.eng", "ted.sys2.eng", "--json", cwd=TED)
    assert proc.returncode == 0 and proc.stderr == ""
    want = bleu2.compare(
        [lines(SYS1), lines(SYS2)], [lines(REF)], names=["ted.sys1.eng", "ted.sys2.eng"], preset="compare-mt"
    )
    assert proc.stdout == want.to_json()


def test_progress_goes_to_stderr_only(capsys):
    proc = process(
        "--progress", "--preset", "compare-mt", "-r", REF, SYS1, SYS2, "--json", "--paired-bs-n", "30", "--paired-bs"
    )
    assert proc.returncode == 0
    assert (
        proc.stdout
        == run(capsys, "--preset", "compare-mt", "-r", REF, SYS1, SYS2, "--json", "--paired-bs-n", "30", "--paired-bs")[
            1
        ]
    )
    err = proc.stderr.splitlines()
    assert err and all(line.startswith("bleu2: ") for line in err)
    assert any("analyses: 2,445/2,445 lines (100%)" in line for line in err)
    assert any("significance: 30/30 resamples" in line for line in err)
    quiet = process("--preset", "compare-mt", "-r", REF, SYS1, SYS2, "--json")
    assert quiet.stderr == ""  # no --progress, not a terminal: nothing


def test_help_lists_the_options_and_plain_bleu2_does_not_load_compare():
    proc = process("--help")
    assert proc.returncode == 0
    for option in (
        "--preset",
        "--frequency-edges",
        "--length-edges",
        "--length-difference-edges",
        "--sentence-bleu-edges",
        "--ngram-orders",
        "--ngram-compare",
        "--alpha",
        "--ngram-k",
        "--examples-k",
        "--baseline",
        "--freq-corpus",
        "--freq-counts",
        "--paired-bs",
        "--paired-ar",
        "--seed",
        "--json",
        "--html",
        "--latex",
        "--progress",
        "compare-mt",
    ):
        assert option in proc.stdout, option
    code = "import sys, bleu2.cli; print('bleu2.cli.compare_command' in sys.modules, 'bleu2.analyses' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=True,
    )
    assert out.stdout.split() == ["False", "False"]


# --------------------------------------------------------------------------- bad input


def _bad_utf8(tmp_path: Path) -> Path:
    p = tmp_path / "bad.txt"
    p.write_bytes(b"fine\n" * 2 + b"caf\xe9\n" + b"x\n" * 2442)
    return p


@pytest.mark.parametrize(
    "argv, status, message",
    [
        (["-r", REF, "missing.txt", SYS2], 1, r"cannot read 'missing.txt': No such file"),
        (
            ["-r", REF, SYS1, TED.parent / "multited-ja" / "multited.sys1.jpn"],
            1,
            rf"line counts differ: {re.escape(str(REF))} has 2445 lines, .*multited\.sys1\.jpn has 3446 lines",
        ),
        (["-r", REF, SYS1, "BAD"], 1, r"bad\.txt: line 3 is not valid UTF-8"),
        (["-r", REF, SYS1, SYS2, "--length-edges", "10,5,20"], 2, r"--length-edges must be strictly increasing"),
        (["-r", REF, SYS1, SYS2, "--frequency-edges", "1,two"], 2, r"--frequency-edges: 'two' is not a number"),
        (["-r", REF, SYS1, SYS2, "--frequency-edges", "1,2.5"], 2, r"--frequency-edges: the edges must be whole"),
        (["-r", REF, SYS1, SYS2, "--preset", "compare_mt"], 2, r"argument --preset: invalid choice: 'compare_mt'"),
        (["-r", REF, SYS1], 2, r"at least two system files"),
        (
            ["-r", REF, SYS1, SYS2, "--preset", "compare-mt", "-n", "4"],
            2,
            r"takes no BLEU option but --lowercase; got -n/--max-order",
        ),
        (["-r", REF, SYS1, SYS2, "--baseline", "9"], 2, r"--baseline: position 9 is out of range"),
        (["-r", REF, SYS1, SYS2, "--names", "a"], 2, r"--names: give one non-empty name per system"),
        (["-r", REF, SYS1, SYS2, "--ngram-orders", "3,1"], 2, r"--ngram-orders: need 1 <= lowest <= highest"),
        (["-r", REF, SYS1, SYS2, "--ngram-k", "-1"], 2, r"--ngram-k must be 0 or more"),
        (["-r", REF, SYS1, SYS2, "--paired-bs", "--seed", "x"], 2, r"--seed must be an integer or 'none'"),
        (["-r", REF, SYS1, SYS2, "-t", "nope"], 2, r"nope"),
        (
            ["-r", REF, SYS1, SYS2, "--html", "/nonexistent/dir/r.html"],
            1,
            r"--html: cannot write '/nonexistent/dir/r.html'",
        ),
    ],
    ids=[
        "missing-file",
        "line-counts-differ",
        "not-utf8",
        "edges-not-increasing",
        "edge-not-a-number",
        "edge-not-whole",
        "unknown-preset",
        "one-system",
        "compare-mt-with-max-order",
        "baseline-out-of-range",
        "names-per-system",
        "ngram-orders",
        "ngram-k",
        "seed",
        "unknown-tokenizer",
        "html-unwritable",
    ],
)
def test_bad_input_exits_with_one_line_naming_the_problem(capsys, tmp_path, argv, status, message):
    argv = [_bad_utf8(tmp_path) if a == "BAD" else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == status
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith("bleu2 compare: error: ")
    assert re.search(message, err), err


def test_a_bad_count_names_the_file_and_line(capsys, tmp_path):
    counts = write(tmp_path / "counts.tsv", ["the\t5", "cat\tmany"])
    code, out, err = run(capsys, "-r", REF, SYS1, SYS2, "--freq-counts", counts)
    assert (code, out) == (1, "")
    assert err == f"bleu2 compare: error: {counts}: line 2 of the counts: 'many' is not an integer count\n"


def test_standard_input_is_read_once(capsys, monkeypatch):
    data = SYS2.read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    got = run_json(capsys, "-r", REF, SYS1, "-", "--names", "a,b")
    want = bleu2.compare([lines(SYS1), lines(SYS2)], [lines(REF)], names=["a", "b"])
    assert got == want.to_dict()
    code, _, err = run(capsys, "-r", "-", SYS1, "-")
    assert code == 2 and "standard input ('-') can be read only once" in err


def test_every_number_in_the_json_is_a_fraction_or_a_count(capsys):
    got = run_json(capsys, "--preset", "compare-mt", "-r", REF, SYS1, SYS2)
    assert all(0 <= s["bleu"] <= 1 for s in got["scores"])
    assert all(0 <= x <= 1 and not math.isnan(x) for row in got["length_buckets"]["bleu"] for x in row)


#: The BLEU options bleu2 and bleu2 compare share: their flags, as docs/cli.md lists them.
SHARED_BLEU_OPTIONS = {
    "max_order": ["-n", "--max-order"],
    "weights": ["-w", "--weights"],
    "smoothing": ["-s", "--smoothing"],
    "smooth_value": ["--smooth-value"],
    "effective_order": ["--effective-order"],
    "tokenizer": ["-t", "--tokenizer"],
    "lowercase": ["--lowercase", "--no-lowercase"],
    "empty_references": ["--empty-references"],
    "ref_length": ["--ref-length"],
    "rstrip": ["--rstrip", "--no-rstrip"],
}


def test_bleu2_and_compare_describe_the_shared_options_alike():
    from bleu2.cli import compare_parser, parser

    def described(p):
        return {
            a.dest: (a.option_strings, a.help, a.default, a.type, a.choices, a.metavar, a.const, a.nargs, type(a))
            for a in p._actions
        }

    ours, compares = described(parser.build_parser()), described(compare_parser.build_parser())
    assert list(parser.BLEU_FLAGS) == list(SHARED_BLEU_OPTIONS)  # the flags messages name
    assert ours["references"] == compares["references"] and ours["references"][0] == ["-r", "--reference", "--ref"]
    for dest, flags in SHARED_BLEU_OPTIONS.items():
        assert ours[dest] == compares[dest], dest
        assert ours[dest][0] == flags and ours[dest][2] is None  # None: the library's default (or a preset's)
    # the defaults said are the classic calculator's (README: BLEU-2, add-1, the 'default' tokenizer)
    helps = {dest: " ".join(ours[dest][1].split()) for dest in SHARED_BLEU_OPTIONS}
    assert helps["max_order"].endswith("(default: 2)") and helps["smoothing"].endswith("(default: add-1)")
    assert helps["tokenizer"].endswith("(default: default)")


def test_compare_takes_space_separated_weights_before_the_systems_as_bleu2_does(capsys):
    """``-w 0.5 0.25 0.25 SYS1 SYS2``: the weights end at the first argument that is not a number."""
    code, out, err = run(capsys, "-r", REF, "-n", "3", "-w", "0.5", "0.25", "0.25", SYS1, SYS2, "--json")
    assert code == 0 and err == ""
    want = bleu2.compare(
        [lines(SYS1), lines(SYS2)], [lines(REF)], names=[str(SYS1), str(SYS2)], max_order=3, weights=[0.5, 0.25, 0.25]
    )
    assert out == want.to_json()
