-- Scripted edits as a user types them, then the editor's highlight state for the oracle.
-- Environment (besides the harness's): HL_SAMPLE (a copy of samples/sample.rs to edit),
-- HL_RECORD (the daemon's --record file), HIGHLIGHTD_BINARY.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api
local uv = vim.uv or vim.loop

H.run(function()
  vim.cmd("filetype on")
  local opened = {}
  local highlightd = require("highlightd")
  highlightd.setup({
    cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve", "--record", os.getenv("HL_RECORD") },
    theme = "dark",
    -- HL_SLICED: pushes applied a few runs per main-loop turn, typing in between.
    piece_runs = os.getenv("HL_SLICED") == "1" and 3 or nil,
    apply_budget_ms = os.getenv("HL_SLICED") == "1" and 0 or nil,
    open = function(target)
      opened[#opened + 1] = target
    end,
  })
  local t0 = uv.hrtime()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  local namespace = api.nvim_get_namespaces()["highlightd"]
  H.wait(function()
    return #api.nvim_buf_get_extmarks(buf, namespace, 0, -1, { limit = 1 }) > 0
  end, "the first highlight")
  H.result.first_highlight_ms = (uv.hrtime() - t0) / 1e6
  H.settle(buf, "the opening highlight")

  -- gx on the URL of line 1, and :HighlightdOpenLink on the e-mail address of line 16.
  api.nvim_win_set_cursor(0, { 1, 40 })
  H.type("gx")
  H.wait(function()
    return #opened == 1
  end, "gx to open the link")
  api.nvim_win_set_cursor(0, { 16, 70 })
  H.type(":HighlightdOpenLink<CR>")
  H.wait(function()
    return #opened == 2
  end, ":HighlightdOpenLink")
  H.result.opened = opened

  -- Typing a new line key by key: multi-byte, astral-plane, a string, a link in a comment.
  H.type("12G$")
  H.type("o")
  H.type_each(H.keys_of('let greeting = "héllo 日本 😀 <ok>"; // see www.example.org/x'), 2)
  H.type("<Esc>")

  -- A burst typed faster than the loop turns (one batch), opening a block comment (a wave
  -- over every following line), then closing it again.
  H.type("O/* draft<CR>still draft<Esc>")
  H.type_each(H.keys_of("A */"), 1)
  H.type("<Esc>")

  -- A push for an older version: the daemon answers version n while the editor, blocked,
  -- already holds the next keystrokes (the client rule's point 3).
  H.settle(buf)
  local before = highlightd.status().buffers[1].mapped_pushes
  local function keys(text)
    api.nvim_feedkeys(api.nvim_replace_termcodes(text, true, false, true), "tx", false)
  end
  vim.schedule(function()
    keys("A // á<Esc>") -- its edit is sent by the flush this schedules...
    vim.schedule(function() -- ...which runs before this
      uv.sleep(150) -- the daemon pushes the version just sent; the editor does not read it yet
      keys("aé😀<Esc>0")
    end)
  end)
  H.wait(function()
    return highlightd.status().buffers[1].mapped_pushes > before
  end, "a push for an older version")

  -- Line splits and joins.
  H.type("5G0f(")
  H.type("i<CR><Esc>")
  H.type("J")
  H.type("8G0i<BS><BS><Esc>")
  H.type("9GA<CR>    size: usize,<Esc>")

  -- Deleting characters, multi-byte ones included.
  H.type("/héllo<CR>")
  H.type("lx")
  H.type("/😀<CR>x")

  -- Pasting a block.
  vim.fn.setreg("a", {
    "impl Item {",
    '    /// Makes one; docs at https://example.com/items?id=1',
    "    fn new(name: &str) -> Self {",
    '        Item { name: name.into(), count: 0, size: 0 } // ünïcödé 🦀',
    "    }",
    "}",
  }, "l")
  H.type('10G"ap')

  -- Undo and redo.
  H.type("u")
  H.type("u")
  H.type("<C-r>")

  -- A second window on the same buffer, scrolled to the end, typing there.
  H.type("<C-w>s")
  H.type(":resize 8<CR>")
  H.type("G")
  H.type("o")
  H.type_each(H.keys_of("// tail 🎉 https://example.net/end \"quoted\""), 1)
  H.type("<Esc>")
  H.type("<C-w>w")
  H.type("gg")

  H.settle(buf, "the edits to settle")
  H.sleep(50) -- viewport messages are sent on WinScrolled, after the redraw
  H.result.snapshot = H.snapshot(buf)
  local windows = {}
  for _, win in ipairs(api.nvim_tabpage_list_wins(0)) do
    windows[#windows + 1] = {
      id = win,
      top = vim.fn.line("w0", win),
      bottom = vim.fn.line("w$", win),
      offset = api.nvim_buf_get_offset(buf, vim.fn.line("w0", win) - 1),
    }
  end
  H.result.windows = windows
end)
