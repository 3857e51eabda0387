-- map_to_standard_groups: each style's group links to the standard group of its semantic
-- token type. Reports the link of the group at a few positions of the sample.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  vim.cmd("filetype on")
  local highlightd = require("highlightd")
  highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" }, map_to_standard_groups = true })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  H.settle(buf, "the opening highlight")
  local namespace = api.nvim_get_namespaces()["highlightd"]
  local links = {}
  for _, probe in ipairs(vim.json.decode(os.getenv("HL_PROBES"))) do
    local row, col = probe[1], probe[2]
    local group
    local options = { details = true, overlap = true }
    local found = api.nvim_buf_get_extmarks(buf, namespace, { row, col }, { row, col }, options)
    for _, mark in ipairs(found) do
      group = mark[4].hl_group
    end
    links[#links + 1] = group and (api.nvim_get_hl(0, { name = group }).link or "") or vim.NIL
  end
  H.result.links = links
end)
