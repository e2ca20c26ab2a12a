"""What the tests and the tools both run the project on (not deployed to the
device):

* mpvm.py: MicroPython code on the WebAssembly VM (mpvm_runner.mjs), with
  the helpers of mp/ in /lib and the stand-ins of mpstub/ (with the
  page's displayio, web/lib/displayio.py);
* emuboard.py: an emulated board on a pseudo-terminal (mpvm_board.mjs) for
  basra-flash;
* devdrive.py: the device app in the headless simulator, driven by button
  presses, and place() to stage a table.
"""
