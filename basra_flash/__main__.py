"""python -m basra_flash: the same as basra-flash."""
import sys

from basra_flash.cli import main

sys.exit(main())
