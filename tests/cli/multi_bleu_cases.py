"""The inputs on which Moses' ``multi-bleu.perl`` and ``multi-bleu-detok.perl`` (mosesdecoder
``scripts/generic/``, commit 34452895f350bf097b21ee514a529a1dc542243c, Perl 5.36) were run
to record :data:`GOLDEN` (``tests/cli/test_multi_bleu_cli.py``): run in a folder holding
``files`` and the script, as ``perl multi-bleu.perl ARGS < STDIN``.

Each case: ``(id, command, args, files, stdin)``; a file's or the input's content is bytes,
or ``("ted", name)`` for a file of the shared TED set (``tests/shared_data.py``).
"""

from __future__ import annotations

TED_REF, TED_REF_DETOK = ("ted", "ted.ref.eng"), ("ted", "ted.ref.detok.eng")
TED_SYS1, TED_SYS2 = ("ted", "ted.sys1.eng"), ("ted", "ted.sys2.eng")
TED_SYS1_DETOK, TED_SYS2_DETOK = ("ted", "ted.sys1.detok.eng"), ("ted", "ted.sys2.detok.eng")

SMALL_REFS = {
    "ref0": b"The cat sat on the mat .\nA dog barks\n\n",
    "ref1": b"the cat sat on a mat .\nA dog barks loudly\n\n",
}
SMALL_HYP = b"the cat sat on the mat .\na dog barks\nhello\n"
# Entities, <skipped>, Unicode spaces (no-break, ideographic), U+001C (not a space for
# Perl), a capital sigma (Perl's lc: no final sigma), a last line without a newline (chop).
ODD_REF = 'The cat, sat on "the" mat.\nΣΟΦΟΣ a\xa0b\u3000c d\x1ce &QUOT; &quot; <skipped>x\nEnd'.encode()
ODD_HYP = 'the cat , sat on &quot;the&quot; mat.\nσοφος a b c d\x1ce &quot; " x\nEnd'.encode()

CASES = [
    ("ted-tokenized", "multi-bleu", ["ref"], {"ref": TED_REF}, TED_SYS1),
    ("ted-tokenized-sys2", "multi-bleu", ["ref"], {"ref": TED_REF}, TED_SYS2),
    ("ted-tokenized-lc", "multi-bleu", ["-lc", "ref"], {"ref": TED_REF}, TED_SYS2),
    ("ted-detok", "multi-bleu-detok", ["ref"], {"ref": TED_REF_DETOK}, TED_SYS1_DETOK),
    ("ted-detok-lc", "multi-bleu-detok", ["-lc", "ref"], {"ref": TED_REF_DETOK}, TED_SYS2_DETOK),
    ("ted-detok-on-tokenized", "multi-bleu-detok", ["ref"], {"ref": TED_REF}, TED_SYS1),
    ("ted-two-refs-by-stem", "multi-bleu", ["ref"], {"ref0": TED_REF, "ref1": TED_SYS2}, TED_SYS1),
    ("ted-stem-dot-ref", "multi-bleu", ["t"], {"t.ref0": TED_REF, "t.ref1": TED_SYS2}, TED_SYS1),
    (
        "ted-stem-and-extra-refs",
        "multi-bleu-detok",
        ["-lc", "r", "missing", "x"],
        {"r": TED_REF_DETOK, "x": TED_SYS2_DETOK},
        TED_SYS1_DETOK,
    ),
    ("small-two-refs", "multi-bleu", ["ref"], SMALL_REFS, SMALL_HYP),
    ("small-two-refs-lc", "multi-bleu", ["-lc", "ref"], SMALL_REFS, SMALL_HYP),
    ("small-two-refs-detok-lc", "multi-bleu-detok", ["-lc", "ref"], SMALL_REFS, SMALL_HYP),
    ("odd-detok", "multi-bleu-detok", ["ref"], {"ref": ODD_REF}, ODD_HYP),
    ("odd-detok-lc", "multi-bleu-detok", ["-lc", "ref"], {"ref": ODD_REF}, ODD_HYP),
    ("odd-tokenized", "multi-bleu", ["ref"], {"ref": ODD_REF}, ODD_HYP),
    ("crlf", "multi-bleu", ["ref"], {"ref": b"a b c\r\nd e f\r\n"}, b"a b c\r\nd e\r\n"),
    ("crlf-detok", "multi-bleu-detok", ["ref"], {"ref": b"a b c\r\nd e f\r\n"}, b"a b c\r\nd e\r\n"),
    ("gzip-reference", "multi-bleu", ["r.gz"], {"r.gz": b"GZIP:x y\n"}, b"x y\n"),
    ("latin-1-bytes", "multi-bleu", ["ref"], {"ref": b"caf\xe9 ok\n"}, b"caf\xe9 ok\n"),
    ("lc-is-ascii-only", "multi-bleu", ["-lc", "ref"], {"ref": "ÉTÉ Q W\n".encode()}, "été q w\n".encode()),
    ("no-4gram-match", "multi-bleu", ["ref"], {"ref": b"a b c d e f\n"}, b"a b c x e f\n"),
    ("no-match-at-all", "multi-bleu", ["ref"], {"ref": b"a b c d e f\n"}, b"q w e r t\n"),
    ("hypothesis-longer", "multi-bleu", ["ref"], {"ref": b"a b\n"}, b"a b\nc d\n"),
    ("empty-references", "multi-bleu", ["ref"], {"ref": b"\n\n"}, b"the cat sat\nx y z\n"),
    ("empty-hypothesis-lines", "multi-bleu", ["ref"], {"ref": b"a b\nc d\n"}, b"\n\n"),
    ("empty-hypothesis-detok", "multi-bleu-detok", ["ref"], {"ref": b"a b\nc d\n"}, b"\n\n"),
    ("no-hypothesis", "multi-bleu", ["ref"], {"ref": b"a b\nc d\n"}, b""),
    ("no-hypothesis-detok", "multi-bleu-detok", ["ref"], {"ref": b"a b\nc d\n"}, b""),
    ("empty-reference-file", "multi-bleu", ["ref"], {"ref": b""}, b"a b\n"),
    ("missing-reference", "multi-bleu", ["nope"], {}, b"a b\n"),
    ("missing-reference-detok", "multi-bleu-detok", ["-lc", "nope"], {}, b"a b\n"),
    ("no-arguments", "multi-bleu", [], {}, b"a b\n"),
    ("no-arguments-detok", "multi-bleu-detok", [], {}, b"a b\n"),
    ("only-lc", "multi-bleu", ["-lc"], {}, b"a b\n"),
]


def _random_cases(n: int) -> list[tuple[str, str, list[str], dict[str, bytes], bytes]]:
    """``n`` small corpora drawn with a fixed 64-bit LCG (the same on every Python): 1 to 6
    lines, 1 to 3 references by stem (``r0``, ``r1``, ...), words from a small vocabulary with
    glued punctuation and digits, empty lines, either script, with and without ``-lc``: many
    values for Perl's ``%.2f``, ``%.1f`` and ``%.3f``."""
    state = 20260403

    def draw(k: int) -> int:
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (state >> 33) % k

    vocab = ["the", "The", "cat", "sat", "on", "mat", "a", "dog", "barks", ".", ",", "3.5", "x-y", "it's", "(ok)", "A"]

    def text(n_lines: int) -> bytes:
        lines = [" ".join(vocab[draw(len(vocab))] for _ in range(draw(14))) for _ in range(n_lines)]
        return "".join(line + "\n" for line in lines).encode()

    def edited(reference: bytes) -> bytes:
        """A hypothesis near the reference: each word kept (3 in 4), replaced or dropped."""
        out = []
        for line in reference.decode().split("\n")[:-1]:
            words = [w if draw(4) else ("", vocab[draw(len(vocab))])[draw(2)] for w in line.split(" ")]
            out.append(" ".join(w for w in words if w) + "\n")
        return "".join(out).encode()

    cases = []
    for i in range(n):
        n_lines = 1 + draw(6)
        refs = {f"r{j}": text(n_lines) for j in range(1 + draw(3))}
        command = ("multi-bleu", "multi-bleu-detok")[draw(2)]
        args = (["-lc"] if draw(2) else []) + ["r"]
        cases.append((f"random-{i}", command, args, refs, edited(refs["r0"])))
    return cases


RANDOM_CASES = _random_cases(40)
