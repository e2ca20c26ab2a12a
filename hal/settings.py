"""settings.toml values, read once and cached.

On CircuitPython 10.2+ ``os.getenv`` returns strings, so the typed
``supervisor.get_setting(key, default)`` is used when it exists; older
releases return typed values from ``os.getenv``. The file is re-read on every
call, hence the cache. On Blinka the same names come from the environment.
Ints may be written 60, "60" or "0x3C"; pins as names: "GP4", "D5".
"""

from hal.base import HalError

_MISSING = object()


class Settings:
    def __init__(self, getter=None):
        if getter is None:
            getter = _default_getter()
        self._get = getter
        self._cache = {}

    def raw(self, key):
        v = self._cache.get(key, _MISSING)
        if v is _MISSING:
            try:
                v = self._get(key)
            except Exception:  # a damaged settings.toml: treat as unset
                v = None
            self._cache[key] = v
        return v

    def text(self, key, default=None):
        v = self.raw(key)
        if v is None or v == "":
            return default
        return v if isinstance(v, str) else "%s" % (v,)

    def number(self, key, default=None):
        v = self.raw(key)
        if v is None or v == "":
            return default
        if isinstance(v, bool):
            return 1 if v else 0
        if isinstance(v, int):
            return v
        s = ("%s" % (v,)).strip().lower()
        try:
            if s.startswith("0x"):
                return int(s[2:], 16)
            return int(s)
        except ValueError:
            raise HalError("setting %s = %r is not a number" % (key, v), key)


def _default_getter():
    try:
        import supervisor
        get = getattr(supervisor, "get_setting", None)
    except ImportError:
        get = None
    if get is not None:
        return lambda key: get(key, None)
    import os
    return os.getenv
