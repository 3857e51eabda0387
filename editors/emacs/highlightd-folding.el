;;; highlightd-folding.el --- Folding by the daemon's ranges  -*- lexical-binding: t; -*-

;; This file is part of highlightd (editors/emacs); see highlightd.el.

;;; Commentary:

;; The daemon answers textDocument/foldingRange with the ranges of lines a
;; grammar opens and closes (blocks, comments, strings), of indentation for
;; Python, YAML and plain text, and of sections for Markdown.  A fold hides
;; the lines of a range after its first with an overlay whose `invisible'
;; property is `highlightd-fold' (shown as "..." after the first line, which
;; stays in sight), as hs-minor-mode and outline do.
;;
;; The ranges are asked for by the first fold command in a buffer, not
;; before: the answer highlights the whole document, which a large file
;; should not pay for unless folding is used.  From then on they are asked
;; again `highlightd-folding-delay' seconds after the pushes of a change, and
;; each fold follows its range: to its new last line, or unfolded when no
;; range begins on its first line any more.  Folds move with the text in
;; between, as overlays do.

;;; Code:

(require 'cl-lib)
(require 'highlightd-document)

(defcustom highlightd-folding-delay 0.3
  "Seconds after a change's pushes before the folding ranges are asked again."
  :type 'number
  :group 'highlightd)

(defvar-local highlightd-folding--ranges nil
  "The daemon's folding ranges, ((START-LINE . END-LINE) ...), zero-based.")

(defvar-local highlightd-folding--ranges-tick nil
  "The `buffer-chars-modified-tick' the ranges are for, or nil.")

(defvar-local highlightd-folding--active nil
  "Non-nil once a fold command was used: the ranges are kept fresh.")

(defvar-local highlightd-folding--timer nil
  "The timer that asks for the ranges again after a change.")

;;; Ranges

(defun highlightd-folding--fetch (then)
  "Ask for the folding ranges of the text now; then call THEN in the buffer."
  (highlightd-document-ask
   "textDocument/foldingRange"
   (list :textDocument (list :uri highlightd-document-uri))
   (lambda (result)
     (setq highlightd-folding--ranges
           (mapcar (lambda (range)
                     (cons (gethash "startLine" range) (gethash "endLine" range)))
                   result)
           highlightd-folding--ranges-tick (buffer-chars-modified-tick))
     (when then (funcall then)))))

(defun highlightd-folding--with-ranges (command)
  "Call COMMAND with ranges of the text now: at once, or once they come.
It is not called if point moves or the text changes before they come."
  (unless (and (bound-and-true-p highlightd-mode) (highlightd-document-open-p))
    (user-error "This buffer is not open in the daemon"))
  (setq highlightd-folding--active t)
  (if (eql highlightd-folding--ranges-tick (buffer-chars-modified-tick))
      (funcall command)
    (let ((point (point)))
      (highlightd-folding--fetch
       (lambda () (when (= (point) point) (funcall command)))))))

(defun highlightd-folding-pushed (_version)
  "After a push: ask for the ranges again soon, if folding is in use here.
Only after a change of the text: a push of background highlighting
moves no range."
  (when (and highlightd-folding--active
             (not (eql highlightd-folding--ranges-tick
                       (buffer-chars-modified-tick))))
    (when highlightd-folding--timer
      (cancel-timer highlightd-folding--timer))
    (setq highlightd-folding--timer
          (run-at-time highlightd-folding-delay nil
                       #'highlightd-folding--refresh (current-buffer)))))

(defun highlightd-folding--refresh (buffer)
  "Ask for BUFFER's ranges again and make its folds follow them."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (setq highlightd-folding--timer nil)
      (when (and highlightd-folding--active (highlightd-document-open-p))
        (highlightd-folding--fetch #'highlightd-folding--follow)))))

;;; Folds

(defun highlightd-folding--line-end (line)
  "The end of the zero-based LINE of the widened buffer."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (forward-line line)
      (line-end-position))))

(defun highlightd-folding--folds ()
  "The fold overlays of the buffer."
  (save-restriction
    (widen)
    (cl-remove-if-not (lambda (overlay) (overlay-get overlay 'highlightd-fold))
                      (overlays-in (point-min) (point-max)))))

(defun highlightd-folding--fold-on (line)
  "The fold whose range begins on the zero-based LINE, or nil."
  (let ((start (highlightd-folding--line-end line)))
    (cl-find-if (lambda (overlay) (= (overlay-start overlay) start))
                (highlightd-folding--folds))))

(defun highlightd-folding--hide (start end)
  "Hide [START, END): from the end of a range's first line to its last."
  ;; Text typed at the end of the first line stays in sight.
  (let ((overlay (make-overlay start end nil t nil)))
    (overlay-put overlay 'highlightd-fold t)
    (overlay-put overlay 'invisible 'highlightd-fold)
    (overlay-put overlay 'evaporate t)
    ;; Searching into a fold opens it, as it opens hs-minor-mode's.
    (overlay-put overlay 'isearch-open-invisible #'delete-overlay)
    (add-to-invisibility-spec '(highlightd-fold . t))))

(defun highlightd-folding--follow ()
  "Move each fold to the end of its range; unfold those without one."
  (save-restriction
    (widen)
    (dolist (overlay (highlightd-folding--folds))
      (let* ((line (1- (line-number-at-pos (overlay-start overlay) t)))
             (range (assq line highlightd-folding--ranges)))
        (if range
            (move-overlay overlay (overlay-start overlay)
                          (highlightd-folding--line-end (cdr range)))
          (delete-overlay overlay))))))

(defun highlightd-folding--innermost (line)
  "The innermost range holding the zero-based LINE, or nil."
  (let ((best nil))
    (dolist (range highlightd-folding--ranges best)
      (when (and (<= (car range) line (cdr range))
                 (or (null best) (> (car range) (car best))))
        (setq best range)))))

;;; Commands

(defun highlightd-fold-toggle ()
  "Fold or unfold the innermost of the daemon's folding ranges at point.
On the first line of a fold, unfold it; else fold the innermost range
holding the line of point."
  (interactive)
  (highlightd-folding--with-ranges
   (lambda ()
     (let* ((line (1- (line-number-at-pos (point) t)))
            (fold (highlightd-folding--fold-on line))
            (range (highlightd-folding--innermost line)))
       (cond (fold (delete-overlay fold))
             (range (highlightd-folding--hide
                     (highlightd-folding--line-end (car range))
                     (highlightd-folding--line-end (cdr range))))
             (t (message "highlightd: no folding range at point")))))))

(defun highlightd-fold-all ()
  "Fold every one of the daemon's folding ranges."
  (interactive)
  (highlightd-folding--with-ranges
   (lambda ()
     (save-excursion
       (save-restriction
         (widen)
         (goto-char (point-min))
         ;; The ranges come in order of their first lines: walk down the
         ;; buffer once rather than counting lines from its start for each.
         (let ((line 0)
               (folded (mapcar #'overlay-start (highlightd-folding--folds))))
           (dolist (range highlightd-folding--ranges)
             (forward-line (- (car range) line))
             (setq line (car range))
             (let ((start (line-end-position)))
               (unless (memql start folded)
                 (highlightd-folding--hide
                  start (save-excursion (forward-line (- (cdr range) line))
                                        (line-end-position))))))))))))

(defun highlightd-unfold-all ()
  "Unfold every fold of the buffer."
  (interactive)
  (mapc #'delete-overlay (highlightd-folding--folds)))

(defun highlightd-folding-disable ()
  "Unfold the buffer and forget its ranges."
  (highlightd-unfold-all)
  (when highlightd-folding--timer
    (cancel-timer highlightd-folding--timer))
  (setq highlightd-folding--ranges nil
        highlightd-folding--ranges-tick nil
        highlightd-folding--active nil
        highlightd-folding--timer nil))

(provide 'highlightd-folding)
;;; highlightd-folding.el ends here
