-- A large file: Neovim never waits for the daemon. The visible lines are highlighted first
-- (at the top, then at the end after G), typing goes on meanwhile, and the main loop never
-- stalls for long. Environment (besides the harness's): HL_SAMPLE (the large file).
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api
local uv = vim.uv or vim.loop

H.run(function()
  vim.cmd("filetype on")
  local highlightd = require("highlightd")
  highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" } })
  -- A 10 ms timer on the main loop: the longest gap between its runs is the longest stall.
  local stall, last, stop = 0, uv.hrtime(), false
  local function tick()
    local now = uv.hrtime()
    stall = math.max(stall, (now - last) / 1e6 - 10)
    last = now
    if not stop then
      vim.defer_fn(tick, 10)
    end
  end
  vim.defer_fn(tick, 10)
  local started = uv.hrtime()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  H.result.edit_ms = (uv.hrtime() - started) / 1e6
  local buf = api.nvim_get_current_buf()
  local namespace = api.nvim_get_namespaces()["highlightd"]
  local function visible_lines_highlighted()
    local top, bottom = vim.fn.line("w0") - 1, vim.fn.line("w$") - 1
    local function marked(row)
      return #api.nvim_buf_get_extmarks(buf, namespace, { row, 0 }, { row, -1 }, { limit = 1 }) > 0
    end
    return marked(top) and marked(bottom - 1)
  end
  H.wait(visible_lines_highlighted, "the first visible highlight")
  H.result.first_visible_ms = (uv.hrtime() - started) / 1e6
  -- Jump to the end: that view's lines come before the rest of the file.
  local jumped = uv.hrtime()
  H.type("G")
  H.wait(visible_lines_highlighted, "the highlight at the end")
  H.result.end_visible_ms = (uv.hrtime() - jumped) / 1e6
  H.result.end_rows = H.rows(buf, vim.fn.line("w0") - 1, vim.fn.line("w$") - 2)
  local answer
  highlightd.sync(buf, function(_, result)
    answer = result
  end, { offset = 0, length = 0 })
  H.wait(function()
    return answer
  end, "the daemon's answer")
  H.result.pending_at_end = answer.pending
  local typed = uv.hrtime()
  H.type("o// typed at the end<Esc>")
  H.wait(function()
    return api.nvim_buf_get_lines(buf, -2, -1, false)[1] == "// typed at the end"
  end, "the typed line")
  H.result.typed_ms = (uv.hrtime() - typed) / 1e6
  H.result.lines = api.nvim_buf_line_count(buf)
  H.sleep(300) -- the stall watch covers the pushes that follow the edit
  stop = true
  H.result.longest_stall_ms = stall
end)
