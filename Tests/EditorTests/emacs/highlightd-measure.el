;;; highlightd-measure.el --- Latency probes for scripts/editor-latency/emacs.py  -*- lexical-binding: t; -*-

;;; Commentary:

;; Measured inside Emacs, so the figures are what a person waits for:
;;
;; - keystroke -> highlighted: from the change a typed key makes (its
;;   `after-change-functions' call) to the first push covering that change
;;   being applied, and to the start of the redisplay that shows it;
;; - opening a large file: from `find-file' to the first push that colours the
;;   window's first lines, with the longest stall of Emacs's event loop (a
;;   10 ms timer that cannot run while Emacs is busy) while the rest of the
;;   file is highlighted.

;;; Code:

(require 'cl-lib)
(require 'highlightd)

(defvar highlightd-measure--typed (make-hash-table)
  "Version a typed change will be sent with -> the time of the change.")

(defvar highlightd-measure--shown nil
  "Push-applied times waiting for the redisplay that shows them, newest first.")

(defvar highlightd-measure-pushed nil
  "Keystroke -> push applied latencies in seconds, newest first.")

(defvar highlightd-measure-shown nil
  "Keystroke -> redisplay started latencies in seconds, newest first.")

(defun highlightd-measure--after-change (&rest _)
  "Note when the current buffer's next version began."
  (when highlightd-document-uri
    (let ((version (1+ highlightd-document-version)))
      (unless (gethash version highlightd-measure--typed)
        (puthash version (float-time) highlightd-measure--typed)))))

(defun highlightd-measure--after-push (version)
  "Record the latency of every change VERSION covers."
  (let ((now (float-time))
        (covered nil))
    (maphash (lambda (typed start)
               (when (<= typed version)
                 (push typed covered)
                 (push (- now start) highlightd-measure-pushed)
                 (push start highlightd-measure--shown)))
             highlightd-measure--typed)
    (dolist (typed covered)
      (remhash typed highlightd-measure--typed))))

(defun highlightd-measure--before-redisplay (&rest _)
  "Record when redisplay starts to show the pushes applied before it."
  (when highlightd-measure--shown
    (let ((now (float-time)))
      (dolist (start highlightd-measure--shown)
        (push (- now start) highlightd-measure-shown)))
    (setq highlightd-measure--shown nil)))

(defun highlightd-measure-typing-start ()
  "Start measuring keystrokes."
  (clrhash highlightd-measure--typed)
  (setq highlightd-measure-pushed nil
        highlightd-measure-shown nil
        highlightd-measure--shown nil)
  (add-hook 'after-change-functions #'highlightd-measure--after-change)
  (add-hook 'highlightd-after-push-functions #'highlightd-measure--after-push)
  (add-hook 'pre-redisplay-functions #'highlightd-measure--before-redisplay)
  t)

(defun highlightd-measure-typing-result ()
  "The latencies so far, in milliseconds, as a JSON string."
  (json-serialize
   (list :pushed (vconcat (mapcar (lambda (s) (* 1000 s)) highlightd-measure-pushed))
         :shown (vconcat (mapcar (lambda (s) (* 1000 s)) highlightd-measure-shown))
         :waiting (hash-table-count highlightd-measure--typed))))

(defvar highlightd-measure--open nil
  "While a large open is measured: a plist of its times.")

(defvar highlightd-measure--ticker nil
  "The 10 ms timer that measures stalls.")

(defun highlightd-measure--tick ()
  "Record the gap since the previous tick."
  (let* ((now (float-time))
         (last (plist-get highlightd-measure--open :tick)))
    (when last
      (setq highlightd-measure--open
            (plist-put highlightd-measure--open :stall
                       (max (plist-get highlightd-measure--open :stall) (- now last)))))
    (setq highlightd-measure--open (plist-put highlightd-measure--open :tick now))))

(defun highlightd-measure--open-push (_version)
  "Note the first push that colours the top of the window, and the last push."
  (when (and highlightd-measure--open
             (equal buffer-file-name (plist-get highlightd-measure--open :file)))
    (let ((now (float-time)))
      (setq highlightd-measure--open
            (plist-put highlightd-measure--open :last now))
      (unless (plist-get highlightd-measure--open :visible)
        (let ((start (window-start (get-buffer-window nil t))))
          (when (text-property-not-all start (min (point-max) (+ start 2000))
                                       'font-lock-face nil)
            (setq highlightd-measure--open
                  (plist-put highlightd-measure--open :visible now))))))))

(defun highlightd-measure-open-start (file)
  "Open FILE in the selected window, timing it."
  (setq highlightd-measure--open (list :file (expand-file-name file) :start (float-time)
                                       :stall 0.0))
  (add-hook 'highlightd-after-push-functions #'highlightd-measure--open-push)
  (setq highlightd-measure--ticker (run-at-time 0 0.01 #'highlightd-measure--tick))
  (switch-to-buffer (find-file-noselect file))
  (setq highlightd-measure--open
        (plist-put highlightd-measure--open :opened (float-time)))
  t)

(defun highlightd-measure-open-result ()
  "The open's figures in milliseconds from `find-file', as a JSON string."
  (let* ((open highlightd-measure--open)
         (start (plist-get open :start))
         (since (lambda (key) (let ((time (plist-get open key)))
                                (if time (* 1000 (- time start)) :null)))))
    (json-serialize
     (list :opened (funcall since :opened)
           :visible (funcall since :visible)
           :lastPush (funcall since :last)
           :longestStall (* 1000 (plist-get open :stall))))))

(provide 'highlightd-measure)
;;; highlightd-measure.el ends here
