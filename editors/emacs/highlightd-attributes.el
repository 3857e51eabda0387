;;; highlightd-attributes.el --- Pushes to faces  -*- lexical-binding: t; -*-

;; This file is part of highlightd (editors/emacs); see highlightd.el.

;;; Commentary:

;; The client side of docs/PROTOCOL.md's "Attribute pushes" and "The client
;; rule".  The attributes live in the buffer as text properties, so they move
;; with the text as Emacs edits it (rule 1) at no cost:
;;
;; - `font-lock-face': the face of the run (a face plist built from the
;;   push's style definition, or a standard face), with the `highlightd-link'
;;   face in front inside links.  `font-lock-face' rather than `face', because
;;   font-lock erases `face' whenever it refontifies; where the daemon has a
;;   grammar, highlightd.el also turns the major mode's own keywords off, so
;;   nothing competes with it (elsewhere a font-lock keyword of highlightd.el
;;   draws the links over the mode's faces).  Overlays would be safe from
;;   font-lock too, but Emacs 28 keeps them in a list: tens of thousands of
;;   them make every edit slow.
;; - `highlightd-link': the link's target, and `category' `highlightd--link',
;;   which gives links their mouse face, help text and mouse binding.
;; - `highlightd-kind': `comment', `string' or `regex' on the runs whose style
;;   is of that kind (PROTOCOL.md's style `kind'), for highlightd-syntax.el.
;; - `highlightd-bracket': the depth of a bracket of the bracket-pair layer
;;   (-1 for an unexpected one); its colour is a face in front of the syntax
;;   face in `font-lock-face', as a link's underline is.
;;
;; The faces of bracket colours and of comment and string styles are named
;; (`highlightd-bracket-9', `highlightd-comment-5'): flyspell tells comments
;; and strings by face name (see `highlightd-attributes-text-faces'), and a
;; name tells a bracket's colour from the syntax face under it.
;;
;; A push for an older version than the buffer's is first mapped through the
;; edits made since (rule 3): see `highlightd-attributes--map'.

;;; Code:

(require 'cl-lib)

(defgroup highlightd nil
  "Syntax highlighting and links from the highlightd daemon."
  :group 'faces
  :prefix "highlightd-")

(defcustom highlightd-use-standard-faces nil
  "Non-nil: show highlightd's styles with Emacs's own font-lock faces.
Each style is mapped by its LSP semantic token type through
`highlightd-standard-faces', so your Emacs theme decides the colours.
nil: use the colours and font styles of `highlightd-theme'.  Takes
effect at the next \\[highlightd-restart]."
  :type 'boolean)

(defcustom highlightd-standard-faces
  '(("comment" . font-lock-comment-face)
    ("string" . font-lock-string-face)
    ("regexp" . font-lock-string-face)
    ("keyword" . font-lock-keyword-face)
    ("modifier" . font-lock-keyword-face)
    ("number" . font-lock-constant-face)
    ("enumMember" . font-lock-constant-face)
    ("namespace" . font-lock-constant-face)
    ("type" . font-lock-type-face)
    ("class" . font-lock-type-face)
    ("enum" . font-lock-type-face)
    ("interface" . font-lock-type-face)
    ("struct" . font-lock-type-face)
    ("typeParameter" . font-lock-type-face)
    ("function" . font-lock-function-name-face)
    ("method" . font-lock-function-name-face)
    ("macro" . font-lock-preprocessor-face)
    ("decorator" . font-lock-preprocessor-face))
  "Semantic token type -> face, for `highlightd-use-standard-faces'.
Documentation comments use `font-lock-doc-face' and library functions
`font-lock-builtin-face'.  Types not listed (variables, parameters,
properties, operators, punctuation) keep the default face."
  :type '(alist :key-type string :value-type face))

(defcustom highlightd-apply-backgrounds 'differing
  "Which backgrounds of the theme's styles to paint.
`differing': only those that differ from the theme's own background, so
text sits on your Emacs background as usual; t: all; nil: none."
  :type '(choice (const :tag "Those differing from the theme's background"
                        differing)
                 (const :tag "All" t)
                 (const :tag "None" nil)))

(defface highlightd-link '((t :underline t))
  "Face added in front of the syntax face of links.")

(defvar highlightd-attributes--styles (make-hash-table :test 'eql)
  "Style id -> face (plist, face name, or nil for the default).")

(defvar highlightd-attributes--kinds (make-hash-table :test 'eql)
  "Style id -> `comment', `string' or `regex'; styles of kind other are absent.")

(defvar highlightd-attributes-text-faces nil
  "The faces of the comment and string styles defined so far.
What flyspell must check in a highlighted buffer (its
`flyspell-prog-text-faces'), beside its own font-lock faces.")

(defvar highlightd-attributes--theme-default nil
  "The theme's default style, (FOREGROUND . BACKGROUND) in upper case.")

(put 'highlightd--link 'mouse-face 'highlight)
(put 'highlightd--link 'follow-link t)
(put 'highlightd--link 'help-echo #'highlightd-attributes--link-help)

(defun highlightd-attributes--link-help (_window object position)
  "The help text of the link at POSITION in OBJECT."
  (format "mouse-2, C-c C-o: open %s"
          (get-text-property position 'highlightd-link object)))

;;; Styles

(defun highlightd-attributes-reset ()
  "Forget the styles of the previous connection."
  (clrhash highlightd-attributes--styles)
  (clrhash highlightd-attributes--kinds)
  (setq highlightd-attributes--theme-default nil))

(defun highlightd-attributes-set-theme-default (definition)
  "Remember DEFINITION (a hash table) as the theme's default, style 0.
Colours equal to it are left to Emacs's own default face."
  (let ((foreground (gethash "foreground" definition))
        (background (gethash "background" definition)))
    (setq highlightd-attributes--theme-default
          (cons (highlightd-attributes--color foreground)
                (highlightd-attributes--color background)))))

(defun highlightd-attributes--color (value)
  "VALUE (#RRGGBB or #RRGGBBAA) as #RRGGBB in upper case: no alpha here."
  (and (stringp value) (>= (length value) 7) (upcase (substring value 0 7))))

(defun highlightd-attributes--standard-face (definition)
  "The standard face for the style DEFINITION, or nil."
  (let ((type (gethash "semanticTokenType" definition))
        (modifiers (gethash "semanticTokenModifiers" definition)))
    (cond
     ((and (equal type "comment") (member "documentation" modifiers))
      'font-lock-doc-face)
     ((and (member type '("function" "method"))
           (member "defaultLibrary" modifiers))
      'font-lock-builtin-face)
     (t (cdr (assoc type highlightd-standard-faces))))))

(defun highlightd-attributes--kind (definition)
  "The kind of the style DEFINITION: `comment', `string', `regex' or nil."
  (cdr (assoc (gethash "kind" definition)
              '(("comment" . comment) ("string" . string) ("regex" . regex)))))

(defun highlightd-attributes--bracket-p (definition)
  "Non-nil when the style DEFINITION is a bracket colour."
  (let ((scope (gethash "scope" definition)))
    (and (stringp scope) (string-prefix-p "editorBracketHighlight" scope))))

(defun highlightd-attributes--face (definition)
  "Return the face for the style DEFINITION (a hash table from a push)."
  (if highlightd-use-standard-faces
      (or (highlightd-attributes--standard-face definition)
          ;; A comment or a string whose token type maps to nothing.
          (pcase (highlightd-attributes--kind definition)
            ('comment 'font-lock-comment-face)
            ('string 'font-lock-string-face)))
    (highlightd-attributes--theme-face definition)))

(defun highlightd-attributes--theme-face (definition)
  "The face plist of the style DEFINITION's colours and font style."
  (let ((foreground (highlightd-attributes--color
                     (gethash "foreground" definition)))
        (background (highlightd-attributes--color
                     (gethash "background" definition)))
        (font-style (split-string (or (gethash "fontStyle" definition) "")))
        (default highlightd-attributes--theme-default)
        (face nil))
    (when (member "strikethrough" font-style)
      (setq face (list :strike-through t)))
    (when (member "underline" font-style)
      (setq face (cl-list* :underline t face)))
    (when (member "bold" font-style)
      (setq face (cl-list* :weight 'bold face)))
    (when (member "italic" font-style)
      (setq face (cl-list* :slant 'italic face)))
    (when (and background
               (or (eq highlightd-apply-backgrounds t)
                   (and (eq highlightd-apply-backgrounds 'differing)
                        (not (equal background (cdr default))))))
      (setq face (cl-list* :background background face)))
    (when (and foreground (not (equal foreground (car default))))
      (setq face (cl-list* :foreground foreground face)))
    face))

(defun highlightd-attributes--named-face (prefix id plist)
  "The face PREFIX-ID, (re)defined as PLIST (the style's colours)."
  (let ((name (intern (format "highlightd-%s-%d" prefix id))))
    ;; A new connection defines style ids anew: the spec replaces the old one.
    (face-spec-set name (list (cons t plist)))
    name))

(defun highlightd-attributes--style-face (id definition)
  "The face of style ID, whose DEFINITION is a hash table from a push."
  (let ((kind (highlightd-attributes--kind definition))
        (face (highlightd-attributes--face definition)))
    (cond
     ;; Bracket colours have no semantic token type: the theme's colour even
     ;; with standard faces.
     ((highlightd-attributes--bracket-p definition)
      (highlightd-attributes--named-face
       "bracket" id (highlightd-attributes--theme-face definition)))
     ((and (memq kind '(comment string)) (not (symbolp face)))
      (let ((name (highlightd-attributes--named-face
                   (symbol-name kind) id face)))
        (cl-pushnew name highlightd-attributes-text-faces)
        name))
     (t face))))

(defun highlightd-attributes-define-styles (styles)
  "Remember the faces of STYLES, a hash table of id (a string) -> definition."
  (when (hash-table-p styles)
    (maphash (lambda (key definition)
               (let ((id (string-to-number key))
                     (kind (highlightd-attributes--kind definition)))
                 (puthash id (highlightd-attributes--style-face id definition)
                          highlightd-attributes--styles)
                 (if kind
                     (puthash id kind highlightd-attributes--kinds)
                   (remhash id highlightd-attributes--kinds))))
             styles)))

;;; The client rule

(defun highlightd-attributes--map (start end edits)
  "The pieces of [START, END) that survive EDITS, moved as the text moved.
EDITS are [OFFSET OLD-LENGTH NEW-LENGTH] vectors in the order they were
made, each against the text the previous one left.  Parts inside
replaced text are dropped (the client rule, 3); text inserted at START
or END stays outside.  Returns a list of (S . E)."
  (let ((pieces (and (< start end) (list (cons start end)))))
    (dolist (edit edits)
      (let* ((offset (aref edit 0))
             (old-end (+ offset (aref edit 1)))
             (new-end (+ offset (aref edit 2)))
             (delta (- new-end old-end))
             (moved nil))
        (dolist (piece pieces)
          (let ((s (car piece))
                (e (cdr piece)))
            (cond
             ((<= e offset) (push piece moved))
             ((>= s old-end) (push (cons (+ s delta) (+ e delta)) moved))
             (t
              (when (< s offset) (push (cons s offset) moved))
              (when (> e old-end) (push (cons new-end (+ e delta)) moved))))))
        (setq pieces (nreverse moved))))
    pieces))

(defun highlightd-attributes-clear (start end)
  "Remove highlightd's attributes over [START, END) (buffer positions)."
  (remove-list-of-text-properties
   start end '(font-lock-face highlightd-link highlightd-kind highlightd-bracket))
  ;; `category' only where it is ours: other packages may use it.
  (let ((position start))
    (while (< position end)
      (let ((next (next-single-property-change position 'category nil end)))
        (when (eq (get-text-property position 'category) 'highlightd--link)
          (remove-list-of-text-properties position next '(category)))
        (setq position next)))))

(defun highlightd-attributes--prepend-face (start end face)
  "Draw FACE over the faces [START, END) has (FACE wins where both set)."
  (let ((position start))
    (while (< position end)
      (let ((next (next-single-property-change position 'font-lock-face
                                               nil end))
            (under (get-text-property position 'font-lock-face)))
        (put-text-property position next 'font-lock-face
                           (if under (list face under) face))
        (setq position next)))))

(defun highlightd-attributes--add-link (start end target)
  "Make [START, END) a link to TARGET, underlined over its syntax face."
  (put-text-property start end 'highlightd-link target)
  (put-text-property start end 'category 'highlightd--link)
  (highlightd-attributes--prepend-face start end 'highlightd-link))

(defun highlightd-attributes--put-run (start end id)
  "Give [START, END) the face and the kind of style ID."
  (let ((face (gethash id highlightd-attributes--styles))
        (kind (gethash id highlightd-attributes--kinds)))
    (when face
      (put-text-property start end 'font-lock-face face))
    (when kind
      (put-text-property start end 'highlightd-kind kind))))

(defun highlightd-attributes--add-bracket (start end bracket)
  "Make [START, END) the BRACKET of a push (its depth and colour)."
  (let ((face (gethash (gethash "style" bracket) highlightd-attributes--styles)))
    (put-text-property start end 'highlightd-bracket (gethash "depth" bracket))
    (when face
      (highlightd-attributes--prepend-face start end face))))

(defun highlightd-attributes--apply-change (change later)
  "Apply CHANGE (from a push) to the widened buffer.
Its runs, brackets and links replace those over its range.  LATER are
the edits made since the push's version."
  (let* ((offset (gethash "offset" change))
         (limit (point-max))
         (position offset))
    ;; Offsets count from 0, buffer positions from 1.
    (if (null later)
        ;; A push for the buffer's version is applied as is (rule 2).
        (progn
          (highlightd-attributes-clear
           (min limit (1+ offset))
           (min limit (+ 1 offset (gethash "length" change))))
          (dolist (run (gethash "runs" change))
            (let ((next (+ position (car run))))
              (unless (= (cadr run) 0)
                (highlightd-attributes--put-run (min limit (1+ position))
                                                (min limit (1+ next))
                                                (cadr run)))
              (setq position next))))
      ;; An older version: every range moves through the later edits first.
      (dolist (piece (highlightd-attributes--map
                      offset (+ offset (gethash "length" change)) later))
        (highlightd-attributes-clear (min limit (1+ (car piece)))
                                     (min limit (1+ (cdr piece)))))
      (dolist (run (gethash "runs" change))
        (let ((next (+ position (car run))))
          (unless (= (cadr run) 0)
            (dolist (piece (highlightd-attributes--map position next later))
              (highlightd-attributes--put-run (min limit (1+ (car piece)))
                                              (min limit (1+ (cdr piece)))
                                              (cadr run))))
          (setq position next))))
    ;; Brackets before links: a link's underline goes over everything.
    (dolist (bracket (gethash "brackets" change))
      (let ((start (gethash "offset" bracket)))
        (dolist (piece (highlightd-attributes--map
                        start (+ start (gethash "length" bracket)) later))
          (highlightd-attributes--add-bracket (min limit (1+ (car piece)))
                                              (min limit (1+ (cdr piece)))
                                              bracket))))
    (dolist (link (gethash "links" change))
      (let ((start (gethash "offset" link)))
        (dolist (piece (highlightd-attributes--map
                        start (+ start (gethash "length" link)) later))
          (highlightd-attributes--add-link (min limit (1+ (car piece)))
                                           (min limit (1+ (cdr piece)))
                                           (gethash "target" link)))))))

(defun highlightd-attributes-apply-push (params later)
  "Apply the push PARAMS to the current buffer.
LATER lists the edits made since the push's version, as
`highlightd-attributes--map' takes them.  Returns the buffer positions
\(START . END) the changes cover now, or nil when they cover nothing."
  (save-restriction
    (widen)
    (let ((start nil) (end nil))
      (with-silent-modifications
        (dolist (change (gethash "changes" params))
          (highlightd-attributes--apply-change change later)
          (let ((offset (gethash "offset" change)))
            (dolist (piece (highlightd-attributes--map
                            offset (+ offset (gethash "length" change)) later))
              (setq start (min (or start (car piece)) (car piece))
                    end (max (or end (cdr piece)) (cdr piece)))))))
      (and start
           (cons (min (point-max) (1+ start)) (min (point-max) (1+ end)))))))

(defun highlightd-attributes-strip-inserted (start end)
  "Give text inserted over [START, END) no attributes (the client rule, 1).
Emacs makes typed text inherit the properties before it, and copied
text keeps its own."
  (when (< start end)
    (with-silent-modifications
      (highlightd-attributes-clear start end))))

(provide 'highlightd-attributes)
;;; highlightd-attributes.el ends here
