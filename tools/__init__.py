"""The measurement tools: benches, the heap model, arenas and tuning, soaks
and fuzzers (not deployed to the device, not installed)."""
