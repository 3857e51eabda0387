-- Bracket pair colours: the extmarks of the `highlightd_brackets` namespace on a file with
-- nested brackets, once opened and again after typing an unmatched bracket (real keys): each
-- mark's byte range, the colour its group resolves to and its priority, with the runs' priority
-- and, at the end, the harness's snapshot of the runs.
-- Environment (besides the harness's): HL_SAMPLE, HL_KEYS (the keys that type the bracket),
-- HL_OPTIONS (optional: JSON of more setup() options).
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

-- The bracket marks of `buf` as `{start, end, fg, priority}` (byte offsets of the text, lines
-- joined by "\n"), and the text.
local function brackets_of(buf)
  local lines = api.nvim_buf_get_lines(buf, 0, -1, false)
  local starts, offset = {}, 0
  for i, line in ipairs(lines) do
    starts[i - 1] = offset
    offset = offset + #line + 1
  end
  local namespace = api.nvim_get_namespaces()["highlightd_brackets"]
  local marks = {}
  for _, mark in ipairs(api.nvim_buf_get_extmarks(buf, namespace, 0, -1, { details = true })) do
    local details = mark[4]
    local start, finish = starts[mark[2]] + mark[3], starts[details.end_row] + details.end_col
    if finish > start then -- a mark a deletion collapsed paints nothing
      local fg = api.nvim_get_hl(0, { name = details.hl_group, link = false }).fg
      marks[#marks + 1] = { start, finish, fg and string.format("#%06X", fg) or vim.NIL, details.priority }
    end
  end
  return { text = table.concat(lines, "\n") .. "\n", marks = marks }
end

H.run(function()
  vim.cmd("filetype on")
  local highlightd = require("highlightd")
  local options = { cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" }, theme = "dark" }
  highlightd.setup(vim.tbl_extend("force", options, vim.json.decode(os.getenv("HL_OPTIONS") or "{}")))
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  H.settle(buf, "the opening highlight")
  H.result.before = brackets_of(buf)
  H.result.run_priority = highlightd.options.priority
  H.type(os.getenv("HL_KEYS"))
  H.settle(buf, "the typed bracket")
  H.result.after = brackets_of(buf)
  H.result.snapshot = H.snapshot(buf) -- the runs, for the oracle
end)
