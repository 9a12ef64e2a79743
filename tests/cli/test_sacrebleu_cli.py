"""``bleu2 sacrebleu ...`` against the installed ``sacrebleu`` command (2.6.0, the oracle):
the same arguments give the same standard output, byte for byte (the signatures' version
too: sacreBLEU's ``2.6.0``, whose output this is); the same exit status. On the shared TED and multiTED data and on
files with a byte-order mark, CRLF line ends, tabs and trailing spaces, for every flag
``bleu2 sacrebleu`` takes; flags for what bleu2 lacks are refused by name."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from bleu2 import cli
from bleu2.cli import table
from shared_data import DATA

SACREBLEU = str(Path(sys.executable).parent / "sacrebleu")
TED, JA = DATA / "ted", DATA / "multited-ja"
LINES = 200


def oracle(args, cwd, stdin: bytes | None = None, env=None) -> tuple[int, str]:
    proc = subprocess.run(
        [SACREBLEU, *map(str, args)],
        cwd=cwd,
        input=stdin if stdin is not None else b"",
        capture_output=True,
        env={**os.environ, **(env or {})},
        check=False,
    )
    return proc.returncode, proc.stdout.decode("utf-8")


def ours(args, capsys, monkeypatch, cwd, stdin: bytes | None = None, env=None) -> tuple[int, str]:
    monkeypatch.chdir(cwd)
    for k, v in (env or {}).items():
        monkeypatch.setenv(k, v)
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8"))
    code = cli.main(["sacrebleu", *map(str, args)])
    out, _ = capsys.readouterr()
    return code, out


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Small line-aligned files cut from TED, and the same text with a BOM, CRLF line
    ends, tabs and trailing spaces, tab-separated references, gzip and Latin-1."""
    d = tmp_path_factory.mktemp("sacrebleu_cli")

    def head(path):
        return path.read_text(encoding="utf-8").split("\n")[:LINES]

    ref, s1, s2, ref_tok = (
        head(TED / n) for n in ("ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng", "ted.ref.eng")
    )
    write = {
        "ref.txt": "\n".join(ref) + "\n",
        "ref2.txt": "\n".join(ref_tok) + "\n",
        "sys1.txt": "\n".join(s1) + "\n",
        "sys2.txt": "\n".join(s2) + "\n",
        "bom.txt": "\ufeff" + "\n".join(s1) + "\n",
        "crlf.txt": "\r\n".join(s2) + "\r\n",
        "tabs.txt": "\n".join(x.replace(" ", "\t", 1) + "  \t " for x in s1) + "\n",
        "refs.tsv": "\n".join(f"{a}\t{b}" for a, b in zip(ref, ref_tok)) + "\n",
        "hyphen.txt": "\n".join(x + " re-" for x in s1) + "\n",
    }
    for name, text in write.items():
        (d / name).write_text(text, encoding="utf-8", newline="")
    (d / "sys1.txt.gz").write_bytes(gzip.compress((d / "sys1.txt").read_bytes()))
    (d / "latin1.txt").write_bytes((d / "sys1.txt").read_text(encoding="utf-8").encode("latin-1", "replace"))
    (d / "ref.latin1.txt").write_bytes((d / "ref.txt").read_text(encoding="utf-8").encode("latin-1", "replace"))
    (d / "two.tsv").write_text("\n".join(f"{a}\t{b}" for a, b in zip(s1, s2)) + "\n", encoding="utf-8")
    (d / "empty.txt").write_bytes(b"")
    return d


CASES = [
    # default json, text, latex; one system and several
    "ref.txt -i sys1.txt",
    "ref.txt --input sys1.txt -f text",
    "ref.txt -i sys1.txt -f latex",
    "ref.txt -i sys1.txt sys2.txt",
    "ref.txt -i sys1.txt sys2.txt --format text",
    "ref.txt -i sys1.txt sys2.txt -f latex",
    # references
    "ref.txt ref2.txt -i sys1.txt -f text",
    "refs.tsv -nr 2 -i sys1.txt",
    "refs.tsv --num-refs 2 -i sys1.txt sys2.txt -f text",
    "refs.tsv -nr 3 -i sys1.txt",
    "ref.txt ref2.txt -nr 2 -i sys1.txt",
    # reading: BOM, CRLF, tabs and trailing spaces, gzip, another encoding
    "ref.txt -i bom.txt -f text",
    "ref.txt -i crlf.txt -f text",
    "ref.txt -i tabs.txt -f text",
    "ref.txt -i hyphen.txt -f text",
    "ref.txt -i sys1.txt.gz",
    "ref.latin1.txt -e latin-1 -i latin1.txt",
    "ref.latin1.txt --encoding latin-1 -i latin1.txt -f text",
    # BLEU's options
    "ref.txt -i sys1.txt -s none -f text",
    "ref.txt -i sys1.txt --smooth-method floor -f text",
    "ref.txt -i sys1.txt -s floor -sv 0.5 -f text",
    "ref.txt -i sys1.txt -s add-k --smooth-value 2 -f text",
    "ref.txt -i sys1.txt -tok intl -f text",
    "ref.txt -i sys1.txt --tokenize char -f text",
    "ref.txt -i sys1.txt -tok none -lc -f text",
    "ref.txt -i sys1.txt -tok zh --lowercase",
    "ref.txt -i sys1.txt --force",
    # sentence level
    "ref.txt -i sys1.txt -sl",
    "ref.txt -i sys1.txt --sentence-level -b -w 2",
    "ref.txt ref2.txt -i sys1.txt -sl -s add-k -sh",
    # reporting
    "ref.txt -i sys1.txt -q",
    "ref.txt -i sys1.txt --quiet -f text -sh",
    "ref.txt -i sys1.txt --short",
    "ref.txt -i sys1.txt -b",
    "ref.txt -i sys1.txt --score-only -f text -w 3",
    "ref.txt -i sys1.txt sys2.txt -w 0 -f text",
    "ref.txt -i sys1.txt sys2.txt --width 4 -f latex -sh",
    "ref.txt -i sys1.txt -d",
    "ref.txt -i sys1.txt --detail -f text",
    "ref.txt -i sys1.txt -nc -f text",
    "ref.txt -i sys1.txt --no-color sys2.txt -f text",
    # significance
    "ref.txt -i sys1.txt -ci -cin 200",
    "ref.txt -i sys1.txt --confidence --confidence-n 100 -f text",
    "ref.txt -i sys1.txt -ci -cin 100 -b -f text",
    "ref.txt -i sys1.txt sys2.txt -pbs -pbsn 100",
    "ref.txt -i sys1.txt sys2.txt --paired-bs --paired-bs-n 100 -f text",
    "ref.txt -i sys1.txt sys2.txt bom.txt -pbs -pbsn 50 -f latex",
    "ref.txt -i sys1.txt sys2.txt -par -parn 200",
    "ref.txt -i sys1.txt sys2.txt --paired-ar --paired-ar-n 200 -f text",
    "ref.txt -i sys1.txt sys2.txt -par -parn 100 -f latex -j 2",
    "ref.txt -i sys1.txt sys2.txt -pbs -pbsn 50 --paired-jobs 0 -f text",
    "ref.txt -i sys1.txt sys1.txt -pbs -pbsn 50 -f text",
    # errors, with sacreBLEU's exit status
    "ref.txt -i sys1.txt sys1.txt",
    "ref.txt -i sys1.txt -sl -ci",
    "ref.txt -i sys1.txt sys2.txt -sl",
    "ref.txt -i sys1.txt -pbs",
    "ref.txt -i sys1.txt sys2.txt -ci",
    "ref.txt -i empty.txt",
    "ref.txt",
    "-i sys1.txt",
    "ref.txt -i sys1.txt -s exp2",
]


@pytest.mark.parametrize("argv", CASES)
def test_same_output_as_sacrebleu(argv, files, capsys, monkeypatch):
    args = argv.split()
    assert ours(args, capsys, monkeypatch, files) == oracle(args, files)


@pytest.mark.parametrize(
    "stdin,argv",
    [
        ("sys1.txt", "ref.txt"),
        ("two.tsv", "ref.txt -f text"),
        ("two.tsv", "ref.txt -pbs -pbsn 50 -f text"),
        ("crlf.txt", "ref.txt"),
        ("bom.txt", "ref.txt -f text"),
    ],
)
def test_standard_input_as_sacrebleu_reads_it(stdin, argv, files, capsys, monkeypatch):
    data = (files / stdin).read_bytes()
    assert ours(argv.split(), capsys, monkeypatch, files, data) == oracle(argv.split(), files, data)


@pytest.mark.parametrize(
    "env,argv",
    [
        ({"SACREBLEU_SEED": "7"}, "ref.txt -i sys1.txt sys2.txt -pbs -pbsn 50"),
        ({"SACREBLEU_SEED": "7"}, "ref.txt -i sys1.txt -ci -cin 50 -f text"),
        ({"SACREBLEU_FORMAT": "text"}, "ref.txt -i sys1.txt"),
        ({"SACREBLEU_FORMAT": "latex"}, "ref.txt -i sys1.txt sys2.txt"),
        ({"NO_COLOR": "1"}, "ref.txt -i sys1.txt sys2.txt -par -parn 50 -f text"),
    ],
)
def test_environment_as_sacrebleu_reads_it(env, argv, files, capsys, monkeypatch):
    assert ours(argv.split(), capsys, monkeypatch, files, env=env) == oracle(argv.split(), files, env=env)


@pytest.mark.parametrize(
    "argv",
    [
        f"{TED}/ted.ref.detok.eng -i {TED}/ted.sys1.detok.eng",
        f"{TED}/ted.ref.detok.eng {TED}/ted.ref.eng -i {TED}/ted.sys1.detok.eng {TED}/ted.sys2.detok.eng -f text",
        f"{TED}/ted.ref.eng -i {TED}/ted.sys1.eng {TED}/ted.sys2.eng -pbs -f text",
        f"{JA}/multited.ref.jpn -i {JA}/multited.sys1.jpn -tok char -f text",
        f"{JA}/multited.ref.jpn -i {JA}/multited.sys1.jpn {JA}/multited.sys2.jpn -par -parn 1000",
    ],
)
def test_same_output_on_the_shared_data(argv, files, capsys, monkeypatch):
    assert ours(argv.split(), capsys, monkeypatch, files) == oracle(argv.split(), files)


@pytest.mark.parametrize(
    "argv,named",
    [
        ("-t wmt17 -l en-de", "-t/--test-set: bleu2 has no built-in test sets"),
        ("-l en-ja", "-l/--language-pair en-ja picks BLEU's tokenizer 'ja-mecab'"),
        ("--echo src", "--echo"),
        ("-tok ja-mecab", "tokenizer 'ja-mecab' is not available in bleu2"),
    ],
)
def test_what_bleu2_lacks_is_refused_by_name(argv, named, files, capsys, monkeypatch):
    monkeypatch.chdir(files)
    code = cli.main(["sacrebleu", "ref.txt", "-i", "sys1.txt", *argv.split()])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("bleu2 sacrebleu: error: ") and named in err


@pytest.mark.parametrize(
    "argv,engine", [("-m chrf", "bleu2.metrics.chrf.api"), ("-m bleu ter", "bleu2.metrics.ter.api")]
)
def test_a_metric_whose_engine_is_missing_is_refused_by_name(argv, engine, files, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, engine, None)  # its import fails, as in a build without it
    monkeypatch.chdir(files)
    code = cli.main(["sacrebleu", "ref.txt", "-i", "sys1.txt", *argv.split()])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    name = argv.split()[-1]
    assert (
        err
        == f"bleu2 sacrebleu: error: metric {name!r} is not available in this bleu2 (its engine, {engine}, is missing)\n"
    )


def test_entry_points_and_colours_on_a_terminal(files):
    """``bleu2 sacrebleu`` and ``python -m bleu2 sacrebleu`` as subprocesses; on a terminal,
    sacreBLEU's colours (its tables are laid out on the visible text)."""
    import pty

    args = ["ref.txt", "-i", "sys1.txt", "sys2.txt", "-pbs", "-pbsn", "30", "-f", "text"]

    def on_pty(cmd):
        master, slave = pty.openpty()
        proc = subprocess.Popen(cmd, cwd=files, stdout=slave, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        os.close(slave)
        out = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        proc.wait()
        os.close(master)
        return out.replace(b"\r\n", b"\n").decode("utf-8")

    theirs = on_pty([SACREBLEU, *args])
    assert "\x1b[33mBaseline: sys1.txt\x1b[0m" in theirs
    assert on_pty([sys.executable, "-m", "bleu2", "sacrebleu", *args]) == theirs
    console = str(Path(sys.executable).parent / "bleu2")
    proc = subprocess.run(
        [console, "sacrebleu", "ref.txt", "-i", "sys1.txt"], cwd=files, capture_output=True, check=False
    )
    assert proc.returncode == 0 and proc.stdout.decode() == oracle(["ref.txt", "-i", "sys1.txt"], files)[1]


# --------------------------------------------------------------------------- the tables

_cell = st.text(alphabet="ab 1.,-_&%$#{}~^\\<>μ±()*=\t", max_size=12) | st.sampled_from(
    ["21.7", "0.0", "100.0", "1,000", "True", "inf", "nan", "", " 7 ", "01", "1e3", "21.7 (21.6 ± 0.5)\n(p = 0.0010)*"]
)


@settings(max_examples=1000, deadline=None)
@given(
    st.integers(1, 4).flatmap(lambda n: st.lists(st.lists(_cell, min_size=n, max_size=n), min_size=1, max_size=4)),
    st.sampled_from(["fancy_grid", "latex_booktabs"]),
    st.integers(0, 3),
)
def test_tables_are_drawn_as_tabulate_draws_them(rows, fmt, width):
    headers = ["System"] + [f"BLEU{j}" for j in range(1, len(rows[0]))]
    columns = {h: [r[j] for r in rows] for j, h in enumerate(headers)}
    expected = tabulate(
        columns,
        headers="keys",
        tablefmt=fmt,
        colalign=("right",),
        stralign="center",
        numalign="center",
        floatfmt=f".{width}f",
    )
    colours = table.Colors(False)
    assert table.tabulate(columns, fmt, width, colours, False) == expected
