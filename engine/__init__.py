"""Titan Table rules engine: pure Python, no browser imports, no I/O, no clock."""
