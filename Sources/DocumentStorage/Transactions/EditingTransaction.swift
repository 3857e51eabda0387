import TextRope

/// The record of one ended transaction: what changed and what the hooks did.
public struct EditingTransaction: Sendable {
    /// Sequential number of the transaction within its storage, from 1.
    public var number: Int
    /// How many replacements the transaction applied.
    public var editCount: Int
    /// The edited range, the paragraph range and the change in length (UTF-8).
    public var context: EditingContext
    /// The change in length in each unit.
    public var changeInLength: LengthChange
    /// The attribute changes, covering at least the edited range.
    public var delta: AttributeDelta
    /// Hooks that threw; their attribute writes were rolled back.
    public var hookFailures: [HookFailure]
}

/// A hook that threw during processEditing.
public struct HookFailure: Error, Sendable, CustomStringConvertible {
    /// The hook's name.
    public var hookName: String
    /// What it threw, as text.
    public var message: String

    /// Creates a failure record.
    public init(hookName: String, message: String) {
        self.hookName = hookName
        self.message = message
    }

    public var description: String { "hook \(hookName) failed: \(message)" }
}

/// Post-edit length minus pre-edit length, in each unit.
public struct LengthChange: Hashable, Sendable {
    /// In UTF-8 bytes.
    public var utf8: Int
    /// In UTF-16 code units.
    public var utf16: Int
    /// In Unicode scalars.
    public var utf32: Int

    /// Creates a length change.
    public init(utf8: Int, utf16: Int, utf32: Int) {
        self.utf8 = utf8
        self.utf16 = utf16
        self.utf32 = utf32
    }

    /// The change in `unit`.
    public subscript(unit: TextUnit) -> Int {
        switch unit {
        case .utf8: utf8
        case .utf16: utf16
        case .utf32: utf32
        }
    }
}
