"""The entry point PyScript runs: load the stylesheet, start the app, or show why it could not start."""

from __future__ import annotations

import asyncio
import traceback

STYLESHEET = "assets/app.css"
_tasks: set[asyncio.Future[None]] = set()


async def start() -> None:
    """Start the app and tell the page it is ready (or that it failed, with a readable message)."""
    try:
        from app import dom

        await dom.ensure_stylesheet(STYLESHEET)
        from app.controller import App

        if dom.query_param("bench") is not None:  # scripts/bench_browser.py's hooks, never for users
            from app import bench  # noqa: F401
        App().start()
    except Exception as error:  # start-up must never leave the page silently stuck
        traceback.print_exc()
        from app import dom

        dom.titan_fail(f"Titan Table could not start: {error}\n\n{traceback.format_exc()}")


def main() -> None:
    """Schedule the start-up on the page's event loop."""
    _tasks.add(asyncio.ensure_future(start()))


main()
