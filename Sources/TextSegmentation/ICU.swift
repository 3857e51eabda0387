import CICU

/// The ICU functions this package calls, from `libicuuc` opened on first use
/// (`CLibrary`): break iterators (lines, grapheme clusters), character properties and
/// the bidirectional algorithm. Debian's ICU names each entry point with its version
/// (`ubrk_open_72`).
package enum ICU {
    private static let library = CLibrary(opening: "libicuuc.so.\(U_ICU_VERSION_SHORT)")

    private static func function<Function>(_ name: String, _ type: Function.Type) -> Function {
        library.function("\(name)_\(U_ICU_VERSION_SHORT)", as: type)
    }

    package static let ubrkOpen = function("ubrk_open", hl_ubrk_open.self)
    package static let ubrkClose = function("ubrk_close", hl_ubrk_close.self)
    package static let ubrkSetText = function("ubrk_setText", hl_ubrk_setText.self)
    package static let ubrkFirst = function("ubrk_first", hl_ubrk_first.self)
    package static let ubrkNext = function("ubrk_next", hl_ubrk_next.self)
    package static let ubrkGetRuleStatus = function("ubrk_getRuleStatus", hl_ubrk_getRuleStatus.self)
    package static let getIntPropertyValue = function("u_getIntPropertyValue", hl_u_getIntPropertyValue.self)
    package static let charType = function("u_charType", hl_u_charType.self)
    package static let hasBinaryProperty = function("u_hasBinaryProperty", hl_u_hasBinaryProperty.self)
    package static let ubidiOpenSized = function("ubidi_openSized", hl_ubidi_openSized.self)
    package static let ubidiClose = function("ubidi_close", hl_ubidi_close.self)
    package static let ubidiSetPara = function("ubidi_setPara", hl_ubidi_setPara.self)
    package static let ubidiGetDirection = function("ubidi_getDirection", hl_ubidi_getDirection.self)
    package static let ubidiGetParaLevel = function("ubidi_getParaLevel", hl_ubidi_getParaLevel.self)
    package static let ubidiGetLevels = function("ubidi_getLevels", hl_ubidi_getLevels.self)
    package static let ubidiReorderVisual = function("ubidi_reorderVisual", hl_ubidi_reorderVisual.self)
}
