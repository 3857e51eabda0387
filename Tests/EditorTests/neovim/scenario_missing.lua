-- A daemon that cannot be started: said once for the session, however many files are opened,
-- typing goes on without errors, and every buffer keeps Neovim's own highlighting (regex
-- syntax for Rust, Tree-sitter for C, which the daemon would otherwise take over).
-- Environment (besides the harness's): HL_SAMPLE (a Rust file), HL_SECOND (a C file).
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

-- Neovim's own highlighting of `buf` at (row, col), zero-based, and what the plugin holds.
local function report(buf, row, col)
  local captures = {}
  local ok, found = pcall(vim.treesitter.get_captures_at_pos, buf, row, col)
  for _, capture in ipairs(ok and found or {}) do
    captures[#captures + 1] = capture.capture
  end
  local entry = vim.NIL
  for _, candidate in ipairs(require("highlightd").status().buffers) do
    if candidate.buf == buf then
      entry = { highlighted = candidate.highlighted or vim.NIL, opened = candidate.opened }
    end
  end
  local syntax_group = api.nvim_buf_call(buf, function()
    return vim.fn.synIDattr(vim.fn.synID(row + 1, col + 1, 1), "name")
  end)
  return {
    syntax = vim.bo[buf].syntax,
    syntax_group = syntax_group,
    treesitter = vim.treesitter.highlighter.active[buf] ~= nil,
    captures = captures,
    winhighlight = vim.wo[vim.fn.bufwinid(buf)].winhighlight,
    document = entry,
  }
end

H.run(function()
  vim.cmd("syntax on")
  vim.cmd("filetype plugin on")
  api.nvim_create_autocmd("FileType", {
    pattern = "c",
    callback = function(event)
      vim.treesitter.start(event.buf)
    end,
  })
  local messages = {}
  vim.notify = function(message, level)
    messages[#messages + 1] = { message = message, level = level }
  end
  require("highlightd").setup({ cmd = { "/nonexistent/highlightd", "serve" } })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local rust = api.nvim_get_current_buf()
  vim.bo.formatoptions = "" -- no comment leader continued onto the typed line
  H.type("ggO")
  H.type_each(H.keys_of("// typed without a daemon"), 1)
  H.type("<Esc>")
  vim.cmd("split")
  H.type("Gdd")
  H.wait(function()
    return api.nvim_buf_get_lines(rust, 0, 1, false)[1] == "// typed without a daemon"
  end, "the typing")

  -- A second file, in the other window: no second message.
  vim.cmd("wincmd j")
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SECOND")))
  local c = api.nvim_get_current_buf()
  vim.bo.formatoptions, vim.bo.cindent = "", false
  H.type("Go")
  H.type_each(H.keys_of("int typed(void) { return 1; }"), 1)
  H.type("<Esc>")
  H.wait(function()
    return api.nvim_buf_get_lines(c, -2, -1, false)[1] == "int typed(void) { return 1; }"
  end, "the typing in the second file")
  H.sleep(200) -- the plugin's scheduled work, and any message it would add
  H.result.messages = messages
  H.result.errmsg = vim.v.errmsg
  -- Row 2 of each file after the typing: `use` in sample.rs, `int` in the C file.
  H.result.rust = report(rust, 2, 0)
  H.result.c = report(c, 1, 0)
end)
