"""The comment box demo (Web/comment.js): mentions from the `@` list become atomic spans, one
Backspace takes a mention back, shortcodes show as their attachments while the text keeps them,
the exported FormattableContent counts UTF-16 units, and the box survives losing its session."""
import pytest


@pytest.fixture
def box(playground, page):
    page.goto(playground.page_url("comment"))
    page.wait_for_function("window.__playground?.comment?.sessions >= 1")
    editor = page.locator("#demo-comment .comment-editor")
    editor.click()
    return editor


def settle(page):
    page.evaluate("window.__playground.comment.settled()")


def exported(page):
    settle(page)
    return page.evaluate("window.__playground.comment.exported")


def ranges(content, kind):
    return [range_ for range_ in content["ranges"] if range_["type"] == kind]


def caret(page):
    settle(page)
    selection = page.evaluate("window.__playground.comment.domSelection")
    assert selection["start"] == selection["end"], selection
    return selection["start"]


def test_typing_at_offers_people_and_the_chosen_one_becomes_a_mention(page, box):
    page.keyboard.type("@a")
    settle(page)
    mention_list = page.locator("#demo-comment .comment-mentions")
    assert mention_list.is_visible()
    assert mention_list.locator("li").all_inner_texts() == ["A\n@alice\nAlice Liddell"]
    page.keyboard.press("Enter")

    content = exported(page)
    assert content["text"] == "@alice "
    assert ranges(content, "mention") == [
        {"type": "mention", "indices": [0, 6], "atomic": True, "unbreakable": True}]
    assert not mention_list.is_visible()
    assert box.locator(".mention").inner_text() == "@alice"
    assert caret(page) == 7

    # A click chooses too; the list filters by name and ignores accents.
    page.keyboard.type("and @zoe")
    settle(page)
    mention_list.locator("li", has_text="@zoë").click()
    content = exported(page)
    assert content["text"] == "@alice and @zoë "
    assert [range_["indices"] for range_ in ranges(content, "mention")] == [[0, 6], [11, 15]]


def test_one_backspace_after_a_mention_deletes_all_of_it(page, box):
    page.keyboard.type("hi @al")
    settle(page)
    page.keyboard.press("Enter")
    assert exported(page)["text"] == "hi @alice "

    # Right after choosing: the mention and the space the list typed go together.
    page.keyboard.press("Backspace")
    content = exported(page)
    assert content["text"] == "hi "
    assert ranges(content, "mention") == []
    assert caret(page) == 3

    # With the caret at the mention's very end, the daemon widens the deletion over it.
    page.keyboard.type("@bob then")
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    assert exported(page)["text"] == "hi @bob then"
    assert ranges(exported(page), "mention")[0]["indices"] == [3, 7]
    assert caret(page) == 7
    page.keyboard.press("Backspace")
    content = exported(page)
    assert content["text"] == "hi  then"
    assert "@bob" not in box.inner_text()
    assert ranges(content, "mention") == []
    assert caret(page) == 3


def test_the_arrow_keys_step_over_a_mention(page, box):
    page.keyboard.type("@alice hi")
    assert ranges(exported(page), "mention")[0]["indices"] == [0, 6]
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    assert caret(page) == 6
    page.keyboard.press("ArrowLeft")
    assert caret(page) == 0
    page.keyboard.press("ArrowRight")
    assert caret(page) == 6


def test_a_shortcode_shows_as_its_attachment_and_stays_plain_text(page, box):
    page.keyboard.type("好 [赞] and [笑]")
    content = exported(page)
    assert content["text"] == "好 [赞] and [笑]"
    assert ranges(content, "shortcode") == [
        {"type": "shortcode", "indices": [2, 5], "atomic": True, "shortcode": "[赞]",
         "image": "like.svg", "text": "👍"},
        {"type": "shortcode", "indices": [10, 13], "atomic": True, "shortcode": "[笑]",
         "text": "😄"}]
    image = box.locator('img.attachment[data-shortcode="[赞]"]')
    assert image.is_visible()
    assert image.evaluate("(img) => img.complete && img.naturalWidth > 0")
    assert box.locator('span.attachment[data-shortcode="[笑]"]').inner_text() == "😄"
    shown = box.inner_text()
    assert "[赞]" not in shown and "[笑]" not in shown and "😄" in shown

    # The attachment is one character to the caret and to Backspace.
    page.keyboard.press("Backspace")
    assert exported(page)["text"] == "好 [赞] and "
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    assert caret(page) == 5
    page.keyboard.press("ArrowLeft")
    assert caret(page) == 2
    page.keyboard.press("Delete")
    content = exported(page)
    assert content["text"] == "好  and "
    assert ranges(content, "shortcode") == []


def test_the_emoji_keyboard_types_shortcodes(page, box):
    page.keyboard.type("ok ")
    page.locator('#demo-comment .comment-key[data-shortcode="[ok]"]').click()
    content = exported(page)
    assert content["text"] == "ok [ok]"
    assert ranges(content, "shortcode")[0]["indices"] == [3, 7]
    assert box.locator('img.attachment[data-shortcode="[ok]"]').is_visible()


def test_indices_count_utf16_units_after_non_ascii_text(page, box):
    page.keyboard.type("日本👍 @")
    settle(page)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.keyboard.type("zoë [心]")
    content = exported(page)
    # 日 本 are one unit each, 👍 two: the mention starts at 5.
    assert content["text"] == "日本👍 @bob zoë [心]"
    assert ranges(content, "mention") == [
        {"type": "mention", "indices": [5, 9], "atomic": True, "unbreakable": True}]
    assert ranges(content, "shortcode")[0]["indices"] == [14, 17]
    text = content["text"].encode("utf-16-le")
    assert text[5 * 2:9 * 2].decode("utf-16-le") == "@bob"


def test_the_box_survives_its_session_closing(page, box):
    # Enter right after typing waits for the list the typing opens.
    page.keyboard.type("before @bo")
    page.keyboard.press("Enter")
    assert exported(page)["text"] == "before @bob "

    page.evaluate("window.__playground.comment.dropConnection()")
    # Typed while the connection is down or coming back: nothing is lost.
    page.keyboard.type("x ")
    page.wait_for_function("window.__playground.comment.sessions >= 2")
    page.keyboard.type("after [ok]")
    content = exported(page)
    assert content["text"] == "before @bob x after [ok]"
    assert ranges(content, "mention")[0]["indices"] == [7, 11]
    assert ranges(content, "shortcode")[0]["indices"] == [20, 24]
    assert page.locator("#connection").inner_text() == "open"

    # The new session decides atomic deletions as the first did.
    page.keyboard.press("Backspace")
    assert exported(page)["text"] == "before @bob x after "


def test_posting_draws_the_comment_from_its_formattable_content(page, box):
    page.keyboard.type("thanks @ali")
    settle(page)
    page.keyboard.press("Tab")
    page.keyboard.type("[赞]")
    settle(page)
    page.locator("#demo-comment .comment-post").click()
    posted = page.locator("#demo-comment .comment-posted-item").first
    posted.wait_for()
    assert posted.locator(".mention").inner_text() == "@alice"
    assert posted.locator('img.attachment[alt="[赞]"]').is_visible()
    assert exported(page)["text"] == ""


def test_an_input_methods_text_becomes_an_edit(page, box):
    # What an IME does: a composition shown in the box, then its text committed.
    session = page.context.new_cdp_session(page)
    page.keyboard.type("hi ")
    session.send("Input.imeSetComposition", {"text": "ni", "selectionStart": 2, "selectionEnd": 2})
    session.send("Input.imeSetComposition", {"text": "nihao", "selectionStart": 5, "selectionEnd": 5})
    session.send("Input.insertText", {"text": "你好"})
    page.keyboard.type(" @zo")
    page.keyboard.press("Enter")
    content = exported(page)
    assert content["text"] == "hi 你好 @zoë "
    assert ranges(content, "mention")[0]["indices"] == [6, 10]
    assert caret(page) == 11


def test_copy_and_paste_carry_the_plain_text(page, box):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.keyboard.type("a [赞] @bob")
    page.keyboard.press("Control+a")
    # A copy needs the text of now: a person does not copy within a millisecond of typing.
    settle(page)
    page.keyboard.press("Control+c")
    assert page.evaluate("navigator.clipboard.readText()") == "a [赞] @bob"
    page.keyboard.press("End")
    page.keyboard.type(" ")
    page.keyboard.press("Control+v")
    content = exported(page)
    assert content["text"] == "a [赞] @bob a [赞] @bob"
    assert [(range_["type"], range_["indices"]) for range_ in content["ranges"]] == [
        ("shortcode", [2, 5]), ("mention", [6, 10]), ("shortcode", [13, 16]), ("mention", [17, 21])]
