import Foundation
import Testing

/// The scheduler keeps what the rule knows in named parts (issue 64), not in one struct
/// of dozens of fields.
extension ArchitectureTests {
  /// The stored properties declared in the body of `struct name` in `text`: each `var`
  /// or `let` at the body's top level that is not static and not computed (a body that
  /// starts with `didSet` or `willSet` still stores).
  static func storedProperties(ofStruct name: String, in text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(where: { $0.contains("struct \(name)") && $0.hasSuffix("{") })
    else { return [] }
    var depth = 0
    var out: [String] = []
    for k in start..<lines.count {
      let line = lines[k]
      let code = line.components(separatedBy: "//").first ?? ""
      if depth == 1, !code.contains("static "),
        let property = matches(
          #"^\s*(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|package)(?:\(set\))?\s+)*(?:var|let)\s+(\w+)"#,
          in: code
        ).first
      {
        // A brace with no `=` before it opens a getter (or the observers of a stored one).
        let brace = code.firstIndex(of: "{")
        let computed = brace.map { !code[..<$0].contains("=") } ?? false
        let observer =
          k + 1 < lines.count
          && ["didSet", "willSet"].contains {
            lines[k + 1].trimmingCharacters(in: .whitespaces).hasPrefix($0)
          }
        if !computed || observer { out.append(property) }
      }
      depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
      if k > start, depth <= 0 { break }
    }
    return out
  }

  @Test func theSchedulerKeepsAtMostFifteenStoredProperties() throws {
    let file = try #require(try Self.files().first { $0.path == "IOSModel/Scheduling/SystemScheduler.swift" })
    let stored = Self.storedProperties(ofStruct: "SystemScheduler", in: file.text)
    #expect(stored.count <= 15, "\(stored.count): \(stored.joined(separator: ", "))")
    #expect(stored.contains("model") && stored.contains("usage"), "\(stored)")
  }

  @Test func theStoredPropertyCountCountsWhatItSays() {
    let text = """
      struct S {
        public var a: Int {
          didSet { }
        }
        var b = 0
        let c: Double
        public internal(set) var d: [Int] = []
        var computed: Int { b + 1 }
        static let e = 1
        func f() { var local = 0; local += 1 }
        struct Inner { var g = 0 }
      }
      """
    #expect(Self.storedProperties(ofStruct: "S", in: text) == ["a", "b", "c", "d"])
  }
}
