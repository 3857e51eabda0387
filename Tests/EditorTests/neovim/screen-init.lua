-- The configuration of the tmux screen check: a user's init.lua with only this plugin.
vim.opt.rtp:prepend(os.getenv("HL_RTP"))
vim.opt.termguicolors = true
vim.opt.laststatus = 2
vim.cmd("filetype on")
require("highlightd").setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" }, theme = "dark" })
