;;; highlightd-daemon.el --- The highlightd daemon  -*- lexical-binding: t; -*-

;; This file is part of highlightd (editors/emacs); see highlightd.el.

;;; Commentary:

;; One daemon per Emacs session: started with the first buffer, initialized
;; with `positionEncodings: ["utf-32"]' (Emacs counts characters, the daemon
;; then counts Unicode scalars: no conversion anywhere) and `attributeDeltas:
;; true'.  Messages sent before initialize is answered wait in an outbox.
;; When the daemon exits unexpectedly, we say so once, start it again and let
;; highlightd-document.el send every buffer again; four exits within 30
;; seconds stop the attempts until M-x highlightd-restart.  A notification the
;; daemon rejected comes back as textStorage/didReject, for
;; highlightd-document.el to send again the one buffer whose edit it was.

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'highlightd-rpc)
(require 'highlightd-attributes)

(defcustom highlightd-command '("highlightd" "serve")
  "The command that starts the daemon: a program and its arguments.
The program is looked up on the variable `exec-path'.  Takes effect at the next
\\[highlightd-restart]."
  :type '(repeat string)
  :group 'highlightd)

(defcustom highlightd-theme nil
  "The theme the daemon colours with: \"dark\", \"light\", or a file.
A VS Code JSON theme or a .tmTheme file works.  nil: follow Emacs's
theme: the one `highlightd-themes' maps an enabled Emacs theme to, else
\"light\" on a light frame background and \"dark\" on a dark one, sent
again whenever a theme is enabled or disabled (`load-theme'), without a
restart.  A fixed value takes effect at the next \\[highlightd-restart]."
  :type '(choice (const :tag "From the frame's background" nil)
                 (const "dark")
                 (const "light")
                 (file :tag "Theme file"))
  :group 'highlightd)

(defcustom highlightd-themes nil
  "Emacs themes mapped to the daemon's, when `highlightd-theme' is nil.
An alist of (EMACS-THEME . THEME): EMACS-THEME a symbol (`tango'), THEME
\"dark\", \"light\", an extension theme's label or a file.  The most
recently enabled theme that has an entry wins."
  :type '(alist :key-type symbol :value-type string)
  :group 'highlightd)

(defcustom highlightd-grammar-paths nil
  "Folders of extra TextMate grammars the daemon loads beside its own.
Takes effect at the next \\[highlightd-restart]."
  :type '(repeat directory)
  :group 'highlightd)

(defcustom highlightd-extension-paths nil
  "VS Code extensions whose languages and grammars the daemon loads.
Each entry is a folder of extensions (such as ~/.vscode/extensions),
one extension's folder, or a .vsix file.  Takes effect at the next
\\[highlightd-restart]."
  :type '(repeat (choice directory file))
  :group 'highlightd)

(defcustom highlightd-use-vscode-extensions nil
  "Non-nil: the daemon also loads the extensions VS Code installed.
It looks where VS Code keeps them (~/.vscode/extensions and the like).
Takes effect at the next \\[highlightd-restart]."
  :type 'boolean
  :group 'highlightd)

(defcustom highlightd-file-associations nil
  "File name globs and the language ids they stand for.
An alist of (GLOB . LANGUAGE-ID), such as ((\"*.tpl\" . \"html\")), as
in VS Code's files.associations.  Takes effect at the next
\\[highlightd-restart]."
  :type '(alist :key-type (string :tag "Glob") :value-type (string :tag "Language id"))
  :group 'highlightd)

(defcustom highlightd-bracket-pairs t
  "Non-nil: colour bracket pairs by their nesting depth.
The daemon pairs the brackets of code (not those in comments and
strings) and sends each with the theme's colour for its depth
\(`initializationOptions.bracketPairs'); nil turns its bracket layer
off, and with it `highlightd-jump-to-bracket' and the highlight of the
pair at point.  Takes effect at the next \\[highlightd-restart]."
  :type 'boolean
  :group 'highlightd)

(defconst highlightd-version "0.1.0"
  "The version of highlightd.el.")

(defvar highlightd-daemon-push-function #'ignore
  "Called with the params of each textStorage/didProcessEditing.")

(defvar highlightd-daemon-reopen-function #'ignore
  "Called to send every buffer again after the daemon restarted.")

(defvar highlightd-daemon-theme-function #'ignore
  "Called to send every open buffer again once a new theme's default is known.")

(defvar highlightd-daemon-reject-function #'ignore
  "Called with the params of each textStorage/didReject.
The daemon sends one when it rejected a notification of ours: the
method, the document's uri and the version it holds (or nil), the
error's code and message.")

(defvar highlightd-daemon--state nil
  "The daemon's state: nil, `starting' (initializing), `ready' or `failed'.")

(defvar highlightd-daemon-generation 0
  "Counts daemon starts: a document opened in an older one is not open.")

(defvar highlightd-daemon--outbox nil
  "Messages held until initialized, newest first.
Each is (METHOD PARAMS) for a notification, (METHOD PARAMS SUCCESS
FAILURE) for a request.")

(defvar highlightd-daemon--exits nil
  "The times of the daemon's recent unexpected exits, newest first.")

(defconst highlightd-daemon--probe-uri "untitled:highlightd-theme-probe"
  "A one-character document whose attributes tell the theme's default.")

(defun highlightd-daemon-running-p ()
  "Return non-nil when the daemon is running or being initialized."
  (memq highlightd-daemon--state '(starting ready)))

(defun highlightd-daemon-ensure ()
  "Start the daemon unless it is running or failed; non-nil if running."
  (pcase highlightd-daemon--state
    ('failed nil)
    ((or 'starting 'ready) t)
    (_ (highlightd-daemon--start))))

(defun highlightd-daemon-notify (method params)
  "Send METHOD with PARAMS now, or once the daemon is initialized."
  (pcase highlightd-daemon--state
    ('ready (highlightd-rpc-notify method params))
    ('starting (push (list method params) highlightd-daemon--outbox))))

(defun highlightd-daemon-request (method params success &optional failure)
  "Send the request METHOD with PARAMS now, or once the daemon is initialized.
SUCCESS gets the result, FAILURE (if given) the error object, as
`highlightd-rpc-request' calls them.  Nothing is called if the daemon
exits first."
  (pcase highlightd-daemon--state
    ('ready (highlightd-rpc-request method params success failure))
    ('starting (push (list method params success failure)
                     highlightd-daemon--outbox))))

(defun highlightd-daemon-restart ()
  "Stop the daemon and forget its failures, for a fresh start."
  (highlightd-rpc-stop)
  (setq highlightd-daemon--state nil
        highlightd-daemon--outbox nil
        highlightd-daemon--exits nil))

(defun highlightd-daemon--theme ()
  "The theme option sent to the daemon."
  (cond ((member highlightd-theme '("dark" "light")) highlightd-theme)
        (highlightd-theme (expand-file-name highlightd-theme))
        ((cl-loop for theme in custom-enabled-themes
                  thereis (cdr (assq theme highlightd-themes))))
        ((eq (frame-parameter nil 'background-mode) 'light) "light")
        (t "dark")))

(defvar highlightd-daemon--sent-theme nil
  "The theme the running daemon was last given.")

(defun highlightd-daemon-follow-theme (&rest _)
  "Give the daemon Emacs's theme again if it changed (see `highlightd-theme').
The daemon then highlights every document again with it and pushes each
whole; the theme's default style is asked for again."
  (when (eq highlightd-daemon--state 'ready)
    (let ((theme (highlightd-daemon--theme)))
      (unless (equal theme highlightd-daemon--sent-theme)
        (setq highlightd-daemon--sent-theme theme)
        (highlightd-rpc-notify
         "workspace/didChangeConfiguration"
         (list :settings (list :highlightd (list :theme theme))))
        ;; The daemon pushes every document at once, before the new default is known here;
        ;; faces leave the default's colours to Emacs, so the buffers go again after it.
        (highlightd-daemon--probe-theme highlightd-daemon-theme-function)))))

;; `load-theme' enables the theme: follow it (Emacs 29 has `enable-theme-functions'; 28
;; only the functions themselves).
(if (boundp 'enable-theme-functions)
    (progn (add-hook 'enable-theme-functions #'highlightd-daemon-follow-theme)
           (add-hook 'disable-theme-functions #'highlightd-daemon-follow-theme))
  (advice-add 'enable-theme :after #'highlightd-daemon-follow-theme)
  (advice-add 'disable-theme :after #'highlightd-daemon-follow-theme))

(defun highlightd-daemon--settings ()
  "What the options tell the daemon about grammars, extensions and file names.
A plist, part of the initializationOptions."
  (append
   (and highlightd-grammar-paths
        (list :grammarPaths
              (vconcat (mapcar #'expand-file-name highlightd-grammar-paths))))
   (and highlightd-extension-paths
        (list :extensionPaths
              (vconcat (mapcar (lambda (path)
                                 (directory-file-name (expand-file-name path)))
                               highlightd-extension-paths))))
   (list :vscodeExtensions (if highlightd-use-vscode-extensions "auto" "off"))
   (and highlightd-file-associations
        (let ((associations (make-hash-table :test 'equal)))
          (dolist (entry highlightd-file-associations)
            (puthash (car entry) (cdr entry) associations))
          (list :fileAssociations associations)))))

(defun highlightd-daemon--initialize-params ()
  "The params of the initialize request."
  (list :processId (emacs-pid)
        :clientInfo (list :name "highlightd.el" :version highlightd-version)
        :capabilities (list :general (list :positionEncodings ["utf-32"]))
        :initializationOptions
        (append (list :attributeDeltas t
                      :bracketPairs (if highlightd-bracket-pairs t :false)
                      :theme (setq highlightd-daemon--sent-theme (highlightd-daemon--theme)))
                (highlightd-daemon--settings))))

(defun highlightd-daemon--start ()
  "Start and initialize the daemon; non-nil when it started."
  (setq highlightd-rpc-notification-function #'highlightd-daemon--notified
        highlightd-rpc-exit-function #'highlightd-daemon--exited)
  (condition-case error
      (progn
        (highlightd-rpc-start highlightd-command)
        (setq highlightd-daemon--state 'starting
              highlightd-daemon--outbox nil)
        (cl-incf highlightd-daemon-generation)
        (highlightd-attributes-reset)
        (highlightd-rpc-request "initialize"
                                (highlightd-daemon--initialize-params)
                                #'highlightd-daemon--initialized
                                #'highlightd-daemon--initialize-failed)
        t)
    (error
     (highlightd-daemon--fail
      (format (concat "Cannot start \"%s\": %s.\n"
                      "Set `highlightd-command' to the daemon's command line.")
              (string-join highlightd-command " ")
              (error-message-string error)))
     nil)))

(defun highlightd-daemon--initialized (result)
  "Finish the start with the initialize RESULT; send what waited for it."
  (let* ((capabilities (gethash "capabilities" result))
         (experimental (gethash "experimental" capabilities))
         (text-storage (and (hash-table-p experimental)
                            (gethash "textStorage" experimental))))
    (if (not (and (equal (gethash "positionEncoding" capabilities) "utf-32")
                  (hash-table-p text-storage)
                  (gethash "attributeDeltas" text-storage)))
        (highlightd-daemon--fail
         "The daemon offers no utf-32 attribute pushes.")
      (setq highlightd-daemon--state 'ready)
      (highlightd-rpc-notify "initialized" (make-hash-table))
      ;; A theme enabled while the daemon started goes now, before the probe and the
      ;; buffers waiting in the outbox.
      (let ((theme (highlightd-daemon--theme)))
        (unless (equal theme highlightd-daemon--sent-theme)
          (setq highlightd-daemon--sent-theme theme)
          (highlightd-rpc-notify
           "workspace/didChangeConfiguration"
           (list :settings (list :highlightd (list :theme theme))))))
      (highlightd-daemon--probe-theme)
      (let ((waiting (reverse highlightd-daemon--outbox)))
        (setq highlightd-daemon--outbox nil)
        (dolist (message waiting)
          (pcase-let ((`(,method ,params . ,callbacks) message))
            (if callbacks
                (highlightd-rpc-request method params
                                        (car callbacks) (cadr callbacks))
              (highlightd-rpc-notify method params))))))))

(defun highlightd-daemon--initialize-failed (error-object)
  "Give up on a daemon that refused initialize with ERROR-OBJECT."
  (highlightd-daemon--fail
   (format "The daemon refused initialize: %s."
           (gethash "message" error-object))))

(defun highlightd-daemon--fail (reason)
  "Stop the daemon for REASON, said once; wait for `highlightd-restart'.
Said as a warning of type `highlightd' in *Warnings*: the state is
`failed' until then, so the buffers opened later keep their font-lock
and say nothing."
  (display-warning
   'highlightd
   (format "%s\nM-x highlightd-restart tries again." reason)
   :error)
  (highlightd-rpc-log "%s" reason)
  (setq highlightd-daemon--state 'failed
        highlightd-daemon--outbox nil)
  (highlightd-rpc-stop))

(defun highlightd-daemon--probe-theme (&optional then)
  "Learn the theme's default style (never pushed) from a tiny document.
It goes before every real document, so its answer comes before their
pushes and their faces can leave default colours to Emacs.  THEN, if
given, is called once the answer is in."
  (let ((document (list :uri highlightd-daemon--probe-uri)))
    (highlightd-rpc-notify
     "textDocument/didOpen"
     (list :textDocument (append document (list :version 1 :text " "))))
    (highlightd-rpc-request
     "textStorage/attributes" document
     (lambda (result)
       (let ((default (gethash "0" (gethash "styles" result))))
         (when default
           (highlightd-attributes-set-theme-default default)))
       (when then (funcall then))))
    (highlightd-rpc-notify "textDocument/didClose"
                           (list :textDocument document))))

(defun highlightd-daemon--notified (method params)
  "Handle the daemon's notification METHOD with PARAMS."
  (pcase method
    ("textStorage/didProcessEditing"
     (funcall highlightd-daemon-push-function params))
    ;; Logged by the window/logMessage the daemon sends beside it.
    ("textStorage/didReject"
     (funcall highlightd-daemon-reject-function params))
    ((or "window/logMessage" "window/showMessage")
     (highlightd-rpc-log "daemon: %s" (gethash "message" params)))))

(defun highlightd-daemon--exited (_process event)
  "Say once that the daemon ended with EVENT, and start it again."
  (setq highlightd-daemon--state nil
        highlightd-daemon--outbox nil)
  (let ((now (float-time))
        (why (string-trim event)))
    (setq highlightd-daemon--exits
          (cons now (cl-remove-if (lambda (time) (> (- now time) 30))
                                  highlightd-daemon--exits)))
    (highlightd-rpc-log "the daemon exited: %s" why)
    (if (>= (length highlightd-daemon--exits) 4)
        (highlightd-daemon--fail (format "The daemon keeps exiting (%s)." why))
      ;; The first exit of a series is said; the next ones only logged.
      (when (= (length highlightd-daemon--exits) 1)
        (message "highlightd: the daemon exited (%s); restarting it" why))
      (run-at-time 0.2 nil (lambda ()
                             (funcall highlightd-daemon-reopen-function))))))

(provide 'highlightd-daemon)
;;; highlightd-daemon.el ends here
