/// The text storage: text, attribute layers, transactions and processEditing hooks.
