"""Developer tools: benchmark and calibration (not deployed to the device)."""
