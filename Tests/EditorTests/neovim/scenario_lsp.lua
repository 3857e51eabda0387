-- Neovim's built-in LSP client with only lsp-config.lua (what a user pastes into init.lua):
-- open, type, wait until the semantic tokens are those of the final text, then read each
-- character's token type and modifiers with vim.lsp.semantic_tokens.get_at_pos.
-- Environment (besides the harness's): HL_SAMPLE, HL_LSP_CONFIG.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  vim.cmd("filetype on")
  dofile(os.getenv("HL_LSP_CONFIG"))
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  local function client()
    return vim.lsp.get_clients({ bufnr = buf, name = "highlightd" })[1]
  end
  H.wait(client, "the highlightd client to attach")
  H.wait(function()
    local tokens = vim.lsp.semantic_tokens.get_at_pos(buf, 1, 0)
    return tokens and #tokens > 0
  end, "the first semantic tokens")

  H.type("12G$o")
  H.type_each(H.keys_of('let s = "héllo 日本 😀"; // see https://example.com/lsp'), 2)
  H.type("<Esc>3GO/* a block")
  H.type_each(H.keys_of(" comment */"), 2)
  H.type("<Esc>6GJ")
  H.type("Gdd")
  H.type("u")

  -- Settled: the tokens Neovim holds are for the buffer's current version (checked on the
  -- highlighter where Neovim exposes it), and stay the same for half a second.
  local function current()
    local highlighter = vim.lsp.semantic_tokens.__STHighlighter
    local state = highlighter and highlighter.active[buf]
    if not state then
      return true
    end
    for _, client_state in pairs(state.client_state) do
      if client_state.current_result.version ~= vim.lsp.util.buf_versions[buf] then
        return false
      end
    end
    return true
  end
  local function read_tokens()
    local id = client().id
    local rows = {}
    for row, line in ipairs(api.nvim_buf_get_lines(buf, 0, -1, false)) do
      local cells, col = {}, 0
      for _, char in ipairs(vim.fn.split(line, "\\zs")) do
        local found = {}
        for _, token in ipairs(vim.lsp.semantic_tokens.get_at_pos(buf, row - 1, col) or {}) do
          -- get_at_pos also returns a token that ends where this character starts.
          local covers = token.line == row - 1 and token.start_col <= col and col < token.end_col
          if token.client_id == id and covers then
            local modifiers = vim.tbl_keys(token.modifiers)
            table.sort(modifiers)
            found[#found + 1] = { token.type, modifiers }
          end
        end
        cells[#cells + 1] = found
        col = col + #char
      end
      rows[#rows + 1] = cells
    end
    return rows
  end
  local previous
  H.wait(function()
    if not current() then
      previous = nil
      return false
    end
    local now = vim.json.encode(read_tokens())
    if previous and previous.tokens == now and vim.uv.now() - previous.at >= 500 then
      return true
    end
    if not previous or previous.tokens ~= now then
      previous = { tokens = now, at = vim.uv.now() }
    end
    return false
  end, "the semantic tokens to settle")
  H.result.text = table.concat(api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
  H.result.tokens = read_tokens()
  H.result.provider = client().server_capabilities.semanticTokensProvider
end)
