;;; highlightd.el --- Highlighting by highlightd  -*- lexical-binding: t; -*-

;; Author: The highlightd authors
;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: faces, languages, tools

;; This file is part of highlightd (editors/emacs).

;;; Commentary:

;; A client of `highlightd serve', the syntax-highlighting daemon: it colours
;; buffers with TextMate grammars, bracket pairs by depth, and underlines
;; links, applying the daemon's attribute pushes (textStorage/didProcessEditing,
;; docs/PROTOCOL.md) as text properties.  Where the daemon has a grammar, its
;; comments and strings are what Emacs's sexp commands, flyspell and
;; comment commands read; the pair at point is highlighted, and the
;; daemon's folding ranges fold.
;;
;;   (add-to-list 'load-path "/path/to/highlightd/editors/emacs")
;;   (require 'highlightd)
;;   (global-highlightd-mode 1)
;;
;; One daemon serves the whole Emacs session.  The files:
;;
;;   highlightd.el             the modes, font-lock, links, commands
;;   highlightd-document.el    a buffer as a document: edits, pushes, views
;;   highlightd-daemon.el      starting, initializing, restarting the daemon
;;   highlightd-attributes.el  faces and the client rule
;;   highlightd-syntax.el      token kinds: syntax, flyspell, comment markers
;;   highlightd-caret.el       the bracket pair and the language at point
;;   highlightd-folding.el     folds from the daemon's folding ranges
;;   highlightd-rpc.el         the JSON-RPC transport
;;
;; See README.md beside this file.

;;; Code:

(require 'browse-url)
(require 'highlightd-daemon)
(require 'highlightd-document)
(require 'highlightd-attributes)
(require 'highlightd-syntax)
(require 'highlightd-caret)
(require 'highlightd-folding)

;;; Font-lock

(defvar-local highlightd--saved-font-lock nil
  "(FONT-LOCK-DEFAULTS) of the major mode while its highlighting is off.")

(defconst highlightd--link-keywords
  '((highlightd--next-link 0 'highlightd-link prepend))
  "The font-lock keyword that draws links over the major mode's faces.")

(defun highlightd--next-link (limit)
  "Match the next link between point and LIMIT, for font-lock."
  (let ((start (text-property-not-all (point) limit 'highlightd-link nil)))
    (when start
      (let ((end (next-single-property-change start 'highlightd-link nil limit)))
        (set-match-data (list start end))
        (goto-char end)
        t))))

(defun highlightd--show-font-lock-face ()
  "Show `font-lock-face' even with font-lock off, as `font-lock-mode' does."
  (unless (memq 'font-lock-face (assq 'face char-property-alias-alist))
    (setq-local char-property-alias-alist
                (copy-tree char-property-alias-alist))
    (let ((entry (assq 'face char-property-alias-alist)))
      (if entry
          (nconc entry (list 'font-lock-face))
        (push (list 'face 'font-lock-face) char-property-alias-alist)))))

(defun highlightd--take-over-font-lock ()
  "Turn the major mode's own highlighting off: the daemon has a grammar.
The mode's keywords and syntactic fontification would set `face', which
hides `font-lock-face'.  Keywords that other packages add for the mode
\(`font-lock-add-keywords') still apply."
  (unless highlightd--saved-font-lock
    ;; Links show through `font-lock-face' here, with the style under them.
    (font-lock-remove-keywords nil highlightd--link-keywords)
    (setq highlightd--saved-font-lock (list font-lock-defaults))
    (setq-local font-lock-defaults '(nil t))
    (highlightd--restart-font-lock)))

(defun highlightd--keep-font-lock ()
  "Leave the major mode its highlighting, and draw links over its faces.
For a buffer the daemon has no grammar for: its pushes then carry only
links, which a face font-lock sets would hide."
  (highlightd--restore-font-lock)
  (font-lock-add-keywords nil highlightd--link-keywords 'append)
  (when font-lock-mode
    (font-lock-flush)))

(defun highlightd--restore-font-lock ()
  "Give the major mode its highlighting back, if it was taken."
  (when highlightd--saved-font-lock
    (setq-local font-lock-defaults (car highlightd--saved-font-lock))
    (setq highlightd--saved-font-lock nil)
    (highlightd--restart-font-lock)))

(defun highlightd--restart-font-lock ()
  "Set font-lock up again from `font-lock-defaults', if it is on."
  (when font-lock-mode
    (font-lock-mode -1)
    (kill-local-variable 'font-lock-set-defaults)
    (font-lock-mode 1)))

(defvar highlightd-mode)

(defun highlightd--language-decided (scope-name)
  "The daemon highlights this buffer with the grammar of SCOPE-NAME, or not (nil)."
  (when highlightd-mode
    (if scope-name
        (progn
          (highlightd--take-over-font-lock)
          ;; Its comments and strings are now the daemon's to say.
          (highlightd-syntax-enable highlightd-document-language))
      (highlightd-syntax-disable)
      (highlightd--keep-font-lock))))

(defun highlightd--push-applied (start end)
  "Read what the push changed over [START, END) where Emacs reads it.
The links where font-lock draws them, and the token kinds and brackets
for the syntax."
  (when (and font-lock-mode (not highlightd--saved-font-lock))
    (font-lock-flush start end))
  (highlightd-syntax-changed start))

(setq highlightd-document-language-function #'highlightd--language-decided
      highlightd-document-applied-function #'highlightd--push-applied)
(add-hook 'highlightd-after-push-functions #'highlightd-folding-pushed)

;;; Links

(defun highlightd--link-at (position)
  "The target of the link at POSITION or just before it, or nil."
  (or (get-text-property position 'highlightd-link)
      (and (> position (point-min))
           (get-text-property (1- position) 'highlightd-link))))

(defun highlightd-open-link (&optional position)
  "Open the link at POSITION (point by default) with `browse-url'."
  (interactive)
  (let ((target (highlightd--link-at (or position (point)))))
    (if target
        (browse-url target)
      (user-error "No link at point"))))

(defun highlightd-open-link-at-mouse (event)
  "Open the link clicked in EVENT."
  (interactive "e")
  (let ((end (event-end event)))
    (with-current-buffer (window-buffer (posn-window end))
      (highlightd-open-link (posn-point end)))))

(defvar highlightd--link-map
  (let ((map (make-sparse-keymap)))
    (define-key map [mouse-2] #'highlightd-open-link-at-mouse)
    map)
  "Bindings on the text of links.")

(put 'highlightd--link 'keymap highlightd--link-map)

(defun highlightd--on-link (command)
  "COMMAND when point is on a link; else nil, and the key falls through."
  (and (highlightd--link-at (point)) command))

(defvar highlightd-mode-map
  (let ((map (make-sparse-keymap)))
    ;; Only on a link, so the major mode keeps C-c C-o elsewhere (cc-mode
    ;; binds it, for one).
    (define-key map (kbd "C-c C-o")
      '(menu-item "" highlightd-open-link :filter highlightd--on-link))
    map)
  "Keymap of `highlightd-mode'.")

;;; Modes

;;;###autoload
(define-minor-mode highlightd-mode
  "Highlight this buffer with the highlightd daemon and underline links.
The daemon (`highlightd-command') starts with the first buffer.
\\[highlightd-open-link] on a link opens it.  Where the daemon has a
grammar, its comments and strings are what `forward-sexp',
`show-paren-mode', flyspell and `comment-dwim' read; the bracket pair
at point is highlighted (`highlightd-jump-to-bracket' jumps to the
other bracket), and `highlightd-fold-toggle', `highlightd-fold-all' and
`highlightd-unfold-all' fold by the daemon's folding ranges."
  :lighter " hl"
  :keymap highlightd-mode-map
  :group 'highlightd
  (if highlightd-mode
      (highlightd--enable)
    (highlightd--disable)))

(defun highlightd--enable ()
  "Attach the buffer to the daemon."
  (let* ((uri (highlightd-document-buffer-uri))
         (owner (highlightd-document-owner uri)))
    (cond
     ((not (json-available-p))
      (message "highlightd: this Emacs was built without JSON support")
      (setq highlightd-mode nil))
     ((buffer-base-buffer)
      (message "highlightd: %s is an indirect buffer: highlight its base"
               (buffer-name))
      (setq highlightd-mode nil))
     ((and owner (not (eq owner (current-buffer))))
      (message "highlightd: %s already shows %s" (buffer-name owner) uri)
      (setq highlightd-mode nil))
     (t
      (setq highlightd-document-uri uri)
      (add-hook 'window-scroll-functions #'highlightd-document-windows-changed)
      (add-hook 'window-size-change-functions
                #'highlightd-document-windows-changed)
      (add-hook 'window-buffer-change-functions
                #'highlightd-document-windows-changed)
      (add-hook 'after-change-functions #'highlightd-document-after-change
                nil t)
      (add-hook 'kill-buffer-hook #'highlightd-document-close nil t)
      (add-hook 'change-major-mode-hook #'highlightd--turn-off nil t)
      (add-hook 'after-set-visited-file-name-hook #'highlightd--file-renamed
                nil t)
      ;; The major mode keeps its highlighting until the daemon says it
      ;; has a grammar for the buffer.
      (highlightd--show-font-lock-face)
      (highlightd--keep-font-lock)
      (highlightd-caret-enable)
      (highlightd-document-open-soon)))))

(defun highlightd--disable ()
  "Detach the buffer and remove its highlighting."
  (remove-hook 'after-change-functions #'highlightd-document-after-change t)
  (remove-hook 'kill-buffer-hook #'highlightd-document-close t)
  (remove-hook 'change-major-mode-hook #'highlightd--turn-off t)
  (remove-hook 'after-set-visited-file-name-hook #'highlightd--file-renamed t)
  (highlightd-document-close)
  (highlightd-syntax-disable)
  (highlightd-caret-disable)
  (highlightd-folding-disable)
  (save-restriction
    (widen)
    (with-silent-modifications
      (highlightd-attributes-clear (point-min) (point-max))))
  (highlightd--restore-font-lock)
  (font-lock-remove-keywords nil highlightd--link-keywords)
  (when font-lock-mode
    (font-lock-flush))
  (setq highlightd-document-uri nil
        highlightd-document-pending nil
        highlightd-document-scope-name nil
        highlightd-document-language nil))

(defun highlightd--turn-off ()
  "Detach the buffer before a major mode change.
Then `global-highlightd-mode' attaches it again."
  (highlightd-mode -1))

(defun highlightd--file-renamed ()
  "Open the document again under the buffer's new file name."
  (when highlightd-mode
    (highlightd-mode -1)
    (highlightd-mode 1)))

(defun highlightd--turn-on ()
  "Turn `highlightd-mode' on in a buffer that visits a file."
  (when (and buffer-file-name (not (buffer-base-buffer)) (not highlightd-mode))
    (highlightd-mode 1)))

;;;###autoload
(define-globalized-minor-mode global-highlightd-mode highlightd-mode
  highlightd--turn-on
  :group 'highlightd)

;;; Commands

(defvar highlightd-last-inspection nil
  "The daemon's last answer to `highlightd-inspect', a hash table.")

(defun highlightd-inspect (&optional position)
  "Show what the daemon knows of the character at POSITION (point by default).
The token's text, language, kind (comment, string, regex or other),
colours, the theme rule that chose them, its semantic token type and its
scopes, innermost first, as VS Code's \"Inspect Editor Tokens and
Scopes\" does (textStorage/inspect).  Edits not sent yet go first."
  (interactive)
  (unless (and (bound-and-true-p highlightd-mode) (highlightd-document-open-p))
    (user-error "This buffer is not open in the daemon"))
  (highlightd-document--send-edits)
  ;; The daemon counts characters (utf-32) from the start of the whole buffer.
  (let ((offset (save-restriction (widen) (- (or position (point)) (point-min)))))
    (highlightd-daemon-request
     "textStorage/inspect" (list :uri highlightd-document-uri :offset offset)
     (lambda (result)
       (setq highlightd-last-inspection result)
       (with-help-window "*highlightd-inspect*"
         (princ (highlightd--describe-inspection result))))
     (lambda (error-object)
       (message "highlightd: %s" (gethash "message" error-object))))))

(defun highlightd--describe-inspection (answer)
  "The lines `highlightd-inspect' shows for ANSWER, as one string."
  (let ((field (lambda (key)
                 (let ((value (gethash key answer)))
                   (if (and (stringp value) (not (string-empty-p value))) value "-")))))
    (concat
     (format "text        %S\n" (gethash "text" answer))
     (format "language    %s\n" (funcall field "languageId"))
     (format "token kind  %s\n" (funcall field "tokenKind"))
     (format "foreground  %s\n" (funcall field "foreground"))
     (format "background  %s\n" (funcall field "background"))
     (format "font style  %s\n" (funcall field "fontStyle"))
     (format "theme rule  %s\n" (funcall field "themeRule"))
     (format "semantic    %s\n" (funcall field "semanticTokenType"))
     "scopes\n"
     (mapconcat (lambda (scope) (concat "  " scope "\n"))
                (reverse (append (gethash "scopes" answer) nil)) ""))))

(defun highlightd-restart ()
  "Restart the daemon and send every buffer to it again.
After changing an option, or after the daemon failed."
  (interactive)
  (highlightd-daemon-restart)
  (highlightd-document-reopen-all))

(defun highlightd-show-log ()
  "Show the daemon's standard error and highlightd.el's diagnostics."
  (interactive)
  (display-buffer (get-buffer-create highlightd-rpc--log-buffer-name)))

(provide 'highlightd)
;;; highlightd.el ends here
