-- Starts `highlightd serve` as a language server for the languages highlightd ships grammars
-- for. Neovim's built-in LSP client then colours buffers with highlightd's semantic tokens
-- and shows its document links. Usage: require("highlightd").setup({ cmd = { "highlightd", "serve" } })
local M = {}

local filetypes = {
  "rust", "swift", "javascript", "javascriptreact", "typescript", "json", "jsonc", "html", "css",
  "svelte", "markdown", "tex", "python", "c", "sh", "bash", "yaml", "toml", "diff", "gitcommit",
}

-- Neovim filetype -> LSP language id, where they differ.
local language_ids = { tex = "latex", sh = "shellscript", bash = "shellscript", gitcommit = "git-commit" }

function M.setup(options)
  options = options or {}
  local cmd = options.cmd or { "highlightd", "serve" }
  vim.api.nvim_create_autocmd("FileType", {
    pattern = options.filetypes or filetypes,
    callback = function(event)
      vim.lsp.start({
        name = "highlightd",
        cmd = cmd,
        root_dir = vim.fn.getcwd(),
        get_language_id = function(_, filetype)
          return language_ids[filetype] or filetype
        end,
        init_options = { theme = options.theme },
      }, { bufnr = event.buf })
    end,
  })
end

return M
