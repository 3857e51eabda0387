" highlightd for Vim: syntax highlighting and links from the highlightd daemon, applied as
" text properties from its attribute pushes. See editors/vim/README.md.
if exists('g:loaded_highlightd') || !has('vim9script') || !has('channel')
      \ || !has('textprop') || !exists('*listener_add')
  finish
endif
let g:loaded_highlightd = 1

command! -bar HighlightdEnable call highlightd#Enable(bufnr())
command! -bar HighlightdDisable call highlightd#Disable(bufnr())
command! -bar HighlightdRestart call highlightd#Restart()
command! -bar HighlightdStatus call highlightd#Status()
command! -bar HighlightdOpenLink call highlightd#OpenLink(v:false)
command! -bar HighlightdInspect call highlightd#Inspect()
" An error (not a beep) when there is no pair: it also cancels a pending operator (d%).
command! HighlightdMatchBracket
      \ if !highlightd#MatchBracket() | echoerr 'highlightd: no bracket pair here' | endif
for s:mode in ['n', 'x', 'o']
  execute s:mode .. 'noremap <silent> <Plug>(HighlightdMatchBracket) <Cmd>if'
        \ '!highlightd#MatchBracket() <Bar> echoerr "highlightd: no bracket pair here"'
        \ '<Bar> endif<CR>'
endfor
unlet s:mode

augroup highlightd
  autocmd!
  autocmd FileType,BufNewFile,BufReadPost,BufFilePost * call highlightd#Attach(str2nr(expand('<abuf>')))
  autocmd BufUnload,BufWipeout * call highlightd#Detach(str2nr(expand('<abuf>')), v:true)
  autocmd Syntax * call highlightd#OnSyntax(str2nr(expand('<abuf>')))
  autocmd BufWinEnter * call highlightd#OnBufWinEnter(str2nr(expand('<abuf>')))
  autocmd WinScrolled,VimResized * call highlightd#ViewportsChanged()
  if exists('##WinResized')
    autocmd WinResized * call highlightd#ViewportsChanged()
  endif
  autocmd ColorScheme * call highlightd#OnColorScheme()
  autocmd OptionSet background call highlightd#OnColorScheme()
  autocmd OptionSet spell call highlightd#OnSpellSet()
  autocmd VimLeavePre * call highlightd#Shutdown()
  " The cursor's autocommands (group highlightd_cursor) must come after matchparen's, which
  " are defined when plugins load: see autoload/highlightd/pairs.vim.
  if v:vim_did_enter
    call highlightd#DefineCursorAutocmds()
  else
    autocmd VimEnter * call highlightd#DefineCursorAutocmds()
  endif
augroup END
