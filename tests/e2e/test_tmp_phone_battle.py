import sys

sys.path.insert(0, "scripts")
from bench_titan import battle_saves, open_save


def test_shot(phone_page, open_app, shot):
    page = phone_page
    open_app(page, "?ai-pause=20")
    text = battle_saves(2)[1]
    open_save(page, text)
    if page.locator("#actions [data-cmd=reveal]").count():
        page.click("#actions [data-cmd=reveal]")
    page.wait_for_selector("#board .tt-battle")
    shot(page, "tmp-phone-battle", full_page=True)
    sel = page.locator("#board [data-select]")
    if sel.count():
        sel.first.evaluate("(el) => el.scrollIntoView({block: 'center'})")
        sel.first.click()
        page.wait_for_timeout(300)
    shot(page, "tmp-phone-battle-picked", full_page=False)
