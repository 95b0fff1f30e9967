import Foundation
import Testing

/// No doc comment or DocC article names a symbol that does not exist: every ``link``
/// resolves to a declared name (with its argument labels, for a function), and every
/// `name(` a doc comment quotes is a function, initialiser or case of ours, or one of
/// the few outside names listed in ``ArchitectureTests/outsideCalls``.
extension ArchitectureTests {
  /// Calls doc comments may quote that are not declared in `Sources`: the standard
  /// library's, pandas', and the distributions' YAML syntax.
  static let outsideCalls: Set<String> = ["Int64", "rounded", "groupby", "lognormal", "truncnormal"]

  /// Every name declared in `text` (types, functions, properties, cases), and each
  /// function's, initialiser's, subscript's and case's signature as DocC spells it:
  /// `name(label:_:)`.
  static func declarations(in text: String) -> (names: Set<String>, signatures: Set<String>) {
    var names = Set(
      matches(
        #"\b(?:func|var|let|case|struct|class|enum|protocol|typealias|actor|associatedtype)\s+`?(\w+)"#,
        in: text))
    for list in matches(#"^\s*(?:indirect\s+)?case\s+([^\n]*)"#, in: text) {
      for part in list.split(separator: ",") {
        names.formUnion(matches(#"^\s*`?(\w+)"#, in: String(part)))
      }
    }
    var signatures = Set<String>()
    let chars = Array(text.utf16)
    let regex = try! NSRegularExpression(
      pattern: #"\b(?:func\s+`?(\w+)`?|(init)[?!]?|(subscript)|case\s+(\w+))\s*(?:<[^>(]*>)?\s*\("#)
    for m in regex.matches(in: text, range: NSRange(location: 0, length: chars.count)) {
      let name =
        (1...4).lazy.map { m.range(at: $0) }.first { $0.location != NSNotFound }
        .map { (text as NSString).substring(with: $0) } ?? ""
      let labels = parameterLabels(chars, from: m.range.location + m.range.length)
      names.insert(name)
      // A closure parameter a comment quotes as a call (`decides(count)`).
      names.formUnion(labels)
      signatures.insert(name + "(" + labels.map { $0 + ":" }.joined() + ")")
    }
    return (names, signatures)
  }

  /// The argument labels of the parameter list that starts after the `(` at `start`.
  static func parameterLabels(_ chars: [UInt16], from start: Int) -> [String] {
    var depth = 0
    var inString = false
    var params: [String] = []
    var current: [UInt16] = []
    var i = start
    while i < chars.count {
      let c = chars[i]
      if inString {
        if c == 0x22 { inString = false }
      } else if c == 0x22 {
        inString = true
      } else if c == 0x28 || c == 0x5B || c == 0x3C || c == 0x7B {  // ( [ < {
        depth += 1
      } else if c == 0x3E, i > 0, chars[i - 1] == 0x2D {  // -> is no bracket
      } else if c == 0x29 || c == 0x5D || c == 0x3E || c == 0x7D {  // ) ] > }
        if depth == 0 {
          params.append(String(decoding: current, as: UTF16.self))
          break
        }
        depth -= 1
      } else if c == 0x2C, depth == 0 {
        params.append(String(decoding: current, as: UTF16.self))
        current = []
        i += 1
        continue
      }
      current.append(c)
      i += 1
    }
    return params.compactMap { param in
      let head = param.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
      let words = head.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { !$0.hasPrefix("@") }
      guard let first = words.first, !param.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        return nil
      }
      // An enum case's unlabelled associated value (`case scored(Double)`) has no colon.
      return param.contains(":") ? String(first) : "_"
    }
  }

  @Test func everySymbolADocNamesExists() throws {
    let files = try Self.files()
    var names = Set(Self.order)
    var signatures = Set<String>()
    for f in files {
      let d = Self.declarations(in: f.text)
      names.formUnion(d.names)
      signatures.formUnion(d.signatures)
    }
    var stale: [String] = []
    func check(_ link: String, at place: String) {
      for part in link.split(separator: "/") {
        var component = String(part)
        if let dash = component.range(of: "-", options: .backwards), !component.hasSuffix("-") {
          component = String(component[..<dash.lowerBound])
        }
        let name = String(component.prefix { $0 != "(" })
        let known = component.contains("(") ? signatures.contains(component) : names.contains(name)
        if !known { stale.append("\(place): ``\(link)``") }
      }
    }
    for f in files {
      for (n, line) in f.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("///") else { continue }
        for link in Self.matches("``([^`]+)``", in: text) { check(link, at: "\(f.path):\(n + 1)") }
        for call in Self.matches(#"(?<!`)`([A-Za-z_][\w.]*)\("#, in: text) {
          let name = String(call.split(separator: ".").last ?? "")
          if !names.contains(name), !Self.outsideCalls.contains(name) {
            stale.append("\(f.path):\(n + 1): `\(call)(`")
          }
        }
      }
    }
    for article in try Self.articles() {
      for (n, line) in article.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        for link in Self.matches("``([^`]+)``", in: String(line)) {
          check(link, at: "\(article.path):\(n + 1)")
        }
      }
    }
    #expect(stale.isEmpty, "names that no longer exist:\n\(stale.joined(separator: "\n"))")
  }

  /// Every DocC article under `Sources`, with its text.
  static func articles() throws -> [(path: String, text: String)] {
    var out: [(String, String)] = []
    guard let walk = FileManager.default.enumerator(atPath: sources.path) else { return [] }
    for case let name as String in walk where name.hasSuffix(".md") && name.contains(".docc/") {
      out.append(
        (name, try String(contentsOfFile: sources.appendingPathComponent(name).path, encoding: .utf8)))
    }
    return out
  }
}
