" The configuration the Vim tests run with (vim_support.VimSession sets g:highlightd_command):
" the plugin from editors/vim, 24-bit colour in tmux, and the test helpers.
set nocompatible
set runtimepath^=$HIGHLIGHTD_VIM_PLUGIN
let g:highlightd_theme = 'dark'
set termguicolors
let &t_8f = "\<Esc>[38;2;%lu;%lu;%lum"
let &t_8b = "\<Esc>[48;2;%lu;%lu;%lum"
filetype plugin indent on
syntax on
set noswapfile nobackup nowritebackup
set shortmess+=I laststatus=2 ruler
set nowrap ttimeout ttimeoutlen=20
" matchparen would paint the bracket under the cursor; the screen check compares colours.
let g:loaded_matchparen = 1
execute 'source' fnameescape(expand('<sfile>:p:h') .. '/testlib.vim')
