extension WebFixture {
    /// Every fixture, one per grammar.
    static let all: [WebFixture] = [
        javascript, typescript, json, jsonc, html, css, svelte, markdown,
    ]
}
