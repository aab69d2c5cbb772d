"""`python -m interpreter` runs the `mtgrules` command."""
import sys

from .tools.cli import main

sys.exit(main())
