"""The entry point PyScript runs: start the app, or show why it could not start."""

from __future__ import annotations

import traceback


def main() -> None:
    """Start the app and tell the page it is ready (or that it failed, with a readable message)."""
    try:
        from app.controller import App

        App().start()
    except Exception as error:  # start-up must never leave the page silently stuck
        traceback.print_exc()
        from app import dom

        dom.titan_fail(f"Titan Table could not start: {error}")


main()
