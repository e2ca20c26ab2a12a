"""core/sums.py's partition table, written out in the module (not built at
import: start-up on a board), against the partitions built again here."""
from core import sums as S


def _partitions(v, most):
    # the partitions of v into parts <= most, largest parts first, in
    # reverse lexicographic order
    if v == 0:
        yield []
        return
    for p in range(min(v, most), 0, -1):
        for rest in _partitions(v - p, p):
            yield [p] + rest


def _packed(parts, first, last):
    return sum(parts.count(x) << 4 * (x - first) for x in range(first, last + 1))


def test_the_written_out_table_is_every_partition_of_1_to_10_with_no_part_more_than_4_times():
    lo, hi, top, start = [], [], [], [0, 0]
    for v in range(1, 11):
        for parts in _partitions(v, v):
            if max(parts.count(x) for x in parts) <= 4:
                lo.append(_packed(parts, 1, 5))
                hi.append(_packed(parts, 6, 10))
                top.append(parts[0])
        start.append(len(lo))
    assert list(S.PART_LO) == lo
    assert list(S.PART_HI) == hi
    assert S.PART_MAX == bytes(top)
    assert S.PART_START == bytes(start)
    assert len(lo) == 118 and S.PART_START[11] == 118


def test_each_value_starts_with_the_single_card():
    for v in range(1, 11):
        i = S.PART_START[v]
        assert S.PART_MAX[i] == v
        assert (S.PART_LO[i], S.PART_HI[i]) == ((1 << 4 * (v - 1), 0) if v <= 5 else (0, 1 << 4 * (v - 6)))
