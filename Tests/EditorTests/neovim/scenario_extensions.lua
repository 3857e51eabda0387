-- The extension options reach the daemon: with `extension_paths` naming the vscode-zig
-- extension and `file_associations` sending *.ziggy to Zig, both files are highlighted with
-- the extension's grammar. HL_WHEN=start: the options are given to the first setup();
-- HL_WHEN=again: setup() runs without them first (the .zig file keeps Neovim's syntax), then
-- again with them, which sends them to the running daemon.
-- Environment (besides the harness's): HL_EXTENSION, HL_WHEN, HL_RECORD, HL_ZIG, HL_ZIGGY.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  vim.cmd("syntax on")
  vim.cmd("filetype on")
  local highlightd = require("highlightd")
  local cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve", "--record", os.getenv("HL_RECORD") }
  local with_extensions = {
    cmd = cmd,
    extension_paths = { os.getenv("HL_EXTENSION") },
    file_associations = { ["*.ziggy"] = "zig" },
  }
  local again = os.getenv("HL_WHEN") == "again"
  highlightd.setup(again and { cmd = cmd } or with_extensions)

  local function entry_of(buf, decided)
    return H.wait(function()
      for _, candidate in ipairs(highlightd.status().buffers) do
        if candidate.buf == buf and candidate.highlighted ~= nil and decided(candidate) then
          return candidate
        end
      end
    end, "the daemon's answer on buffer " .. buf)
  end

  -- The group of the first character of `text` on `row` (0-based), and its colour.
  local function style_at(buf, row, text)
    local col = assert(api.nvim_buf_get_lines(buf, row, row + 1, false)[1]:find(text, 1, true)) - 1
    local namespace = api.nvim_get_namespaces()["highlightd"]
    local found = api.nvim_buf_get_extmarks(buf, namespace, { row, col }, { row, col }, {
      details = true,
      overlap = true,
    })
    local group = found[1] and found[1][4].hl_group or "HighlightdNormal"
    return { group = group, fg = api.nvim_get_hl(0, { name = group, link = false }).fg or vim.NIL }
  end

  local function report(buf, entry)
    return {
      syntax = vim.bo[buf].syntax,
      highlighted = entry.highlighted,
      scope_name = entry.scope_name or vim.NIL,
      keyword = style_at(buf, 1, "const"),
      default_fg = api.nvim_get_hl(0, { name = "HighlightdNormal", link = false }).fg or vim.NIL,
      links = highlightd.links(buf),
      snapshot = H.snapshot(buf),
    }
  end

  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_ZIG")))
  local zig = api.nvim_get_current_buf()
  if again then
    H.settle(zig, "the .zig file without the extension")
    H.result.before = report(zig, entry_of(zig, function()
      return true
    end))
    highlightd.setup(with_extensions)
  end
  local entry = entry_of(zig, function(candidate)
    return candidate.highlighted
  end)
  H.settle(zig, "the .zig file")
  H.result.zig = report(zig, entry)

  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_ZIGGY")))
  local ziggy = api.nvim_get_current_buf()
  entry = entry_of(ziggy, function()
    return true
  end)
  H.settle(ziggy, "the .ziggy file")
  H.result.ziggy = report(ziggy, entry)
end)
