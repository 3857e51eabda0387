-- folding = true: windows of highlighted buffers fold by the daemon's ranges. Closes the
-- fold at a line and reports what Neovim folded, before and after an edit above it.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  vim.cmd("filetype on")
  local highlightd = require("highlightd")
  highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" }, folding = true })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  H.settle(buf, "the opening highlight")
  local line = tonumber(os.getenv("HL_LINE"))
  H.wait(function()
    return vim.fn.foldlevel(line) > 0
  end, "the daemon's folds")
  local function closed_at(lnum)
    vim.cmd("normal! zR")
    api.nvim_win_set_cursor(0, { lnum, 0 })
    vim.cmd("normal! zc")
    return { vim.fn.foldclosed(lnum), vim.fn.foldclosedend(lnum) }
  end
  H.result.foldmethod = vim.wo.foldmethod
  H.result.before = closed_at(line)
  -- Two lines typed above it: the fold moves down with its block.
  vim.cmd("normal! zR")
  api.nvim_buf_set_lines(buf, 0, 0, false, { "// one", "// two" })
  H.settle(buf, "the edit")
  H.wait(function()
    return vim.fn.foldlevel(line + 2) > 0 and vim.fn.foldlevel(line) == 0
  end, "the folds after the edit")
  H.result.after = closed_at(line + 2)
end)
