"""python -m tools.flash: the same as basra-flash."""
import sys

from tools.flash.cli import main

sys.exit(main())
