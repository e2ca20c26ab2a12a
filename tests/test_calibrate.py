"""tools/calibrate.py: the prime loop counts right on CPython and on the VM,
and the RP2040 factor arithmetic."""

import pytest

from tools import calibrate


def test_cpython_loop_counts_primes_plus_four():
    seconds, count = calibrate.prime_loop_seconds(100)
    assert count == 25 + 1          # 25 primes below 100, and 4 (empty inner range)
    assert seconds >= 0


def test_factor_arithmetic():
    assert calibrate.rp2040_factor(0.5) == pytest.approx(264.0)
    assert calibrate.rp2040_estimate(0.002, 4.4) == pytest.approx(0.002 * 132 / 4.4)
    assert calibrate.cpython_factor(1.32) == pytest.approx(100.0)
    assert calibrate.vm_factor(6.6) == pytest.approx(20.0)


def test_vm_loop_matches_cpython(mpvm):
    vm_seconds, vm_count = calibrate.vm_prime_loop_seconds(3000, timeout=60)
    assert vm_count == calibrate.prime_loop_seconds(3000)[1] == 430 + 1
    assert 0 < vm_seconds < 30
