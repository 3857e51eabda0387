;;; highlightd-document.el --- Buffers as documents  -*- lexical-binding: t; -*-

;; This file is part of highlightd (editors/emacs); see highlightd.el.

;;; Commentary:

;; A buffer in `highlightd-mode' is one document of the daemon:
;;
;; - opened with its whole text (again after a restart, if a change ever
;;   escaped `after-change-functions', or when the daemon rejected one of its
;;   edits), then asked how the daemon highlights it (textStorage/language:
;;   with a grammar, or as plain text with links);
;; - every change queued from `after-change-functions' as an edit at
;;   character offset (1- BEG) of the widened buffer, and the queue sent as
;;   one textStorage/edit (one version) when Emacs is next idle, so typing
;;   never waits for the daemon;
;; - each window's visible range sent as textStorage/viewport, one view per
;;   window, when it scrolls, resizes or shows another buffer;
;; - each push applied by highlightd-attributes.el, mapped through the edits
;;   sent (or queued) since its version.

;;; Code:

(require 'cl-lib)
(require 'url-util)
(require 'highlightd-daemon)
(require 'highlightd-attributes)

(defcustom highlightd-language-alist
  '((python-mode . "python")
    (js-jsx-mode . "javascriptreact")
    (js-mode . highlightd-js-language)
    (typescript-mode . "typescript")
    (json-mode . "json")
    (css-mode . "css")
    (html-mode . "html")
    (markdown-mode . "markdown")
    (latex-mode . "latex")
    (tex-mode . "latex")
    (c-mode . "c")
    (sh-mode . "shellscript")
    (yaml-mode . "yaml")
    (conf-toml-mode . "toml")
    (toml-mode . "toml")
    (diff-mode . "diff")
    (rust-mode . "rust")
    (rustic-mode . "rust")
    (swift-mode . "swift")
    (svelte-mode . "svelte")
    (git-commit-mode . "git-commit"))
  "Major mode -> LSP language id of the daemon's grammar.
The first entry whose mode the buffer's major mode is (or derives from)
wins.  The value may be a function, called in the buffer, that returns
a language id or nil.  A buffer whose mode is not listed still
attaches: the daemon picks the grammar from the file name (as for Rust,
which Emacs 28 has no mode for) or the first line, and finds links in
any text."
  :type '(alist :key-type symbol
                :value-type (choice string function (const nil)))
  :group 'highlightd)

(defvar highlightd-after-push-functions nil
  "Functions called in a buffer after a push was applied to it.
Each is called with the push's version.")

(defvar highlightd-document-language-function #'ignore
  "Called in a buffer when the daemon said how it highlights it.
The argument is the scope name of the grammar, or nil for plain text.")

(defvar highlightd-document-applied-function #'ignore
  "Called in a buffer with START and END after a push changed that range.")

(defvar highlightd-document--buffers (make-hash-table :test 'equal)
  "Document URI -> its buffer.")

(defvar-local highlightd-document-uri nil
  "The document URI of this buffer while it is attached.")

(defvar-local highlightd-document-version 0
  "The version of the last text sent for this buffer.")

(defvar-local highlightd-document--base-version 0
  "The version this buffer was last opened with; older pushes are stale.")

(defvar-local highlightd-document--generation nil
  "The `highlightd-daemon-generation' the document was opened in.")

(defvar-local highlightd-document-scope-name nil
  "The scope of the grammar the daemon highlights this buffer with.
nil for plain text, and until the daemon said.")

(defvar-local highlightd-document-language nil
  "The daemon's textStorage/language answer for the whole buffer, or nil.
A hash table: languageId, scopeName, comments (lineComment and
blockComment) and brackets (the language's pairs).")

(defvar-local highlightd-document-pending nil
  "Edits not sent yet, newest first, as [OFFSET OLD-LENGTH TEXT].")

(defvar-local highlightd-document--sent nil
  "(VERSION . EDITS) of versions sent but not pushed yet, oldest first.
EDITS are [OFFSET OLD-LENGTH NEW-LENGTH]: what a push for an older
version is mapped through (the client rule, 3).")

(defvar-local highlightd-document-resyncs 0
  "How many times this buffer was sent again after the daemon rejected an edit.")

(defvar-local highlightd-document--length 0
  "The length in characters of the text as the daemon will have it.")

(defvar highlightd-document--dirty nil
  "Buffers with queued edits.")

(defvar highlightd-document--to-open nil
  "Buffers whose document is opened at the next flush, newest first.")

(defvar highlightd-document--timer nil
  "The zero-delay timer that sends edits and visible ranges, when due.")

(defvar highlightd-document--view-counter 0
  "The last view id given to a window.")

(defconst highlightd-document--edit-methods
  '("textStorage/edit" "textDocument/didChange")
  "The notifications that change a document's text.")

(defun highlightd-js-language ()
  "The language of a `js-mode' buffer: Emacs 28 edits JSON files in it too."
  (if (and buffer-file-name (string-match-p "\\.json\\'" buffer-file-name))
      "json"
    "javascript"))

(defun highlightd-document--language-id ()
  "The language id of this buffer from `highlightd-language-alist', or nil."
  (let ((entry (cl-find-if (lambda (entry) (derived-mode-p (car entry)))
                           highlightd-language-alist)))
    (if (functionp (cdr entry)) (funcall (cdr entry)) (cdr entry))))

(defun highlightd-document-buffer-uri ()
  "The document URI for this buffer: its file, or an untitled name."
  (if buffer-file-name
      (concat "file://" (url-hexify-string (expand-file-name buffer-file-name)
                                           url-path-allowed-chars))
    (concat "untitled:" (url-hexify-string (buffer-name)))))

(defun highlightd-document-owner (uri)
  "The live buffer attached as URI, or nil."
  (let ((buffer (gethash uri highlightd-document--buffers)))
    (and (buffer-live-p buffer) buffer)))

(defun highlightd-document-open-p ()
  "Non-nil when this buffer's document is open in the running daemon."
  (and highlightd-document-uri
       (highlightd-daemon-running-p)
       (eql highlightd-document--generation highlightd-daemon-generation)))

;;; Opening and closing

(defun highlightd-document-open ()
  "Send the whole buffer to the daemon as a new version of its document."
  (setq highlightd-document-pending nil
        highlightd-document--sent nil
        highlightd-document--length (buffer-size))
  (if (not (highlightd-daemon-ensure))
      (setq highlightd-document--generation nil)
    (cl-incf highlightd-document-version)
    (setq highlightd-document--base-version highlightd-document-version
          highlightd-document--generation highlightd-daemon-generation)
    (puthash highlightd-document-uri (current-buffer)
             highlightd-document--buffers)
    (let ((language (highlightd-document--language-id))
          (text (save-restriction
                  (widen)
                  (buffer-substring-no-properties (point-min) (point-max)))))
      (highlightd-daemon-notify
       "textDocument/didOpen"
       (list :textDocument
             (append (list :uri highlightd-document-uri)
                     (and language (list :languageId language))
                     (list :version highlightd-document-version
                           :text text))))
      (highlightd-document--ask-language))
    (dolist (window (get-buffer-window-list nil t t))
      (set-window-parameter window 'highlightd-viewport nil))
    (highlightd-document--schedule)))

(defun highlightd-document--ask-language ()
  "Ask the daemon how it highlights this buffer (textStorage/language).
The answer goes to `highlightd-document-language-function', unless the
document was closed or opened again meanwhile."
  (let ((buffer (current-buffer))
        (uri highlightd-document-uri)
        (base highlightd-document--base-version))
    (highlightd-daemon-request
     "textStorage/language" (list :textDocument (list :uri uri))
     (lambda (result)
       (when (buffer-live-p buffer)
         (with-current-buffer buffer
           (when (and (equal highlightd-document-uri uri)
                      (eql highlightd-document--base-version base)
                      (highlightd-document-open-p))
             (setq highlightd-document-language (and (hash-table-p result) result)
                   highlightd-document-scope-name
                   (and (hash-table-p result) (gethash "scopeName" result)))
             (funcall highlightd-document-language-function
                      highlightd-document-scope-name)))))
     (lambda (error-object)
       (highlightd-rpc-log "textStorage/language for %s failed: %s"
                           uri (gethash "message" error-object))))))

(defun highlightd-document-open-soon ()
  "Open this buffer's document at the next turn of the event loop.
Visiting a file sets its major mode twice (`fundamental-mode', then its
own), and each time `global-highlightd-mode' turns the mode on: opening
once, after the last of them, sends a large file once and with its
language."
  (cl-pushnew (current-buffer) highlightd-document--to-open)
  (highlightd-document--schedule))

(defun highlightd-document--open-waiting ()
  "Open the documents of the buffers that asked to be opened and still do."
  (let ((buffers (nreverse highlightd-document--to-open)))
    (setq highlightd-document--to-open nil)
    (dolist (buffer buffers)
      (when (buffer-live-p buffer)
        (with-current-buffer buffer
          ;; Detaching (or a mode change) since the request clears the uri.
          (when (and highlightd-document-uri (not (highlightd-document-open-p)))
            (highlightd-document-open)))))))

(defun highlightd-document-close ()
  "Tell the daemon this buffer's document is closed."
  (when highlightd-document-uri
    (when (highlightd-document-open-p)
      (highlightd-daemon-notify
       "textDocument/didClose"
       (list :textDocument (list :uri highlightd-document-uri))))
    (when (eq (highlightd-document-owner highlightd-document-uri)
              (current-buffer))
      (remhash highlightd-document-uri highlightd-document--buffers))
    (setq highlightd-document--generation nil)))

(defun highlightd-document-reopen-all ()
  "Open every attached buffer that is not open in the running daemon."
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (and highlightd-document-uri (not (highlightd-document-open-p)))
        (highlightd-document-open)))))

(defun highlightd-document-open-all-again ()
  "Send every buffer open in the daemon again, whole (after a theme change)."
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (and highlightd-document-uri (highlightd-document-open-p))
        (highlightd-document-open)))))

(defun highlightd-document-rejected (params)
  "Send a buffer again whose edit the daemon rejected, as PARAMS say.
PARAMS are those of a textStorage/didReject.  A rejected edit applies
nothing, so the daemon's copy of the text no longer matches the buffer
and every later edit would land in the wrong place: the whole buffer
goes again, which drops its queued edits.  Other buffers are left
alone, and so are rejections of what changes no text (the daemon's
window/logMessage has logged them)."
  (let* ((uri (gethash "uri" params))
         (held (gethash "version" params))
         (buffer (and (member (gethash "method" params)
                              highlightd-document--edit-methods)
                      (stringp uri)
                      (highlightd-document-owner uri))))
    (when buffer
      (with-current-buffer buffer
        (cond
         ;; Not open (the daemon restarted, say): its opening sends it whole.
         ((not (highlightd-document-open-p)))
         ((and (integerp held) (< held highlightd-document--base-version))
          ;; The daemon held less than the version we last opened with, so
          ;; the edit went before that opening, which already sent its text.
          (highlightd-rpc-log "%s: a rejected edit was already sent again"
                              (buffer-name)))
         (t
          (highlightd-rpc-log "%s: the daemon rejected %s (%s); reopening"
                              (buffer-name) (gethash "method" params)
                              (gethash "message" params))
          (cl-incf highlightd-document-resyncs)
          (highlightd-document-open)))))))

;;; Questions about the text

(defun highlightd-document--stamp ()
  "What identifies the text the daemon has of this buffer, once edits are sent."
  (list highlightd-document-uri highlightd-document--base-version
        highlightd-document-version (buffer-chars-modified-tick)))

(defun highlightd-document-ask (method params success)
  "Ask the daemon METHOD with PARAMS about this buffer's text as it is now.
Edits not sent yet go first.  SUCCESS is called in the buffer with the
result, unless the text changed (or was sent again) before the answer
came: the answer is then about a text the buffer no longer has, and
offsets in it would land in the wrong places."
  (when (highlightd-document-open-p)
    (highlightd-document--send-edits)
    (let ((buffer (current-buffer))
          (stamp (highlightd-document--stamp)))
      (highlightd-daemon-request
       method params
       (lambda (result)
         (when (buffer-live-p buffer)
           (with-current-buffer buffer
             (when (and (highlightd-document-open-p)
                        (equal stamp (highlightd-document--stamp)))
               (funcall success result)))))
       (lambda (error-object)
         (highlightd-rpc-log "%s for %s failed: %s" method (car stamp)
                             (gethash "message" error-object)))))))

(defun highlightd-document-position (position)
  "POSITION (a buffer position) as an LSP position: zero-based line, character.
Counted in the widened buffer, in characters (the utf-32 unit)."
  (save-restriction
    (widen)
    (save-excursion
      (goto-char position)
      (list :line (1- (line-number-at-pos position t))
            :character (- position (line-beginning-position))))))

;;; Changes

(defun highlightd-document-after-change (start end old-length)
  "Queue the change of [START, END), which replaced OLD-LENGTH characters."
  (when highlightd-document-uri
    (let ((offset (1- start))
          (text (buffer-substring-no-properties start end))
          (last (car highlightd-document-pending)))
      (setq highlightd-document--length
            (+ highlightd-document--length (- end start) (- old-length)))
      ;; Consecutive insertions in one command (a keyboard macro) are one.
      (if (and last (= old-length 0)
               (= offset (+ (aref last 0) (length (aref last 2)))))
          (aset last 2 (concat (aref last 2) text))
        (push (vector offset old-length text) highlightd-document-pending))
      (highlightd-attributes-strip-inserted start end)
      (highlightd-document--schedule (current-buffer)))))

(defun highlightd-document--schedule (&optional buffer)
  "Send BUFFER's edits and the windows' visible ranges when Emacs is idle."
  (when buffer
    (cl-pushnew buffer highlightd-document--dirty))
  (unless highlightd-document--timer
    (setq highlightd-document--timer
          (run-at-time 0 nil #'highlightd-document--flush))))

(defun highlightd-document--flush ()
  "Send the queued edits of every buffer, then each window's visible range."
  (setq highlightd-document--timer nil)
  (condition-case error
      (let ((buffers (progn (highlightd-document--open-waiting)
                            (nreverse highlightd-document--dirty))))
        (setq highlightd-document--dirty nil)
        (dolist (buffer buffers)
          (when (buffer-live-p buffer)
            (with-current-buffer buffer
              (highlightd-document--send-edits))))
        (highlightd-document--send-viewports))
    ;; Never an error per keystroke: log it and carry on.
    (error (highlightd-rpc-log "sending failed: %S" error))))

(defun highlightd-document--send-edits ()
  "Send this buffer's queued edits as one textStorage/edit."
  (when highlightd-document-pending
    (cond
     ((not (highlightd-document-open-p))
      ;; No daemon: its restart sends the whole text.
      (setq highlightd-document-pending nil))
     ((/= highlightd-document--length (buffer-size))
      ;; A change was made with modification hooks inhibited: the daemon's
      ;; copy is wrong, so send the whole text again.
      (highlightd-rpc-log "%s: a change escaped us; reopening" (buffer-name))
      (highlightd-document-open))
     (t
      (let ((edits (nreverse highlightd-document-pending)))
        (setq highlightd-document-pending nil)
        (cl-incf highlightd-document-version)
        (setq highlightd-document--sent
              (nconc highlightd-document--sent
                     (list (cons highlightd-document-version
                                 (mapcar #'highlightd-document--extent
                                         edits)))))
        (highlightd-daemon-notify
         "textStorage/edit"
         (list :uri highlightd-document-uri
               :version highlightd-document-version
               :edits (vconcat
                       (mapcar (lambda (edit)
                                 (list :offset (aref edit 0)
                                       :length (aref edit 1)
                                       :text (aref edit 2)))
                               edits)))))))))

(defun highlightd-document--extent (edit)
  "EDIT ([OFFSET OLD-LENGTH TEXT]) as [OFFSET OLD-LENGTH NEW-LENGTH]."
  (vector (aref edit 0) (aref edit 1) (length (aref edit 2))))

;;; Pushes

(defun highlightd-document-apply-push (params)
  "Apply the push PARAMS to its buffer, following PROTOCOL.md's client rule."
  ;; Styles are defined once per connection: they count even if it is stale.
  (highlightd-attributes-define-styles (gethash "styles" params))
  (let ((buffer (highlightd-document-owner (gethash "uri" params)))
        (version (gethash "version" params)))
    (when buffer
      (with-current-buffer buffer
        (when (and (highlightd-document-open-p)
                   (integerp version)
                   (<= highlightd-document--base-version version
                       highlightd-document-version))
          (let ((extent (highlightd-attributes-apply-push
                         params (highlightd-document--edits-after version))))
            (when extent
              (funcall highlightd-document-applied-function
                       (car extent) (cdr extent))))
          (run-hook-with-args 'highlightd-after-push-functions version))))))

(defun highlightd-document--edits-after (version)
  "The edits made since VERSION, oldest first; forget those up to VERSION.
Pushes come in version order, so no later push needs the forgotten ones."
  (while (and highlightd-document--sent
              (<= (caar highlightd-document--sent) version))
    (pop highlightd-document--sent))
  (nconc (apply #'append (mapcar #'cdr highlightd-document--sent))
         (mapcar #'highlightd-document--extent
                 (reverse highlightd-document-pending))))

;;; Views

(defun highlightd-document--view-id (window)
  "WINDOW's view id: two windows on one buffer are two views."
  (or (window-parameter window 'highlightd-view-id)
      (set-window-parameter window 'highlightd-view-id
                            (cl-incf highlightd-document--view-counter))))

(defun highlightd-document--send-viewports ()
  "Send the visible range of each window on an open document, if it moved."
  (dolist (frame (frame-list))
    (dolist (window (window-list frame 'never))
      (let ((buffer (window-buffer window)))
        (when (buffer-local-value 'highlightd-document-uri buffer)
          (with-current-buffer buffer
            (when (highlightd-document-open-p)
              (highlightd-document--send-viewport window))))))))

(defun highlightd-document--send-viewport (window)
  "Send WINDOW's visible range of the current buffer, unless already sent."
  (save-restriction
    (widen)
    (let* ((start (min (window-start window) (point-max)))
           ;; Counted in lines: a wrapped line only makes the range larger.
           (end (save-excursion
                  (goto-char start)
                  (forward-line (1+ (window-body-height window)))
                  (point)))
           (sent (list highlightd-document-uri
                       highlightd-document--base-version start end)))
      (unless (equal sent (window-parameter window 'highlightd-viewport))
        (set-window-parameter window 'highlightd-viewport sent)
        (highlightd-daemon-notify
         "textStorage/viewport"
         (list :uri highlightd-document-uri
               :viewId (highlightd-document--view-id window)
               :range (list :offset (1- start) :length (- end start))))))))

(defun highlightd-document-windows-changed (&rest _)
  "A window scrolled, resized or changed buffer: send visible ranges soon."
  (unless (hash-table-empty-p highlightd-document--buffers)
    (highlightd-document--schedule)))

(setq highlightd-daemon-push-function #'highlightd-document-apply-push
      highlightd-daemon-reopen-function #'highlightd-document-reopen-all
      highlightd-daemon-reject-function #'highlightd-document-rejected
      highlightd-daemon-theme-function #'highlightd-document-open-all-again)

(provide 'highlightd-document)
;;; highlightd-document.el ends here
