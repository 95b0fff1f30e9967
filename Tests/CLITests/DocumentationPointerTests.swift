import Foundation
import Testing

/// The example files send their readers somewhere that exists: every documentation file
/// an experiment, app or persona file names is in the repository, and every section
/// it names ("App files") is a heading there.
@Suite struct DocumentationPointerTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func everyDocumentNamedInAnExampleFileExists() throws {
    let folder = Self.root.appendingPathComponent("experiments")
    let files =
      FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".yaml") } ?? []
    #expect(files.count > 10)
    var pointers = 0
    for file in files {
      // A comment is read as one line of text, so that a pointer split over two lines is found.
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n").filter { $0.hasPrefix("#") }.map {
          $0.dropFirst().trimmingCharacters(in: .whitespaces)
        }
        .joined(separator: " ")
      for path in Self.matches(
        #"(?:Sources|Tests|experiments)/[A-Za-z0-9_./+-]+\.(?:md|swift|yaml)"#, in: text)
      {
        pointers += 1
        let document = Self.root.appendingPathComponent(path)
        #expect(FileManager.default.fileExists(atPath: document.path), "\(file) names \(path)")
        for section in Self.matches(#""([^"]+)" section"#, in: text, group: 1) {
          let body = (try? String(contentsOf: document, encoding: .utf8)) ?? ""
          #expect(body.contains("## \(section)\n"), "\(file): no section '\(section)' in \(path)")
        }
      }
      #expect(!text.contains("README's \""), "\(file) names a README section: \(text)")
    }
    #expect(pointers > 0)
  }

  static func matches(_ pattern: String, in text: String, group: Int = 0) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { m in
      Range(m.range(at: group), in: text).map { String(text[$0]) }
    }
  }
}
