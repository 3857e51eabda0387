-- 'commentstring' follows the language at the cursor. For each file of HL_PROBES the cursor
-- visits places by real keys; after each move the scenario waits for 'commentstring' to change
-- and reports it. Then `gcc` (Neovim's own commenting) on HL_COMMENT's line, once the
-- cursor's language gave 'commentstring' its value there.
-- Environment (besides the harness's): HL_PROBES, a JSON list of {path, places: [{row, col}]};
-- HL_COMMENT, {path, row, commentstring}.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  vim.cmd("filetype on")
  require("highlightd").setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" } })
  local reports = {}
  for _, probe in ipairs(vim.json.decode(os.getenv("HL_PROBES"))) do
    vim.cmd("edit " .. vim.fn.fnameescape(probe.path))
    local buf = api.nvim_get_current_buf()
    H.settle(buf, "the highlight of " .. probe.path)
    local seen = { initial = vim.bo[buf].commentstring, at = {} }
    for _, place in ipairs(probe.places) do
      local before = vim.bo[buf].commentstring
      H.type(string.format("%dG%d|", place[1] + 1, place[2] + 1))
      H.wait(function()
        return vim.bo[buf].commentstring ~= before
      end, string.format("'commentstring' to change at %s %d:%d", probe.path, place[1], place[2]))
      seen.at[#seen.at + 1] = vim.bo[buf].commentstring
    end
    reports[#reports + 1] = seen
  end
  H.result.reports = reports

  local comment = vim.json.decode(os.getenv("HL_COMMENT"))
  vim.cmd("edit " .. vim.fn.fnameescape(comment.path))
  local buf = api.nvim_get_current_buf()
  local line = api.nvim_buf_get_lines(buf, comment.row, comment.row + 1, false)[1]
  H.type(string.format("%dG", comment.row + 1))
  H.wait(function()
    return vim.bo[buf].commentstring == comment.commentstring
  end, "'commentstring' on the line to comment")
  H.type("gcc")
  H.wait(function()
    return api.nvim_buf_get_lines(buf, comment.row, comment.row + 1, false)[1] ~= line
  end, "gcc to comment the line")
  H.result.commented = api.nvim_buf_get_lines(buf, comment.row, comment.row + 1, false)[1]
end)
