"""CPython tests of the app's pure parts (no browser)."""
