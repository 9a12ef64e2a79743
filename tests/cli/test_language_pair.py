"""``bleu2 sacrebleu -l SRC-TRG`` with the user's own reference files, against the installed
``sacrebleu`` command (2.6.0, the oracle, run here) on multiTED-ja and TED: the target language
picks BLEU's tokenizer when ``-tok`` is not given (``zh`` -> ``zh``, others -> ``13a``; chrF
and TER ignore it), sacreBLEU's advice when another tokenizer is given, and a refusal naming
the argument and the tokenizer where that tokenizer needs MeCab (``ja``, ``ko``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bleu2 import cli
from shared_data import MULTITED_JA, TED

SACREBLEU = str(Path(sys.executable).parent / "sacrebleu")
LINES = 100


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("language_pair")
    for name, source in (
        ("ja.ref", MULTITED_JA / "multited.ref.jpn"),
        ("ja.sys", MULTITED_JA / "multited.sys1.jpn"),
        ("ja.sys2", MULTITED_JA / "multited.sys2.jpn"),
        ("en.ref", TED / "ted.ref.detok.eng"),
        ("en.sys", TED / "ted.sys1.detok.eng"),
    ):
        text = source.read_text(encoding="utf-8").split("\n")[:LINES]
        (d / name).write_text("\n".join(text) + "\n", encoding="utf-8")
    return d


def oracle(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    proc = subprocess.run(
        [SACREBLEU, *argv], cwd=cwd, capture_output=True, encoding="utf-8", env={**os.environ, "NO_COLOR": "1"}
    )
    return proc.returncode, proc.stdout, proc.stderr


def ours(argv: list[str], cwd: Path, capsys, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("NO_COLOR", "1")
    code = cli.main(["sacrebleu", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv",
    [
        "ja.ref -i ja.sys -l en-zh -f text",
        "ja.ref -i ja.sys -l en-zh",
        "ja.ref -i ja.sys ja.sys2 -l en-zh -m bleu chrf ter -f text",
        "ja.ref -i ja.sys -l en-zh -sl -f text",
        "ja.ref -i ja.sys -l de-zh -lc -b",
        "ja.ref -i ja.sys -l en-de -f text",
        "en.ref -i en.sys -l zh-en -f text",
        "ja.ref -i ja.sys -l en-ja -m chrf ter -f text",
        "ja.ref -i ja.sys -l en-ko -m ter -f text",
        "ja.ref --language-pair en-zh -i ja.sys -f text",
    ],
)
def test_the_target_language_picks_bleus_tokenizer_as_sacrebleu(argv, files, capsys, monkeypatch):
    code, out, err = ours(argv.split(), files, capsys, monkeypatch)
    assert (code, out) == oracle(argv.split(), files)[:2]
    assert code == 0 and err == ""
    if "-m" not in argv and "-b" not in argv and "zh" in argv.split("-l ")[-1].split("-")[1]:
        assert "tok:zh" in out


@pytest.mark.parametrize(
    "argv,advice",
    [
        (
            "ja.ref -i ja.sys -l en-zh -tok 13a -f text",
            "sacreBLEU: Consider using the 'zh' or 'spm' tokenizer for Chinese.",
        ),
        (
            "ja.ref -i ja.sys -l en-ja -tok char -f text",
            "sacreBLEU: Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese.",
        ),
        (
            "ja.ref -i ja.sys -l en-ko -tok char -q -f text",
            "Consider using the 'ko-mecab' or 'spm' tokenizer for Korean.",
        ),
    ],
)
def test_another_tokenizer_gets_sacrebleus_advice(argv, advice, files, capsys, monkeypatch):
    code, out, err = ours(argv.split(), files, capsys, monkeypatch)
    expected = oracle(argv.split(), files)
    assert (code, out) == expected[:2] and code == 0
    assert err == f"{advice}\n" and advice in expected[2]


@pytest.mark.parametrize(
    "argv,message",
    [
        ("-l en-ja", "-l/--language-pair en-ja picks BLEU's tokenizer 'ja-mecab' for 'ja'"),
        ("-l en-ko -m bleu chrf", "-l/--language-pair en-ko picks BLEU's tokenizer 'ko-mecab' for 'ko'"),
    ],
)
def test_a_target_whose_tokenizer_needs_mecab_is_refused_naming_both(argv, message, files, capsys, monkeypatch):
    args = ["ja.ref", "-i", "ja.sys", *argv.split()]
    code, out, err = ours(args, files, capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.startswith(f"bleu2 sacrebleu: error: {message}") and "needs MeCab" in err and "-tok" in err
    assert err.count("\n") == 1
    assert oracle(args, files)[0] != 0  # sacreBLEU stops too (a RuntimeError without MeCab)


def test_a_pair_without_a_target_is_refused(files, capsys, monkeypatch):
    code, out, err = ours(["ja.ref", "-i", "ja.sys", "-l", "en"], files, capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert "-l/--language-pair: give source-target language codes, e.g. en-de; got 'en'" in err
    assert "IndexError" in oracle(["ja.ref", "-i", "ja.sys", "-l", "en"], files)[2]  # sacreBLEU: a traceback


def test_help_lists_it_and_bleu2s_own_command_points_to_bleu2_sacrebleu(files, capsys, monkeypatch):
    assert cli.main(["sacrebleu", "--help"]) == 0
    assert "--language-pair LANGPAIR, -l LANGPAIR" in capsys.readouterr().out
    monkeypatch.chdir(files)
    assert cli.main(["-r", "ja.ref", "-l", "en-zh", "ja.sys"]) == 2
    err = capsys.readouterr().err
    assert "-l is sacreBLEU's spelling" in err and "bleu2 sacrebleu" in err
