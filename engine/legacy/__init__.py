"""Frozen rules of earlier rules versions, kept to replay format-1 saves (see engine/legacy/v1)."""
