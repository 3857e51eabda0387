;;; highlightd-test.el --- Loaded into the Emacs under test  -*- lexical-binding: t; -*-

;;; Commentary:

;; The init file of test_emacs.py's Emacs: loads editors/emacs, turns
;; `global-highlightd-mode' on, starts a server on a private socket (for
;; emacsclient), and defines `highlightd-test-dump', which writes what the
;; buffer shows, character by character, for the test to compare with
;; `highlightd highlight --format json' (the syntax styles, without the
;; bracket colours, which it does not know) and with a fresh daemon (the
;; bracket colours).
;;
;; Environment: HIGHLIGHTD_TEST_PLUGIN (editors/emacs), HIGHLIGHTD_TEST_COMMAND
;; (a JSON array: the daemon's command line), HIGHLIGHTD_TEST_SERVER_DIR, and
;; HIGHLIGHTD_TEST_SETTINGS (Lisp forms evaluated before any file is visited).

;;; Code:

(require 'cl-lib)
(require 'server)

(add-to-list 'load-path (getenv "HIGHLIGHTD_TEST_PLUGIN"))
(require 'highlightd)

(setq highlightd-command
      (append (json-parse-string (getenv "HIGHLIGHTD_TEST_COMMAND") :array-type 'list)
              nil)
      highlightd-theme "dark"
      make-backup-files nil
      auto-save-default nil
      create-lockfiles nil
      ring-bell-function #'ignore
      ;; The pair at point is highlighted with overlays, which would show in the
      ;; dump and on the screen (as `show-paren-mode' below); its test turns it on.
      highlightd-match-brackets nil)
;; A test's own settings (the plugin's options).
(let ((settings (getenv "HIGHLIGHTD_TEST_SETTINGS")))
  (when (and settings (not (string-empty-p settings)))
    (eval (car (read-from-string (concat "(progn " settings ")"))) t)))
;; Paren matching paints overlays near point, which would show in the dump and on
;; the screen; the tests compare highlightd's own faces.
(show-paren-mode -1)
(global-highlightd-mode 1)

(setq server-socket-dir (getenv "HIGHLIGHTD_TEST_SERVER_DIR")
      server-name "test")
(server-start)

(defvar highlightd-test-opened nil
  "The URLs `browse-url' was asked to open, newest first.")

(setq browse-url-browser-function
      (lambda (url &rest _) (push url highlightd-test-opened)))

(defvar highlightd-test-push-count 0
  "How many pushes were applied, in any buffer.")

(defvar-local highlightd-test-mapped-pushes 0
  "How many pushes for an older version than the buffer's text were applied here.")

(add-hook 'highlightd-after-push-functions
          (lambda (version)
            (cl-incf highlightd-test-push-count)
            (when (or (< version highlightd-document-version) highlightd-document-pending)
              (cl-incf highlightd-test-mapped-pushes))))

(defun highlightd-test--attribute (face attribute)
  "The value of ATTRIBUTE in FACE (a face name, plist or list), or nil."
  (cond
   ((null face) nil)
   ((eq face 'highlightd-link) nil)      ; reported as a link, not as a style
   ((symbolp face)
    (let ((value (face-attribute face attribute nil nil)))
      (unless (eq value 'unspecified) value)))
   ((keywordp (car face)) (plist-get face attribute))
   (t (cl-some (lambda (one) (highlightd-test--attribute one attribute)) face))))

(defun highlightd-test--style (face)
  "FACE as [FOREGROUND BACKGROUND FONT-STYLE], nil for what it leaves default."
  (let ((styles nil))
    (when (eq (highlightd-test--attribute face :strike-through) t)
      (push "strikethrough" styles))
    (when (highlightd-test--attribute face :underline) (push "underline" styles))
    (when (eq (highlightd-test--attribute face :weight) 'bold) (push "bold" styles))
    (when (eq (highlightd-test--attribute face :slant) 'italic) (push "italic" styles))
    (vector (or (highlightd-test--attribute face :foreground) :null)
            (or (highlightd-test--attribute face :background) :null)
            (string-join styles " "))))

(defun highlightd-test--bracket-face-p (face)
  "Non-nil when FACE is the face of a bracket colour."
  (and face (symbolp face) (string-prefix-p "highlightd-bracket-" (symbol-name face))))

(defun highlightd-test--syntax-face (face)
  "FACE without the bracket colours drawn over the syntax face."
  (cond ((highlightd-test--bracket-face-p face) nil)
        ((or (null face) (symbolp face) (keywordp (car face))) face)
        (t (delq nil (mapcar #'highlightd-test--syntax-face face)))))

(defun highlightd-test--brackets ()
  "The characters of the bracket layer: [OFFSET DEPTH FOREGROUND-SHOWN], from 0."
  (let ((brackets nil))
    (dotimes (index (buffer-size))
      (let* ((position (+ (point-min) index))
             (depth (get-text-property position 'highlightd-bracket)))
        (when depth
          (push (vector index depth
                        (or (highlightd-test--attribute
                             (get-char-property position 'face) :foreground)
                            :null))
                brackets))))
    (vconcat (nreverse brackets))))

(defun highlightd-test--has-link-face (face)
  "Non-nil when FACE includes the `highlightd-link' face."
  (or (eq face 'highlightd-link) (and (consp face) (memq 'highlightd-link face))))

(defun highlightd-test--face-names (face)
  "The names of the faces FACE (a face, a list of faces, or a plist) puts together."
  (cond
   ((null face) nil)
   ((symbolp face) (list (symbol-name face)))
   ((keywordp (car face)) (list "(anonymous)"))
   (t (apply #'append (mapcar #'highlightd-test--face-names face)))))

(defun highlightd-test--face-runs ()
  "The `face' of the buffer as redisplay sees it: [START END NAMES] runs, offsets from 0."
  (let ((runs nil) (run nil))
    (dotimes (index (buffer-size))
      (let ((names (vconcat (highlightd-test--face-names
                             (get-char-property (+ (point-min) index) 'face)))))
        (if (and run (equal (aref run 2) names))
            (aset run 1 (1+ index))
          (setq run (vector index (1+ index) names))
          (push run runs))))
    (vconcat (nreverse runs))))

(defun highlightd-test-state (buffer-name)
  "What BUFFER-NAME shows: its text, styles and links, as a JSON-ready plist.
Styles come from the `face' property as redisplay sees it (through the
`font-lock-face' alias), so a face font-lock put on top would show here;
the bracket colours drawn over them are left out of the styles and given
apart, as `brackets'."
  (with-current-buffer buffer-name
    (save-restriction
      (widen)
      (let ((runs nil) (links nil) (link-faces t) (run nil))
        (dotimes (index (buffer-size))
          (let* ((position (+ (point-min) index))
                 (face (get-char-property position 'face))
                 (style (highlightd-test--style (highlightd-test--syntax-face face)))
                 (link (get-text-property position 'highlightd-link)))
            (if (and run (equal (aref run 2) style))
                (aset run 1 (1+ index))
              (setq run (vector index (1+ index) style))
              (push run runs))
            (when (and link (not (highlightd-test--has-link-face face)))
              (setq link-faces nil))
            (when link
              (let ((last (car links)))
                (if (and last (= (aref last 1) index) (equal (aref last 2) link)
                         (equal (get-text-property (1- position) 'highlightd-link) link))
                    (aset last 1 (1+ index))
                  (push (vector index (1+ index) link) links))))))
        (list :text (buffer-substring-no-properties (point-min) (point-max))
              :runs (vconcat (nreverse runs))
              :links (vconcat (nreverse links))
              :brackets (highlightd-test--brackets)
              :linkFaces (if link-faces t :false)
              :faces (highlightd-test--face-runs)
              :scopeName (or highlightd-document-scope-name :null)
              :majorMode (symbol-name major-mode)
              :highlightdMode (if highlightd-mode t :false)
              :fontLockMode (if font-lock-mode t :false)
              :version highlightd-document-version
              :resyncs highlightd-document-resyncs
              :opened (vconcat (reverse highlightd-test-opened))
              :pushes highlightd-test-push-count
              :mappedPushes highlightd-test-mapped-pushes
              :daemonPid (or (and (highlightd-rpc-live-p)
                                  (process-id highlightd-rpc--process))
                             0)
              :windows (highlightd-test--windows (current-buffer))
              :messages (with-current-buffer "*Messages*"
                          (buffer-substring-no-properties (point-min) (point-max)))
              :warnings (if (get-buffer "*Warnings*")
                            (with-current-buffer "*Warnings*"
                              (buffer-substring-no-properties (point-min) (point-max)))
                          ""))))))

(defun highlightd-test--windows (buffer)
  "The windows showing BUFFER: view id, first offset, first line, top row, height."
  (vconcat
   (mapcar (lambda (window)
             (list :viewId (or (window-parameter window 'highlightd-view-id) :null)
                   :offset (1- (window-start window))
                   :line (with-current-buffer buffer
                           (line-number-at-pos (window-start window) t))
                   :top (nth 1 (window-edges window))
                   :height (window-body-height window)
                   :selected (if (eq window (selected-window)) t :false)))
           (get-buffer-window-list buffer nil t))))

(defun highlightd-test-dump (buffer-name file)
  "Write `highlightd-test-state' of BUFFER-NAME to FILE as JSON."
  (let ((coding-system-for-write 'utf-8-unix))
    (with-temp-file file
      (insert (json-serialize (highlightd-test-state buffer-name)))))
  t)

(provide 'highlightd-test)
;;; highlightd-test.el ends here
