;;; highlightd-caret.el --- The bracket pair and the language at point  -*- lexical-binding: t; -*-

;; This file is part of highlightd (editors/emacs); see highlightd.el.

;;; Commentary:

;; When Emacs has been idle for `highlightd-caret-delay' after point moved
;; or the text changed, the daemon is asked about the text at point, without
;; waiting for the answer:
;;
;; - textStorage/matchBracket at point (the bracket after point), then, if
;;   none, at the character before point: both brackets of the pair get an
;;   overlay with the face `highlightd-match-paren'.  The daemon pairs only
;;   brackets of code, so a bracket in a string or a comment has no pair.
;;   `highlightd-jump-to-bracket' moves to the other bracket.
;; - textStorage/language at point, when point moved to another line: its
;;   comment markers go to `comment-start' (highlightd-syntax.el), so a code
;;   block of a Markdown file is commented with its own language's markers.
;;
;; An answer that comes after the text changed is dropped
;; (`highlightd-document-ask'); one that comes after point moved too, as a
;; newer question is on its way.

;;; Code:

(require 'highlightd-document)
(require 'highlightd-syntax)

(defcustom highlightd-match-brackets t
  "Non-nil: highlight the bracket pair at point, as the daemon pairs them.
The bracket after point, else the one before it, and its partner get
the face `highlightd-match-paren'."
  :type 'boolean
  :group 'highlightd)

(defcustom highlightd-caret-delay 0.1
  "Seconds of idleness after which the daemon is asked about point."
  :type 'number
  :group 'highlightd)

(defface highlightd-match-paren '((t :inherit show-paren-match))
  "Face of the bracket pair at point."
  :group 'highlightd)

(defvar highlightd-caret--timer nil
  "The idle timer that asks about point, while a buffer is attached.")

(defvar-local highlightd-caret--asked nil
  "(POINT TICK) of the last question about the pair at point.")

(defvar-local highlightd-caret--language-line nil
  "(LINE TICK) of the last question about the language at point.")

(defvar-local highlightd-caret--overlays nil
  "The overlays on the bracket pair at point.")

(defvar-local highlightd-caret-match nil
  "The daemon's last answer about the pair at point, while it holds.
\(POINT BRACKET-START BRACKET-END PARTNER-START PARTNER-END), buffer
positions; nil when point has no pair.")

;;; Turning on and off

(defun highlightd-caret-enable ()
  "Follow point in this buffer."
  (unless highlightd-caret--timer
    (setq highlightd-caret--timer
          (run-with-idle-timer highlightd-caret-delay t #'highlightd-caret--idle))))

(defun highlightd-caret-disable ()
  "Stop following point in this buffer."
  (highlightd-caret--unhighlight)
  (setq highlightd-caret--asked nil
        highlightd-caret--language-line nil))

;;; Asking

(defun highlightd-caret--idle ()
  "Ask the daemon about point in the selected window's buffer."
  (with-current-buffer (window-buffer (selected-window))
    ;; Only a buffer with a grammar has brackets and languages to ask about.
    (when (and highlightd-document-uri highlightd-document-scope-name
               (highlightd-document-open-p))
      (condition-case error
          (progn
            (when highlightd-match-brackets
              (highlightd-caret--ask-pair))
            (highlightd-caret--ask-language))
        ;; Never an error per idle moment: log it and carry on.
        (error (highlightd-rpc-log "asking about point failed: %S" error))))))

(defun highlightd-caret--ask-pair ()
  "Ask for the pair at point, unless that was asked for this text."
  (let ((asked (list (point) (buffer-chars-modified-tick))))
    (unless (equal asked highlightd-caret--asked)
      (setq highlightd-caret--asked asked)
      (highlightd-caret--match (point) (point) #'highlightd-caret--show))))

(defun highlightd-caret--match (point position then)
  "Ask for the partner of the bracket at POSITION, for point at POINT.
If there is none at POINT, ask again for the character before it.
THEN is called with the match as `highlightd-caret-match' holds it, or
nil; only while point is still at POINT."
  (highlightd-document-ask
   "textStorage/matchBracket"
   (list :uri highlightd-document-uri :offset (1- position))
   (lambda (result)
     (when (= (point) point)
       (cond
        ((hash-table-p result)
         (let ((bracket (gethash "bracket" result))
               (partner (gethash "partner" result)))
           (funcall then
                    (list point
                          (1+ (gethash "offset" bracket))
                          (+ 1 (gethash "offset" bracket) (gethash "length" bracket))
                          (1+ (gethash "offset" partner))
                          (+ 1 (gethash "offset" partner) (gethash "length" partner))))))
        ((and (= position point) (> point (point-min)))
         (highlightd-caret--match point (1- point) then))
        (t (funcall then nil)))))))

(defun highlightd-caret--ask-language ()
  "Ask for the language at point when point is on another line."
  (let ((line (list (line-beginning-position) (buffer-chars-modified-tick))))
    (when (and (highlightd-syntax-enabled-p)
               (not (equal line highlightd-caret--language-line)))
      (setq highlightd-caret--language-line line)
      (highlightd-document-ask
       "textStorage/language"
       (list :textDocument (list :uri highlightd-document-uri)
             :position (highlightd-document-position (point)))
       #'highlightd-syntax-language))))

;;; The pair at point

(defun highlightd-caret--show (match)
  "Highlight the two brackets of MATCH, or none when it is nil."
  (highlightd-caret--unhighlight)
  (setq highlightd-caret-match match)
  (when match
    (pcase-let ((`(,_ ,bracket-start ,bracket-end ,partner-start ,partner-end) match))
      (dolist (range (list (cons bracket-start bracket-end)
                           (cons partner-start partner-end)))
        (let ((overlay (make-overlay (car range) (cdr range) nil t nil)))
          ;; Over the syntax and bracket colours, as `show-paren-mode' is.
          (overlay-put overlay 'priority 1000)
          (overlay-put overlay 'face 'highlightd-match-paren)
          (push overlay highlightd-caret--overlays))))))

(defun highlightd-caret--unhighlight ()
  "Remove the highlight of the pair at point."
  (mapc #'delete-overlay highlightd-caret--overlays)
  (setq highlightd-caret--overlays nil
        highlightd-caret-match nil))

(defun highlightd-caret--jump (match)
  "Move point to the first character of MATCH's other bracket."
  (if (null match)
      (message "highlightd: no paired bracket at point")
    (push-mark)
    (goto-char (nth 3 match))))

(defun highlightd-jump-to-bracket ()
  "Move point to the partner of the bracket at point (or before point).
Point goes before the partner's first character, so the command also
jumps back.  When the pair at point is highlighted, at once; else as
soon as the daemon answers, if point has not moved meanwhile."
  (interactive)
  (unless (and (bound-and-true-p highlightd-mode) (highlightd-document-open-p))
    (user-error "This buffer is not open in the daemon"))
  (if (and highlightd-caret-match
           (= (car highlightd-caret-match) (point))
           (equal highlightd-caret--asked
                  (list (point) (buffer-chars-modified-tick))))
      (highlightd-caret--jump highlightd-caret-match)
    (highlightd-caret--match (point) (point) #'highlightd-caret--jump)))

(provide 'highlightd-caret)
;;; highlightd-caret.el ends here
