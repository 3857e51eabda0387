-- Which buffers keep Neovim's own highlighting. Each file of HL_PROBES is opened in turn with
-- `syntax on` and filetype plugins (Lua's starts Tree-sitter; a FileType autocommand starts it
-- for C, as a user's configuration would); once the daemon has settled on it, the scenario
-- reports its 'syntax', whether Tree-sitter highlights it, what Neovim's own highlighting says
-- at a probe position, the daemon's decision and the links.
-- Environment (besides the harness's): HL_PROBES, a JSON list of {path, row, col}.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  vim.cmd("syntax on")
  vim.cmd("filetype plugin on")
  api.nvim_create_autocmd("FileType", {
    pattern = "c",
    callback = function(event)
      vim.treesitter.start(event.buf)
    end,
  })
  local highlightd = require("highlightd")
  highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" } })
  local reports = {}
  for _, probe in ipairs(vim.json.decode(os.getenv("HL_PROBES"))) do
    vim.cmd("edit " .. vim.fn.fnameescape(probe.path))
    local buf = api.nvim_get_current_buf()
    local entry = H.wait(function()
      for _, candidate in ipairs(highlightd.status().buffers) do
        if candidate.buf == buf and candidate.highlighted ~= nil then
          return candidate
        end
      end
    end, "the daemon's answer on " .. probe.path)
    H.settle(buf, "the highlight of " .. probe.path)
    H.sleep(50) -- a FileType plugin's scheduled work, and ours
    -- What Tree-sitter's highlight query says there (whether or not it highlights the buffer;
    -- an error without a parser for the language).
    local captures = {}
    local ok, found = pcall(vim.treesitter.get_captures_at_pos, buf, probe.row, probe.col)
    for _, capture in ipairs(ok and found or {}) do
      captures[#captures + 1] = capture.capture
    end
    reports[#reports + 1] = {
      path = probe.path,
      syntax = vim.bo[buf].syntax,
      treesitter = vim.treesitter.highlighter.active[buf] ~= nil,
      syntax_group = vim.fn.synIDattr(vim.fn.synID(probe.row + 1, probe.col + 1, 1), "name"),
      captures = captures,
      highlighted = entry.highlighted,
      scope_name = entry.scope_name or vim.NIL,
      winhighlight = vim.wo.winhighlight,
      links = highlightd.links(buf),
    }
  end
  H.result.reports = reports
end)
