-- theme = "auto" (the default): the theme follows 'background', and `themes` maps a colour
-- scheme to one, without a restart. Reports the colours at a probe after each change.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

local function colour_at(buf, row, col)
  local namespace = api.nvim_get_namespaces()["highlightd"]
  local found = api.nvim_buf_get_extmarks(buf, namespace, { row, col }, { row, col }, { details = true, overlap = true })
  local group
  for _, mark in ipairs(found) do
    group = mark[4].hl_group
  end
  local fg = group and api.nvim_get_hl(0, { name = group, link = false }).fg
  return fg and ("#%06X"):format(fg) or vim.NIL
end


H.run(function()
  vim.cmd("filetype on")
  local highlightd = require("highlightd")
  highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" }, themes = { peachpuff = "dark" } })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  H.settle(buf, "the opening highlight")
  -- The theme's background comes from asking the server for the default style, which can
  -- still be on its way when the document has settled.
  H.wait(function()
    return H.normal_background() ~= vim.NIL
  end, "the default style")
  local probe = vim.json.decode(os.getenv("HL_PROBE"))
  local seen = { { colour_at(buf, probe[1], probe[2]), H.normal_background() } }
  local function changed(what)
    local before = seen[#seen]
    H.wait(function()
      return colour_at(buf, probe[1], probe[2]) ~= before[1] and H.normal_background() ~= before[2]
    end, what)
    H.settle(buf, what .. " settled")
    seen[#seen + 1] = { colour_at(buf, probe[1], probe[2]), H.normal_background() }
  end
  vim.o.background = "light"
  changed("the light theme")
  -- peachpuff is a light scheme, mapped to the dark theme.
  vim.cmd("colorscheme peachpuff")
  changed("the theme mapped to peachpuff")
  H.result.seen = seen
  H.result.background = vim.o.background
end)
