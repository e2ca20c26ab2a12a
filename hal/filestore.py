"""The save's bytes in a file (hal/storage.py's calls): Blinka, the
simulator, a board without nvm. Each write replaces the whole file through
a temporary one, so a crash never leaves half a save."""
from hal.storage import check_span


class FileStore:
    """``size`` bytes in the file at ``path``; 0xFF past its end."""

    def __init__(self, path, size=4096):
        self.path = path
        self.size = size
        self.writes = 0
        self.error = None       # the last write's OSError (read-only drive, full disk)

    def _image(self):
        try:
            with open(self.path, "rb") as f:
                raw = f.read(self.size)
        except OSError:
            raw = b""
        return raw + b"\xff" * (self.size - len(raw))

    def read(self, offset, n):
        check_span(offset, n, self.size)
        return self._image()[offset:offset + n]

    def write(self, offset, data):
        check_span(offset, len(data), self.size)
        img = bytearray(self._image())
        img[offset:offset + len(data)] = data
        return self._replace(bytes(img))

    def _replace(self, data):
        import os
        tmp = self.path + ".tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(data)
            os.rename(tmp, self.path)
        except OSError as e:  # read-only CIRCUITPY, full disk: keep playing
            self.error = e
            return False
        self.writes += 1
        return True
