import Testing

@testable import FileFormats

/// An unknown key gets "did you mean" when a known key is near it, and otherwise the
/// keys the section takes, so a misremembered name still says what to write.
@Suite struct ConfigSectionTests {
  @Test func aNearMissIsNamedAndAFarOneListsTheKeys() {
    let keys = ["capacity_wh", "initial_pct"]
    #expect(ConfigSection.hint("capacity_w", among: keys) == "; did you mean 'capacity_wh'?")
    #expect(ConfigSection.hint("size", among: keys) == "; this section takes capacity_wh, initial_pct")
    let many = (1...23).map { "key_\($0)" }
    let listed = ConfigSection.hint("something_else_entirely", among: many)
    #expect(listed.hasPrefix("; this section takes key_1, key_2, "))
    #expect(listed.hasSuffix("key_20 and 3 more"))
    #expect(ConfigSection.hint("x", among: []) == "")
  }
}
