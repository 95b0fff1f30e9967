import Testing

@testable import FileFormats

/// A key given twice is refused at its second line, naming the first, at the top level
/// and inside a section.
@Suite struct DuplicateKeyTests {
  @Test(arguments: [
    ("name: x\ndays: 3\ndays: 4\n", 3, "days", 2),
    ("name: x\napp:\n  bundle: a\n  opens_per_day: 2\n  bundle: b\n", 5, "bundle", 3),
  ])
  func aKeyGivenTwiceNamesBothLines(yaml: String, line: Int, key: String, first: Int) {
    do {
      _ = try ConfigTree.parse(yaml: yaml, file: "e.yaml")
      Issue.record("accepted a duplicate \(key)")
    } catch {
      #expect(error.line == line && error.key.hasSuffix(key), "\(error)")
      #expect(error.message == "key is given twice (first on line \(first)); keep one", "\(error)")
    }
  }
}
