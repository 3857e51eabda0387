-- Deleted text takes its runs, links and brackets with it at once (the client rule's point 1),
-- before any push could clear them, and undo does not bring them back: only a push does.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

-- Every extmark of the plugin's namespaces that marks nothing: start at or after its end.
local function collapsed_marks(buf)
  local found = {}
  for name, namespace in pairs(api.nvim_get_namespaces()) do
    if name:match("^highlightd") then
      for _, mark in ipairs(api.nvim_buf_get_extmarks(buf, namespace, 0, -1, { details = true })) do
        local details = mark[4]
        local er, ec = details.end_row or mark[2], details.end_col or mark[3]
        if er < mark[2] or (er == mark[2] and ec <= mark[3]) then
          found[#found + 1] = { name, mark[2], mark[3] }
        end
      end
    end
  end
  return found
end

H.run(function()
  local highlightd, buf = H.open_sample()
  H.result.links_before = highlightd.links(buf)

  -- A deleted line's marks go without touching the links of the lines left (mark ids are
  -- per namespace: the first line's runs, painted first, share ids with the later links).
  vim.cmd("normal! 1Gdd")
  H.result.links_after_first_line = highlightd.links(buf)
  H.settle(buf, "the highlight after deleting the first line")

  -- Deleting from inside the line above the link's to inside the line below (so one row goes
  -- whole and two in part), then undoing, in one go: no push can be applied in between.
  local row = vim.fn.search("ops@example.com", "n") - 1
  H.result.deleted_line = api.nvim_buf_get_lines(buf, row, row + 1, false)[1]
  api.nvim_buf_set_text(buf, row - 1, 8, row + 1, 4, {})
  H.result.joined_line = api.nvim_buf_get_lines(buf, row - 1, row, false)[1]
  H.result.links_after_delete = highlightd.links(buf)
  H.result.collapsed_after_delete = collapsed_marks(buf)
  vim.cmd("normal! u")
  H.result.links_after_undo = highlightd.links(buf)
  H.result.collapsed_after_undo = collapsed_marks(buf)

  H.settle(buf, "the highlight after the undo")
  H.result.links_settled = highlightd.links(buf)
  H.result.snapshot = H.snapshot(buf)
end)
