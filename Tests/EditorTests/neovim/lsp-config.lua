-- highlightd as a language server for Neovim's built-in LSP client (Neovim 0.11 or later):
-- semantic tokens from its TextMate grammars, and its document links.
vim.lsp.config("highlightd", {
  cmd = { vim.env.HIGHLIGHTD_BINARY or "highlightd", "serve" },
  filetypes = {
    "rust", "swift", "javascript", "javascriptreact", "typescript", "json", "jsonc", "html",
    "css", "svelte", "markdown", "tex", "python", "c", "sh", "bash", "yaml", "toml", "diff",
    "gitcommit",
  },
  get_language_id = function(_, filetype)
    local ids = { tex = "latex", sh = "shellscript", bash = "shellscript", gitcommit = "git-commit" }
    return ids[filetype] or filetype
  end,
})
vim.lsp.enable("highlightd")
