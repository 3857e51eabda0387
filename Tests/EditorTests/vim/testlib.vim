" Helpers the Vim tests type as commands: they wait for the daemon to settle and dump the
" editor's own highlight state (text properties and highlight groups) as JSON.

" Writes the state of the current buffer to a:path once highlightd has settled on it.
function! HighlightdTestDump(path) abort
  call highlightd#Settle(bufnr(), function('s:Dump', [bufnr(), a:path]))
endfunction

" The same, at once (for a daemon that never settles).
function! HighlightdTestDumpNow(path) abort
  call s:Dump(bufnr(), a:path)
endfunction

function! s:Dump(buf, path) abort
  let props = []
  for p in prop_list(1, {'bufnr': a:buf, 'end_lnum': -1})
    if p.type =~# '^highlightd_'
      call add(props, [p.lnum, p.col, p.length, p.type, p.id])
    endif
  endfor
  let groups = {}
  for name in prop_type_list()
    if name =~# '^highlightd_'
      let group = prop_type_get(name).highlight
      let groups[name] = get(hlget(group, v:true), 0, {})
    endif
  endfor
  let state = {
        \ 'lines': getbufline(a:buf, 1, '$'),
        \ 'props': props,
        \ 'groups': groups,
        \ 'normal': get(hlget(empty(&wincolor) ? 'Normal' : &wincolor, v:true), 0, {}),
        \ 'wincolor': &wincolor,
        \ 'plugin': highlightd#State(),
        \ 'messages': execute('messages'),
        \ 'errmsg': v:errmsg,
        \ 'windows': map(getwininfo(), {_, w -> [w.winid, w.bufnr, w.topline, w.botline]}),
        \ 'syntax': getbufvar(a:buf, '&syntax'),
        \ 'syntaxGroups': s:SyntaxGroups(a:buf),
        \ 'cursor': [line('.'), col('.')],
        \ 'matches': getmatches(),
        \ 'commentstring': getbufvar(a:buf, '&commentstring'),
        \ 'misspelt': &spell ? s:Misspelt() : [],
        \ 'spellSyntax': s:SpellSyntax(),
        \ }
  call writefile([json_encode(state)], a:path .. '.part')
  call rename(a:path .. '.part', a:path)
endfunction

" Vim's own syntax groups in the first 50 lines of the (current) buffer, as
" [lnum, col, name] where the group changes (name '' where there is none).
function! s:SyntaxGroups(buf) abort
  let groups = []
  if a:buf != bufnr() || index(['', 'OFF'], &syntax) >= 0
    return groups
  endif
  for lnum in range(1, min([line('$'), 50]))
    let previous = ''
    for col in range(1, strlen(getline(lnum)))
      let name = synIDattr(synID(lnum, col, 1), 'name')
      if name !=# previous
        call add(groups, [lnum, col, name])
        let previous = name
      endif
    endfor
  endfor
  return groups
endfunction

" Vim's bad words in the current window, as ]s finds them from the top (with its syntax
" items deciding what is checked): [lnum, col, word], in order. The cursor stays.
function! s:Misspelt() abort
  let view = winsaveview()
  let wrapscan = &wrapscan
  set wrapscan
  let found = []
  normal! G$
  silent! normal! ]s
  let first = getpos('.')
  while !empty(spellbadword()[0])
    call add(found, [line('.'), col('.'), spellbadword()[0]])
    silent! normal! ]s
    if getpos('.') == first
      break
    endif
  endwhile
  let &wrapscan = wrapscan
  call winrestview(view)
  return found
endfunction

" The syntax items of the current buffer (with 'syntax' off, only the plugin's spell items):
" how many, and the groups of the plugin's that have highlighting of their own (none should).
function! s:SpellSyntax() abort
  let listing = execute('syntax list')
  let groups = map(filter(split(listing, "\n"), {_, l -> l =~# '^highlightdSpell'}),
        \ {_, l -> matchstr(l, '^\S\+')})
  return {'items': count(listing, ' match /'),
        \ 'highlighted': filter(groups, {_, g -> !get(hlget(g)[0], 'cleared', v:false)})}
endfunction
