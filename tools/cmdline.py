"""The command lines' parser lives with the product (basra_flash/cmdline.py:
basra-sim and basra-flash use it, and the product imports nothing of tools/);
this name stays for the tools that still import it from here."""
from basra_flash.cmdline import Parser, whole  # noqa: F401
