" Sourced into a Vim started as a user's (its own vimrc and packages), by test_vim.py's
" package test: waits until the plugin has decided about the current buffer (the daemon's
" answer, or a message), then writes what it holds to $HL_RESULT and quits.
function! s:Decided() abort
  let docs = values(highlightd#State().docs)
  return (!empty(docs) && docs[0].scopeName != '') || execute('messages') =~# 'highlightd:'
endfunction

for s:i in range(600)
  if s:Decided()
    break
  endif
  sleep 50m
endfor
" Anything said after the first message.
sleep 200m
call writefile([json_encode({'state': highlightd#State(), 'messages': execute('messages'),
      \ 'errmsg': v:errmsg, 'syntax': &syntax})], $HL_RESULT)
qall!
