/// A processEditing hook: runs once per transaction, after the edits, on the edited paragraphs.
///
/// Hooks run in the order they were added. A hook reads the text and writes attribute layers
/// through the storage; it must not edit the text. If it throws, every attribute write it made
/// in that run is rolled back (its layers keep the old attributes, mapped through the edits)
/// and the failure is reported in the transaction.
public protocol TextStorageHook: AnyObject {
    /// A name for logs and failure reports.
    var name: String { get }

    /// Updates attributes after a transaction.
    func processEditing(in storage: TextStorage, context: EditingContext) throws
}
