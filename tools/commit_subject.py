"""Check a commit message's subject line: at most 72 characters, the detail in the body.

    python -m tools.commit_subject .git/COMMIT_EDITMSG

Run by the commit-msg hook of ``.pre-commit-config.yaml``; exits 1 with the reason.
"""

from __future__ import annotations

import sys
from pathlib import Path

MAX_SUBJECT = 72


def problem(message: str) -> str | None:
    """What is wrong with ``message``'s subject (its first line that is not a comment), or None."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    subject = lines[0].rstrip() if lines else ""
    if not subject:
        return "the commit message has no subject line"
    if len(subject) > MAX_SUBJECT:
        return f"the subject has {len(subject)} characters (at most {MAX_SUBJECT}): put the detail in the body"
    if len(lines) > 1 and lines[1].strip():
        return "leave a blank line between the subject and the body"
    return None


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m tools.commit_subject MESSAGE_FILE", file=sys.stderr)
        return 2
    found = problem(Path(args[0]).read_text(encoding="utf-8"))
    if found:
        print(f"{args[0]}: {found}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
