import DocumentStorage
import FuzzSupport
import TextRope
import TextSegmentation

/// Random edits in every unit, with hostile offsets, against a naive scalar-array model: the
/// storage's text always equals the model's, a rejected edit changes nothing, and links
/// detected in small slices while editing equal a full detection of the final text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStorage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    var model = Array(input.text(maxPieces: 20).unicodeScalars)
    let storage = TextStorage(String(String.UnicodeScalarView(model)))
    let links = LinkDetectionHook(sliceLength: 1 + input.below(64))
    storage.addHook(links)
    storage.reprocess(storage.text.utf8Range)
    while !input.isExhausted {
        let unit = input.pick([TextUnit.utf8, .utf16, .utf32])
        let count = storage.text.count(in: unit)
        let location = input.bool() ? input.hostileInt() : input.below(count + 2)
        let length = input.bool() ? input.hostileInt() : input.below(4)
        let text = input.text(maxPieces: 3)
        let before = storage.string
        do {
            try storage.applyEdits([TextEdit(location: location, length: length, text: text)], unit: unit)
            // Accepted: the same edit, converted to scalars by Swift's own views, applies to
            // the model.
            let lower = scalarOffset(before, location, unit)
            let upper = scalarOffset(before, location + length, unit)
            model.replaceSubrange(lower..<upper, with: text.unicodeScalars)
        } catch {
            if storage.string != before { fatalError("a rejected edit changed the text") }
        }
        if storage.string != String(String.UnicodeScalarView(model)) {
            fatalError("text differs from the model")
        }
        if input.below(4) == 0 { links.detectNextSlice(in: storage) }
    }
    while links.detectNextSlice(in: storage) {}
    let fresh = TextStorage(storage.string)
    fresh.addHook(LinkDetectionHook(sliceLength: .max))
    fresh.reprocess(fresh.text.utf8Range)
    let describe = { (storage: TextStorage) in
        storage.links(in: storage.text.utf8Range).map { "\($0.range)\($0.link.target)" }
    }
    if describe(storage) != describe(fresh) {
        fatalError(
            "sliced link detection differs from a full one in \(storage.string.debugDescription): "
                + "\(describe(storage)) != \(describe(fresh))")
    }
    return 0
}

/// The scalar offset of a valid `offset` counted in `unit` in `text`, by Swift's views.
private func scalarOffset(_ text: String, _ offset: Int, _ unit: TextUnit) -> Int {
    switch unit {
    case .utf8: String(decoding: Array(text.utf8.prefix(offset)), as: UTF8.self).unicodeScalars.count
    case .utf16: String(decoding: Array(text.utf16.prefix(offset)), as: UTF16.self).unicodeScalars.count
    case .utf32: offset
    }
}
