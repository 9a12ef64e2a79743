"""``bleu2 multi-bleu [-lc] REF`` and ``bleu2 multi-bleu-detok [-lc] REF``: Moses'
``multi-bleu.perl`` and ``multi-bleu-detok.perl`` (mosesdecoder ``scripts/generic/``,
commit 34452895), their command line, output line, warnings and exit status. The one
changed line::

    perl multi-bleu.perl -lc ref.txt < hyp.txt       # before
    bleu2 multi-bleu -lc ref.txt < hyp.txt           # after

The hypothesis is read from standard input; the references by stem as the scripts do:
``REF0``, ``REF1``, ... while they exist, then ``REF`` itself (``REF.ref0``, ... when
neither ``REF`` nor ``REF0`` exists), then any further file named on the command line that
exists (``.gz`` files are decompressed). BLEU-4, no smoothing, corpus statistics, r the
closest reference length (ties to the shorter; 9999 for a line with no reference).

- ``multi-bleu``: bytes as they are, split on ASCII whitespace; ``-lc`` lower-cases ASCII.
- ``multi-bleu-detok``: UTF-8 text, each line's last character dropped (Perl's ``chop``: the
  newline, or the last character of a last line without one), then mteval-v13a's
  tokenization (:func:`bleu2.tokenizers.sacrebleu.spaced_13a`), split on Perl's Unicode
  ``\\s``; ``-lc`` lower-cases the hypothesis before tokenizing and each reference after,
  as the script does, with Perl's ``lc`` (no final sigma).

The printed numbers are Perl's ``printf`` of the same double arithmetic. Perl's own
warnings are written as ``perl multi-bleu.perl`` run from its folder writes them. bleu2
adds one warning of its own, when the hypothesis and the references have different
numbers of lines (the scripts then score silently with r = 9999 per missing line), and
refuses text that is not UTF-8 (``multi-bleu-detok``) with a message naming the line.
"""

from __future__ import annotations

import gzip
import math
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..metrics.bleu.stats import reference_stats, sentence_stats
from ..tokenizers.sacrebleu import spaced_13a
from .reading import reader_gone, stdin_stream

__all__ = ["ScriptStop", "main", "multi_bleu_line"]

#: The scripts' file names, as their warnings name them.
SCRIPTS = {False: "multi-bleu.perl", True: "multi-bleu-detok.perl"}
#: Lines of the scripts that Perl's messages name: (multi-bleu.perl, multi-bleu-detok.perl).
_LINE = {
    "argv": (11, 21),
    "die": (32, 42),
    "open": (48, 58),
    "open_gz": (46, 56),
    "divide": (139, 151),
    "ref_len": (148, 160),
    "bp": (154, 166),
}
ADVICE = (
    "It is not advisable to publish scores from multi-bleu.perl.  The scores depend on your tokenizer, which is "
    "unlikely to be reproducible from your paper or consistent across research groups.  Instead you should "
    "detokenize then use mteval-v14.pl, which has a standard tokenization.  Scores from multi-bleu.perl can still "
    "be used for internal purposes when you have a consistent tokenizer.\n"
)
ZERO_LINE = "BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)\n"
#: Perl's ``\\s`` on character strings (5.18 and later); Python's also holds U+001C..U+001F.
_PERL_SPACE = re.compile("[\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")
_NO_REFERENCE = 9999  # the scripts' starting "closest" length, kept by a line with no reference
_LOG_ZERO = -9999999999  # the scripts' my_log(0)

_Tokenize = Callable[[Any], list[Any]]


class ScriptStop(Exception):
    """The script stops: Perl's message on standard error, and the exit status."""

    def __init__(self, message: str, status: int) -> None:
        self.message, self.status = message, status


def _usage(detok: bool) -> str:
    name = "multi-bleu-detok.pl" if detok else "multi-bleu.pl"
    return (
        f"usage: {name} [-lc] reference < hypothesis\n"
        "Reads the references from reference or reference0, reference1, ...\n"
    )


def _perl_lc(text: str) -> str:
    """Perl's ``lc`` on a character string: Unicode's full lower case, without the final
    sigma rule that Python's ``str.lower`` applies."""
    return text.replace("Σ", "σ").lower()


def _split_detok(text: str) -> list[str]:
    return [t for t in _PERL_SPACE.split(text) if t]


def _lines(data: bytes, name: str, detok: bool) -> list[Any]:
    """The lines of one input as the script reads them: bytes without their newline
    (``chomp``, ``multi-bleu``), or UTF-8 text without its last character (``chop``,
    ``multi-bleu-detok``: the newline, or the last character of a last line without one).

    Raises:
        ScriptStop: ``multi-bleu-detok`` input that is not UTF-8 (the message names the line).
    """
    pieces = data.split(b"\n")
    partial = pieces.pop()  # after the last newline: b"" or a last line without one
    if not detok:
        return pieces + [partial] if partial else pieces
    out = []
    for i, raw in enumerate(pieces + [partial] if partial else pieces, 1):
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise ScriptStop(
                f"bleu2 multi-bleu-detok: error: {name}, line {i}: not UTF-8 (byte {e.start + 1})\n", 1
            ) from None
    if partial:
        out[-1] = out[-1][:-1]
    return out


def _references(argv: Sequence[str], detok: bool) -> list[list[Any]]:
    """The reference files' lines, found as the scripts find them."""
    script = SCRIPTS[detok]
    stem = argv[0]
    if not os.path.exists(stem) and not os.path.exists(stem + "0") and os.path.exists(stem + ".ref0"):
        stem += ".ref"
    files = []
    k = 0
    while os.path.exists(f"{stem}{k}"):
        files.append(f"{stem}{k}")
        k += 1
    if os.path.exists(stem):
        files.append(stem)
    refs = [_read_reference(f, detok) for f in files]
    if not any(refs):
        try:
            os.stat(stem)
            status = 255
        except OSError as e:
            status = e.errno or 255
        raise ScriptStop(
            f"ERROR: could not find reference file {stem} at {script} line {_LINE['die'][detok]}.\n", status
        )
    refs += [_read_reference(f, detok) for f in argv[1:] if os.path.exists(f)]
    return refs


def _read_reference(path: str, detok: bool) -> list[Any]:
    gz = re.search(r".gz$", path) is not None
    try:
        if gz:
            with gzip.open(path, "rb") as f:
                data = f.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except (OSError, EOFError) as e:
        line = _LINE["open_gz" if gz else "open"][detok]
        status = getattr(e, "errno", None) or 255
        raise ScriptStop(f"Can't read {path} at {SCRIPTS[detok]} line {line}.\n", status) from None
    return _lines(data, path, detok)


def _tokenizers(detok: bool, lowercase: bool) -> tuple[_Tokenize, _Tokenize]:
    """(hypothesis line -> tokens, reference line -> tokens), in the script's order."""
    if not detok:
        if lowercase:
            return _ascii_lc_words, _ascii_lc_words
        return bytes.split, bytes.split
    if lowercase:
        return (lambda s: _split_detok(spaced_13a(_perl_lc(s)))), (lambda s: _split_detok(_perl_lc(spaced_13a(s))))
    return (lambda s: _split_detok(spaced_13a(s))), (lambda s: _split_detok(spaced_13a(s)))


def _ascii_lc_words(line: bytes) -> list[bytes]:
    return line.lower().split()


def _closest_length(hyp_len: int, lengths: Sequence[int]) -> int:
    """The scripts' r: the closest reference length, ties to the shorter, starting from
    a length and a difference of 9999 (kept by a line with no reference)."""
    diff, best = _NO_REFERENCE, _NO_REFERENCE
    for length in lengths:
        d = abs(hyp_len - length)
        if d < diff:
            diff, best = d, length
        elif d == diff and length < best:
            best = length
    return best


def multi_bleu_line(
    hypotheses: Sequence[Any],
    references: Sequence[Sequence[Any]],
    detok: bool = False,
    lowercase: bool = False,
) -> tuple[str, list[str]]:
    """The script's line for its lines as read (:func:`_lines`: bytes or str).

    Returns:
        (standard output, Perl's warnings in order).
    Raises:
        ScriptStop: Perl's division by zero (no hypothesis token, some reference token).
    """
    script = SCRIPTS[detok]
    hyp_tokens, ref_tokens = _tokenizers(detok, lowercase)
    correct, total = [0] * 4, [0] * 4
    hyp_len = ref_len = 0
    for s, line in enumerate(hypotheses):
        words = hyp_tokens(line)
        refs = [ref_tokens(r[s]) for r in references if s < len(r)]
        c = len(words)
        hyp_len += c
        ref_len += _closest_length(c, [len(r) for r in refs])
        if refs:
            st = sentence_stats(words, reference_stats(refs, 4, "count"))
            correct = [a + b for a, b in zip(correct, st.matches)]
        total = [t + max(c - n, 0) for n, t in enumerate(total)]
    at = f", <STDIN> line {len(hypotheses)}" if hypotheses else ""
    warnings = []
    precisions = []
    for m, t in zip(correct, total):
        if t and not m:  # $CORRECT[$n] never set: Perl divides undef
            warnings.append(
                f"Use of uninitialized value in division (/) at {script} line {_LINE['divide'][detok]}{at}.\n"
            )
        precisions.append(m / t if t else 0)
    if ref_len == 0:
        if not hypotheses:
            warnings.append(
                f"Use of uninitialized value $length_reference in numeric eq (==) at {script} line "
                f"{_LINE['ref_len'][detok]}.\n"
            )
        return ZERO_LINE, warnings
    bp = 1.0
    if hyp_len < ref_len:
        if hyp_len == 0:
            raise ScriptStop(
                "".join(warnings) + f"Illegal division by zero at {script} line {_LINE['bp'][detok]}{at}.\n", 255
            )
        bp = math.exp(1 - ref_len / hyp_len)
    logs = [math.log(p) if p else _LOG_ZERO for p in precisions]
    bleu = bp * math.exp((logs[0] + logs[1] + logs[2] + logs[3]) / 4)
    p1, p2, p3, p4 = (100 * p for p in precisions)
    out = (
        f"BLEU = {100 * bleu:.2f}, {p1:.1f}/{p2:.1f}/{p3:.1f}/{p4:.1f} (BP={bp:.3f}, "
        f"ratio={hyp_len / ref_len:.3f}, hyp_len={hyp_len:d}, ref_len={ref_len:d})\n"
    )
    return out, warnings


def _read_stdin() -> bytes:
    stream = stdin_stream()
    if stream is None:
        return b""
    data: bytes | str = stream.read()  # a text stream where stdin has no buffer
    return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data


def _run(argv: list[str], detok: bool) -> int:
    if argv[:1] == ["-lc"]:
        lowercase = True
        argv = argv[1:]
    else:
        lowercase = False
        if not argv:  # Perl compares an undefined $ARGV[0] to "-lc"
            sys.stderr.write(f"Use of uninitialized value $ARGV[0] in string eq at {SCRIPTS[detok]} line ")
            sys.stderr.write(f"{_LINE['argv'][detok]}.\n")
    if not argv:
        sys.stderr.write(_usage(detok))
        return 1
    if argv in (["-h"], ["--help"]):
        sys.stdout.write(_usage(detok))
        return 0
    try:
        references = _references(argv, detok)
        hypotheses = _lines(_read_stdin(), "standard input", detok)
        n_ref_lines = max(len(r) for r in references)
        if len(hypotheses) != n_ref_lines:
            sys.stderr.write(
                f"bleu2 {'multi-bleu-detok' if detok else 'multi-bleu'}: warning: the hypothesis has "
                f"{len(hypotheses)} line{'' if len(hypotheses) == 1 else 's'}, the references {n_ref_lines}: "
                "the script scores it anyway "
                f"(r = {_NO_REFERENCE} for a line with no reference; lines past the hypothesis are left out)\n"
            )
        out, warnings = multi_bleu_line(hypotheses, references, detok, lowercase)
    except ScriptStop as stop:
        sys.stderr.write(stop.message)
        return stop.status
    sys.stderr.write("".join(warnings))
    sys.stdout.write(out)
    sys.stdout.flush()
    if out == ZERO_LINE:
        return 1
    if not detok:
        sys.stderr.write(ADVICE)
    return 0


def main(argv: Sequence[str], detok: bool = False) -> int:
    """Run ``bleu2 multi-bleu`` (``detok``: ``multi-bleu-detok``) with the arguments after
    the command's name; return the exit status (the script's: 0; 1 for no reference
    length or a usage error; Perl's ``die`` status for a missing reference; 255 for a
    division by zero; 130 on Ctrl-C)."""
    try:
        return _run(list(argv), detok)
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:
        reader_gone()
        return 0
