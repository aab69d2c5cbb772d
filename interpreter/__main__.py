"""`python -m interpreter` runs the `mtgrules` command."""
import sys

from .cli import main

sys.exit(main())
