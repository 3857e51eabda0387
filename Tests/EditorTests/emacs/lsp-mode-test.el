;;; lsp-mode-test.el --- Emacs with lsp-mode (Debian's elpa-lsp-mode) and highlightd  -*- lexical-binding: t; -*-

;;; Commentary:

;; The init file of test_emacs_lsp.py: lsp-mode, not highlightd.el, as the client of
;; `highlightd serve', a second LSP client besides Neovim's.  Python buffers start lsp-mode
;; with highlightd as their only server; the test reads what lsp-mode made of the answers
;; (semantic token faces, link buttons, folding ranges) through emacsclient.

;;; Code:

(require 'cl-lib)
(require 'server)

;; Debian installs ELPA packages here; -Q skips the package system that would add them.
(dolist (directory (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*"))
  (add-to-list 'load-path directory))
(require 'lsp-mode)
(require 'lsp-semantic-tokens)

(setq lsp-semantic-tokens-enable t
      lsp-enable-links t
      lsp-enable-folding t
      lsp-auto-guess-root t
      lsp-enable-file-watchers nil
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-modeline-workspace-status-enable nil
      lsp-lens-enable nil
      lsp-completion-enable nil
      lsp-signature-auto-activate nil
      lsp-diagnostics-provider :none
      lsp-enable-snippet nil
      lsp-idle-delay 0.1
      lsp-session-file (expand-file-name "lsp-session" (getenv "HIGHLIGHTD_TEST_SERVER_DIR"))
      make-backup-files nil
      auto-save-default nil
      create-lockfiles nil)

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection
                   (lambda () (json-parse-string (getenv "HIGHLIGHTD_TEST_COMMAND") :array-type 'list)))
  :major-modes '(python-mode)
  :server-id 'highlightd
  :priority 10))

;; Only highlightd: the bundled clients for Python would look for their own servers.
(setq lsp-disabled-clients '(pyls pylsp mspyls pyright jedi ruff-lsp))
(add-hook 'python-mode-hook #'lsp)

(defun highlightd-lsp-test-state ()
  "What lsp-mode made of highlightd's answers in the current buffer, as JSON."
  (json-encode
   (list
    (cons 'connected (and (bound-and-true-p lsp-mode) (lsp-workspaces) t))
    (cons 'semanticTokens (bound-and-true-p lsp-semantic-tokens-mode))
    (cons 'faces
          (let ((faces nil))
            (save-excursion
              (goto-char (point-min))
              (while (< (point) (point-max))
                (let ((face (get-text-property (point) 'face)))
                  (dolist (one (if (listp face) face (list face)))
                    (when (and (symbolp one) (string-prefix-p "lsp-face-semhl-" (symbol-name one)))
                      (push (list (1- (point)) (symbol-name one)) faces))))
                (forward-char 1)))
            (vconcat (nreverse faces))))
    (cons 'links
          (vconcat
           (cl-loop for overlay in (overlays-in (point-min) (point-max))
                    when (overlay-get overlay 'lsp-link)
                    collect (list (1- (overlay-start overlay)) (1- (overlay-end overlay))))))
    (cons 'folds
          (vconcat
           ;; Asked once lsp-mode has the server's capabilities; before, it refuses.
           (and (bound-and-true-p lsp-mode) (lsp-workspaces)
                (lsp-feature? "textDocument/foldingRange")
                (mapcar (lambda (range)
                          (list (1- (line-number-at-pos (lsp--folding-range-beg range)))
                                (1- (line-number-at-pos (lsp--folding-range-end range)))
                                (or (lsp--folding-range-kind range) "")))
                        (lsp--get-folding-ranges))))))))

(setq server-socket-dir (getenv "HIGHLIGHTD_TEST_SERVER_DIR")
      server-name "test")
(server-start)

;;; lsp-mode-test.el ends here
