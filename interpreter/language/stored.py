"""Rulebooks kept on disk between processes: each command of a session loads the same rules files as the one
before, and reading back what loading them made takes a hundredth of the time loading them again does.

A stored rulebook is named by everything its loading read or ran: the rules files' names and bytes, the
package's own code and grammar files, the Python and Lark versions; any change is another name. It is serialized
Python objects, so it is kept only in the user's private cache folder (`parsers.cache_file`), never elsewhere.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
from pathlib import Path

from .parsers import cache_file, oracle_parser, resource_dir


@functools.cache
def _code() -> str:
    """The digest of the package's code and grammar files, and the Python version that runs them."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted(package.rglob("*.py")) + sorted(resource_dir("grammar").glob("*.lark")):
        digest.update(f"\n{path.name}\n".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def stored_file(files: tuple[tuple[str, bytes], ...]) -> str | bool:
    """Where the rulebook loaded from these files (each as given, with its bytes) is kept, or False."""
    named = "\n".join(f"{name}\0{hashlib.sha256(raw).hexdigest()}" for name, raw in files)
    return cache_file("rulebook", f"{_code()}\n{named}", ".pickle")


def read_stored(cls: type, path: str) -> object | None:
    """The rulebook (of class `cls`) stored at this path, with its parser (built from the same grammar, so read
    from its own cache); None when nothing is stored there or it can't be read back (cut short, or written by code
    whose classes have moved): then the rulebook is loaded again and stored anew."""
    try:
        with open(path, "rb") as f:
            state = pickle.load(f)
    except Exception:
        return None
    if not isinstance(state, dict):
        return None
    book = cls.__new__(cls)
    vars(book).update(state)
    book._parser = oracle_parser(book._extension)
    return book


def store(path: str, state: dict) -> None:
    """Keep what a rulebook holds, whole or not at all (a temporary file renamed into place)."""
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "wb") as f:
            pickle.dump(state, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError):
        Path(temporary).unlink(missing_ok=True)
