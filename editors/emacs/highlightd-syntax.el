;;; highlightd-syntax.el --- Token kinds for Emacs's own features  -*- lexical-binding: t; -*-

;; This file is part of highlightd (editors/emacs); see highlightd.el.

;;; Commentary:

;; Where the daemon highlights a buffer with a grammar, it knows better than
;; the major mode (or `fundamental-mode', Emacs 28's mode for Rust) which
;; characters are comments and strings: each style's `kind' says so, and
;; highlightd-attributes.el keeps it as the `highlightd-kind' property.  This
;; file gives those characters what Emacs's own features read:
;;
;; - `syntax-table' text properties, read by `forward-sexp', `show-paren-mode',
;;   `check-parens' and the rest of the sexp scanner
;;   (`parse-sexp-lookup-properties'): a paren character inside a comment,
;;   string or regex, and a string quote inside a comment, is punctuation
;;   there; a bracket the daemon pairs in code (the `highlightd-bracket'
;;   property) that the syntax table does not know as a paren becomes one,
;;   with its partner from the language's pairs.  The properties are set by
;;   `syntax-propertize', as the major mode's own are: our
;;   `syntax-propertize-function' runs the mode's, then ours, so neither
;;   wipes the other (`syntax-propertize' clears a region's properties before
;;   it calls the function), and a push makes the region it changed be
;;   propertized again.
;; - `flyspell-prog-text-faces': flyspell checks a word when its face is
;;   in that list, so the faces of the comment and string styles
;;   (`highlightd-attributes-text-faces') are added to it in the buffer.
;; - `comment-start' and `comment-end', from the comment markers of the
;;   language the daemon names (for the buffer, or at point: a code block of
;;   a Markdown file has its own), so `comment-dwim' comments with them.
;;
;; Turning the mode off gives the buffer its variables back.

;;; Code:

(require 'cl-lib)
(require 'highlightd-attributes)

(defvar flyspell-prog-text-faces)

(defvar-local highlightd-syntax--saved nil
  "The variables set here, with what the buffer had before.
An alist of (VARIABLE . (LOCAL-P . VALUE)).")

(defvar-local highlightd-syntax--pairs nil
  "Single-character bracket pairs of the buffer's languages, (OPEN . CLOSE).")

(defconst highlightd-syntax--punctuation (string-to-syntax ".")
  "The syntax of a paren or quote character that is part of a comment or string.")

;;; Buffer-local variables, given back

(defun highlightd-syntax--set (variable value)
  "Set VARIABLE to VALUE in the buffer, remembering its value before."
  (unless (assq variable highlightd-syntax--saved)
    (push (cons variable (cons (local-variable-p variable)
                               (and (boundp variable) (symbol-value variable))))
          highlightd-syntax--saved))
  (set (make-local-variable variable) value))

(defun highlightd-syntax--restore ()
  "Give back the variables `highlightd-syntax--set' changed."
  (dolist (entry highlightd-syntax--saved)
    (if (cadr entry)
        (set (make-local-variable (car entry)) (cddr entry))
      (kill-local-variable (car entry))))
  (setq highlightd-syntax--saved nil))

;;; Turning on and off

(defun highlightd-syntax-enable (language)
  "Let Emacs's features read the daemon's token kinds in this buffer.
LANGUAGE is the daemon's textStorage/language answer for the buffer."
  (unless (highlightd-syntax-enabled-p)
    (highlightd-syntax--set 'syntax-propertize-function
                            #'highlightd-syntax--propertize-function)
    (highlightd-syntax--set 'parse-sexp-lookup-properties t)
    (add-hook 'flyspell-mode-hook #'highlightd-syntax--flyspell-faces nil t)
    (add-hook 'post-command-hook #'highlightd-syntax--propertize-to-point nil t))
  (highlightd-syntax-language language)
  (highlightd-syntax-changed (point-min)))

(defun highlightd-syntax-disable ()
  "Give the buffer its own syntax, flyspell faces and comment markers back."
  (remove-hook 'flyspell-mode-hook #'highlightd-syntax--flyspell-faces t)
  (remove-hook 'post-command-hook #'highlightd-syntax--propertize-to-point t)
  (when highlightd-syntax--saved
    (highlightd-syntax--restore)
    (setq highlightd-syntax--pairs nil)
    ;; The mode's own function propertizes the whole buffer again.
    (syntax-ppss-flush-cache (point-min))
    (save-restriction
      (widen)
      (with-silent-modifications
        (remove-list-of-text-properties (point-min) (point-max)
                                        '(syntax-table))))))

(defun highlightd-syntax-enabled-p ()
  "Return non-nil while the daemon's token kinds count in this buffer."
  (assq 'syntax-propertize-function highlightd-syntax--saved))

(defun highlightd-syntax-changed (start)
  "A push changed the kinds or brackets after START: read them again.
Also adds the faces of newly defined comment and string styles to
flyspell's."
  (when (highlightd-syntax-enabled-p)
    (syntax-ppss-flush-cache start)
    (highlightd-syntax--flyspell-faces)))

;;; Languages

(defun highlightd-syntax-language (language)
  "Take the comment markers and bracket pairs of LANGUAGE.
LANGUAGE is a textStorage/language answer (a hash table), for the
buffer or for the text at point."
  (when (and (hash-table-p language) (highlightd-syntax-enabled-p))
    (highlightd-syntax--comments (gethash "comments" language))
    (let ((known highlightd-syntax--pairs))
      (dolist (pair (gethash "brackets" language))
        (when (and (= (length (car pair)) 1) (= (length (cadr pair)) 1))
          (cl-pushnew (cons (aref (car pair) 0) (aref (cadr pair) 0))
                      highlightd-syntax--pairs :test #'equal)))
      (unless (equal known highlightd-syntax--pairs)
        (syntax-ppss-flush-cache (point-min))))))

(defun highlightd-syntax--comments (comments)
  "Set `comment-start' and `comment-end' from COMMENTS, if it names any.
COMMENTS is a hash table: lineComment (a string or nil) and
blockComment (a list of two strings, or nil)."
  (let* ((line (and (hash-table-p comments) (gethash "lineComment" comments)))
         (block (and (hash-table-p comments) (gethash "blockComment" comments)))
         (start (cond (line (concat line " "))
                      (block (concat (car block) " "))))
         (end (if (or line (null block)) "" (concat " " (cadr block)))))
    ;; Markers the buffer already has are left alone, with the mode's patterns.
    (when (and start (not (and (equal start comment-start)
                               (equal end comment-end))))
      (highlightd-syntax--set 'comment-start start)
      (highlightd-syntax--set 'comment-end end)
      ;; The mode's patterns are for its own markers: newcomment.el makes
      ;; them again from these (`comment-normalize-vars').
      (highlightd-syntax--set 'comment-start-skip nil)
      (highlightd-syntax--set 'comment-end-skip nil)
      (highlightd-syntax--set 'comment-use-syntax 'undecided))))

;;; Syntax-table properties

(defun highlightd-syntax--propertize-function (start end)
  "Propertize [START, END): the major mode's function, then ours.
The buffer's `syntax-propertize-function' while the mode is on."
  (let ((mode-function
         (cddr (assq 'syntax-propertize-function highlightd-syntax--saved))))
    (when mode-function
      (funcall mode-function start end)))
  (highlightd-syntax--propertize start end))

(defun highlightd-syntax--propertize (start end)
  "Set the `syntax-table' properties of [START, END) from the token kinds."
  (let ((position start))
    (while (< position end)
      (let ((kind (get-text-property position 'highlightd-kind))
            (next (next-single-property-change position 'highlightd-kind
                                               nil end)))
        (when kind
          (highlightd-syntax--neutralize position next kind))
        (setq position next))))
  (let ((position start))
    (while (< position end)
      (let ((depth (get-text-property position 'highlightd-bracket))
            (next (next-single-property-change position 'highlightd-bracket
                                               nil end)))
        (when depth
          (highlightd-syntax--pair-brackets position next))
        (setq position next)))))

(defun highlightd-syntax--neutralize (start end kind)
  "Make the parens of [START, END), a run of KIND, punctuation.
In a comment, string quotes too: the major mode may not know the
comment (`fundamental-mode' knows none), and a quote in it would start
a string.  A string's own quotes stay, for the mode's sake (Python's
indentation reads them)."
  (goto-char start)
  (let ((skip (if (eq kind 'comment) "^()\"" "^()")))
    (while (progn (skip-syntax-forward skip end) (< (point) end))
      (put-text-property (point) (1+ (point))
                         'syntax-table highlightd-syntax--punctuation)
      (forward-char 1))))

(defun highlightd-syntax--pair-brackets (start end)
  "Give the code brackets of [START, END) paren syntax if the table has none.
A bracket of the language's pairs that the syntax table takes for
something else (`<' and `>' as angle brackets, say) opens or closes."
  (dotimes (index (- end start))
    (let* ((position (+ start index))
           (char (char-after position))
           (open (assq char highlightd-syntax--pairs))
           (close (rassq char highlightd-syntax--pairs)))
      (unless (memq (char-syntax char) '(?\( ?\)))
        (cond (open (put-text-property position (1+ position) 'syntax-table
                                       (cons 4 (cdr open))))
              (close (put-text-property position (1+ position) 'syntax-table
                                        (cons 5 (car close)))))))))

(defun highlightd-syntax--propertize-to-point ()
  "Propertize up to point, for features that read `syntax-table' as it is.
`show-paren-mode' looks at the characters around point before it
scans: a region a push changed must be propertized again by then."
  (with-demoted-errors "highlightd: %S"
    (syntax-propertize (min (point-max) (1+ (point))))))

;;; Flyspell

(defun highlightd-syntax--flyspell-faces ()
  "Add the faces of comments and strings to the buffer's flyspell faces."
  (when (and (boundp 'flyspell-prog-text-faces) (highlightd-syntax-enabled-p))
    (let ((faces (append (default-value 'flyspell-prog-text-faces)
                         highlightd-attributes-text-faces)))
      (unless (equal faces flyspell-prog-text-faces)
        (highlightd-syntax--set 'flyspell-prog-text-faces faces)))))

(provide 'highlightd-syntax)
;;; highlightd-syntax.el ends here
