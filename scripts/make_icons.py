"""Render assets/icons/*.svg to the PNG sizes the web manifest names (run by hand after editing an icon).

.venv/bin/python scripts/make_icons.py
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "assets" / "icons"
SIZES = [
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("maskable.svg", "maskable-512.png", 512),
]

with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
    for src, out, size in SIZES:
        page = browser.new_page(viewport={"width": size, "height": size})
        svg = (ICONS / src).read_text()
        page.set_content(
            f"<style>html,body{{margin:0;background:transparent}}svg{{width:{size}px;height:{size}px;display:block}}</style>{svg}"
        )
        page.screenshot(path=str(ICONS / out), omit_background=True)
        page.close()
    browser.close()
