;;; highlightd-rpc.el --- JSON-RPC to highlightd  -*- lexical-binding: t; -*-

;; This file is part of highlightd (editors/emacs); see highlightd.el.

;;; Commentary:

;; The transport of highlightd.el: one `highlightd serve' child process, LSP
;; framing (Content-Length headers) over its standard input and output,
;; requests with callbacks, and notifications.
;;
;; Messages are handled strictly in the order the daemon wrote them, which the
;; client rule of docs/PROTOCOL.md relies on, and bytes are written strictly in
;; the order messages were sent, even when Emacs runs timers or process
;; filters in the middle of a write.
;;
;; Why not `jsonrpc.el': it logs every message into an events buffer, turns
;; every object into a plist and writes a large message in one blocking
;; `process-send-string'; with the multi-megabyte traffic of a large file all
;; three cost seconds.  The framing below is short and owns its ordering.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defvar highlightd-rpc-notification-function #'ignore
  "Called with METHOD and PARAMS (a hash table) for each notification.")

(defvar highlightd-rpc-exit-function #'ignore
  "Called with the process and the sentinel's EVENT when the daemon ends.")

(defvar highlightd-rpc--process nil
  "The running `highlightd serve' process, or nil.")

(defvar highlightd-rpc--next-id 0
  "The id of the last request sent.")

(defvar highlightd-rpc--callbacks (make-hash-table :test 'eql)
  "Request id -> (SUCCESS . FAILURE) functions waiting for the answer.")

(defvar highlightd-rpc--inbox nil
  "Message bodies read but not handled yet, oldest first.")

(defvar highlightd-rpc--dispatching nil
  "Non-nil while messages are being handled: a nested read only queues.")

(defvar highlightd-rpc--dispatch-timer nil
  "The timer that handles the rest of the inbox after a time slice.")

(defvar highlightd-rpc--output nil
  "Frames not fully written yet, oldest first, as [BYTES OFFSET].")

(defvar highlightd-rpc--output-timer nil
  "The timer that writes the next chunk of `highlightd-rpc--output'.")

(defvar highlightd-rpc--writing nil
  "Non-nil while `process-send-string' runs.
It can run timers while the pipe is full, and so write again: a nested
write only queues, which keeps every byte in order.")

(defconst highlightd-rpc--chunk-size 32768
  "Bytes per `process-send-string' when output queues.")

(defconst highlightd-rpc--write-slice 0.01
  "Seconds of writing queued output after which Emacs reads keys again.
Chunks go out until this much time has passed in one turn of the event
loop: one chunk per turn would take a second to send a 5 MB file.")

(defconst highlightd-rpc--time-slice 0.03
  "Seconds of message handling after which Emacs reads keys again.")

(defconst highlightd-rpc--log-buffer-name "*highlightd-log*"
  "The buffer of the daemon's standard error and of our diagnostics.")

(defconst highlightd-rpc--log-limit (* 512 1024)
  "The log buffer is trimmed to about this many characters.")

;;; Log

(defun highlightd-rpc-log (format-string &rest args)
  "Log FORMAT-STRING formatted with ARGS, never in the echo area."
  (highlightd-rpc--log-raw
   (concat (format-time-string "%T.%3N ")
           (apply #'format format-string args)
           "\n")))

(defun highlightd-rpc--log-raw (text)
  "Append TEXT to the log buffer, dropping its oldest half when too large."
  (with-current-buffer (get-buffer-create highlightd-rpc--log-buffer-name)
    (setq buffer-undo-list t)
    (let ((inhibit-read-only t))
      (save-excursion
        (goto-char (point-max))
        (insert text)
        (when (> (buffer-size) highlightd-rpc--log-limit)
          (delete-region (point-min)
                         (- (point-max) (/ highlightd-rpc--log-limit 2))))))))

;;; Process

(defun highlightd-rpc-live-p ()
  "Non-nil when the daemon process is running."
  (process-live-p highlightd-rpc--process))

(defun highlightd-rpc-start (command)
  "Start COMMAND (a list: program and arguments) as the daemon.
Return the process.  Signals `file-missing' (or another error) when the
program cannot be started."
  (highlightd-rpc-stop)
  ;; `make-process' searches `exec-path' for a bare name and signals when it is
  ;; missing, but spawns a file name as it is: the child then exits at once,
  ;; which would look like a daemon that keeps crashing.
  (let ((program (car command)))
    (unless (and (stringp program) (executable-find program))
      (let ((missing (not (and (stringp program) (file-name-directory program)
                               (file-exists-p program)))))
        (signal (if missing 'file-missing 'file-error)
                (list "Searching for program"
                      (cond (missing "No such file or directory")
                            ((file-directory-p program) "Is a directory")
                            (t "Permission denied"))
                      program)))))
  (let ((io (get-buffer-create " *highlightd-io*")))
    (with-current-buffer io
      ;; Positions are bytes, as Content-Length counts.
      (set-buffer-multibyte nil)
      (setq buffer-undo-list t)
      (erase-buffer))
    (setq highlightd-rpc--process
          (make-process
           :name "highlightd"
           :command command
           :coding 'binary
           :connection-type 'pipe
           :noquery t
           :filter #'highlightd-rpc--filter
           :sentinel #'highlightd-rpc--sentinel
           :stderr (make-pipe-process
                    :name "highlightd stderr"
                    :noquery t
                    :coding 'utf-8
                    :filter (lambda (_process text)
                              (highlightd-rpc--log-raw text))
                    :sentinel #'ignore)))
    (process-put highlightd-rpc--process 'io-buffer io)
    highlightd-rpc--process))

(defun highlightd-rpc--reset ()
  "Forget the messages of the previous process."
  (setq highlightd-rpc--inbox nil
        highlightd-rpc--output nil)
  (dolist (timer (list highlightd-rpc--output-timer
                       highlightd-rpc--dispatch-timer))
    (when timer (cancel-timer timer)))
  (setq highlightd-rpc--output-timer nil
        highlightd-rpc--dispatch-timer nil)
  (clrhash highlightd-rpc--callbacks))

(defun highlightd-rpc-stop ()
  "Stop the daemon without calling `highlightd-rpc-exit-function'."
  (let ((process highlightd-rpc--process))
    (setq highlightd-rpc--process nil)
    (highlightd-rpc--reset)
    (when (process-live-p process)
      (set-process-sentinel process #'ignore)
      (delete-process process))))

(defun highlightd-rpc--sentinel (process event)
  "Report the end of PROCESS (with EVENT) if it is the current daemon."
  (when (and (eq process highlightd-rpc--process)
             (not (process-live-p process)))
    (setq highlightd-rpc--process nil)
    (highlightd-rpc--reset)
    (funcall highlightd-rpc-exit-function process event)))

;;; Writing

(defun highlightd-rpc-notify (method params)
  "Send the notification METHOD with PARAMS (a plist or hash table)."
  (highlightd-rpc--write (list :method method :params params)))

(defun highlightd-rpc-request (method params success &optional failure)
  "Send the request METHOD with PARAMS; call SUCCESS with its result.
FAILURE, if given, is called with the error object; otherwise the
error is logged."
  (let ((id (cl-incf highlightd-rpc--next-id)))
    (puthash id (cons success failure) highlightd-rpc--callbacks)
    (highlightd-rpc--write (list :id id :method method :params params))
    id))

(defun highlightd-rpc--valid-text (string)
  "STRING with each character JSON cannot carry replaced by U+FFFD.
Raw bytes of undecodable files and lone surrogates are Emacs characters
but not Unicode scalars; replacing each by one scalar keeps every offset
the daemon sees right."
  (replace-regexp-in-string "[^\0-\U0010FFFF]\\|[\ud800-\udfff]" "\ufffd"
                            string t t))

(defun highlightd-rpc--valid-message (value)
  "VALUE with every string in it made valid by `highlightd-rpc--valid-text'."
  (cond ((stringp value) (highlightd-rpc--valid-text value))
        ((consp value) (cons (highlightd-rpc--valid-message (car value))
                             (highlightd-rpc--valid-message (cdr value))))
        ((vectorp value) (vconcat (mapcar #'highlightd-rpc--valid-message
                                          value)))
        (t value)))

(defun highlightd-rpc--serialize (message)
  "MESSAGE as a JSON-RPC frame of UTF-8 bytes (header and body)."
  (let ((body (encode-coding-string
               (condition-case nil
                   (json-serialize message)
                 ;; Raw bytes or lone surrogates in some text.
                 (wrong-type-argument
                  (json-serialize (highlightd-rpc--valid-message message))))
               'utf-8 t)))
    (concat (format "Content-Length: %d\r\n\r\n" (length body)) body)))

(defun highlightd-rpc--write (message)
  "Write MESSAGE (a plist without its jsonrpc member) to the daemon.
A frame larger than a chunk (the text of a large file) is written a
chunk per turn of the event loop: one `process-send-string' would block
Emacs until the daemon read it all, sleeping 20 ms whenever the pipe is
full."
  (when (process-live-p highlightd-rpc--process)
    (let ((frame (highlightd-rpc--serialize
                  (cons :jsonrpc (cons "2.0" message)))))
      (if (and (null highlightd-rpc--output)
               (not highlightd-rpc--writing)
               (<= (length frame) highlightd-rpc--chunk-size))
          (highlightd-rpc--send frame)
        (setq highlightd-rpc--output
              (nconc highlightd-rpc--output (list (vector frame 0))))
        (if highlightd-rpc--writing
            (highlightd-rpc--schedule-chunk)
          (highlightd-rpc--write-chunk))))))

(defun highlightd-rpc--schedule-chunk ()
  "Write the next chunk of queued output at the next turn of the event loop."
  (unless highlightd-rpc--output-timer
    (setq highlightd-rpc--output-timer
          (run-at-time 0 nil #'highlightd-rpc--write-chunk))))

(defun highlightd-rpc--write-chunk ()
  "Write the next chunk of queued output; come back for the rest."
  (setq highlightd-rpc--output-timer nil)
  (unless highlightd-rpc--writing
    (let ((deadline (+ (float-time) highlightd-rpc--write-slice)))
      (while (and highlightd-rpc--output (< (float-time) deadline))
        (let* ((pending (car highlightd-rpc--output))
               (frame (aref pending 0))
               (offset (aref pending 1))
               (end (min (length frame) (+ offset highlightd-rpc--chunk-size))))
          ;; Account for the chunk before writing it: the write may nest.
          (if (< end (length frame))
              (aset pending 1 end)
            (pop highlightd-rpc--output))
          (highlightd-rpc--send (substring frame offset end))))))
  (when (and highlightd-rpc--output
             (process-live-p highlightd-rpc--process))
    (highlightd-rpc--schedule-chunk)))

(defun highlightd-rpc--send (bytes)
  "Write BYTES to the daemon now."
  (let ((highlightd-rpc--writing t))
    (condition-case error
        (process-send-string highlightd-rpc--process bytes)
      ;; The daemon died under us: its sentinel restarts it.
      (error (highlightd-rpc-log "write failed: %S" error)))))

;;; Reading

(defun highlightd-rpc--filter (process chunk)
  "Collect CHUNK of PROCESS's output; handle the complete messages."
  (let ((io (process-get process 'io-buffer))
        (bodies nil))
    (when (buffer-live-p io)
      (with-current-buffer io
        (goto-char (point-max))
        (insert chunk)
        (let ((case-fold-search t)
              (more t))
          (while more
            (goto-char (point-min))
            (let* ((header-end (search-forward "\r\n\r\n" nil t))
                   (length (and header-end
                                (progn
                                  (goto-char (point-min))
                                  (re-search-forward
                                   "^content-length:[ \t]*\\([0-9]+\\)"
                                   header-end t))
                                (string-to-number (match-string 1))))
                   (end (and length (+ header-end length))))
              (cond
               ((null header-end) (setq more nil))
               ((null length) (delete-region (point-min) header-end))
               ((> end (point-max)) (setq more nil))
               (t
                (push (buffer-substring-no-properties header-end end) bodies)
                (delete-region (point-min) end))))))))
    (when bodies
      (setq highlightd-rpc--inbox
            (nconc highlightd-rpc--inbox (nreverse bodies)))
      (highlightd-rpc--dispatch))))

(defun highlightd-rpc--dispatch ()
  "Handle the queued messages in order.
A nested call leaves them to the outer one.  After
`highlightd-rpc--time-slice' the rest waits for the next turn of the
event loop, so the pushes of a large file never keep Emacs from reading
keys for long."
  (unless (or highlightd-rpc--dispatching highlightd-rpc--dispatch-timer)
    (let ((highlightd-rpc--dispatching t)
          (deadline (+ (float-time) highlightd-rpc--time-slice)))
      (while (and highlightd-rpc--inbox (< (float-time) deadline))
        (let ((body (pop highlightd-rpc--inbox)))
          (condition-case error
              (highlightd-rpc--handle
               (json-parse-string (decode-coding-string body 'utf-8 t)
                                  :object-type 'hash-table
                                  :array-type 'list
                                  :null-object nil
                                  :false-object nil))
            (error
             (highlightd-rpc-log "could not handle a message: %S" error)))))
      (when highlightd-rpc--inbox
        (setq highlightd-rpc--dispatch-timer
              (run-at-time 0 nil #'highlightd-rpc--dispatch-later))))))

(defun highlightd-rpc--dispatch-later ()
  "Handle the next time slice of the inbox."
  (setq highlightd-rpc--dispatch-timer nil)
  (highlightd-rpc--dispatch))

(defun highlightd-rpc--handle (message)
  "Route MESSAGE: an answer to its callback, a notification to the handler."
  (let ((id (gethash "id" message))
        (method (gethash "method" message))
        (error-object (gethash "error" message)))
    (cond
     ((and method id)
      ;; A request of the server: highlightd sends none, so refuse it.
      (highlightd-rpc--write
       (list :id id
             :error (list :code -32601
                          :message (format "%s is not supported" method)))))
     (method
      (funcall highlightd-rpc-notification-function
               method (gethash "params" message)))
     (id
      (let ((callbacks (gethash id highlightd-rpc--callbacks)))
        (remhash id highlightd-rpc--callbacks)
        (cond
         ((null callbacks) nil)
         ((null error-object)
          (funcall (car callbacks) (gethash "result" message)))
         ((cdr callbacks) (funcall (cdr callbacks) error-object))
         (t (highlightd-rpc-log "request %s failed: %s"
                                id (gethash "message" error-object))))))
     (error-object
      (highlightd-rpc-log "daemon error: %s" (gethash "message" error-object)))
     (t (highlightd-rpc-log "ignored a message without method or id")))))

(provide 'highlightd-rpc)
;;; highlightd-rpc.el ends here
