import Foundation
import Testing

/// The source tree keeps the shape the README draws: targets import one way, the
/// results and the report never reach a phone, and no file grows past what one reads at
/// a sitting.
@Suite struct ArchitectureTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// The targets in import order (the README's table and `Package.swift`).
  static let order = [
    "CGSL", "SimKernel", "Randomness", "FileFormats", "DeviceModel", "IOSModel", "PhoneAssembly", "Results",
    "Report", "Experiments", "Calibration", "Benchmarks", "bgsim",
  ]

  /// Every Swift file of each target, with its text.
  static func files() throws -> [(target: String, path: String, text: String)] {
    var out: [(String, String, String)] = []
    for target in order {
      let root = sources.appendingPathComponent(target)
      guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
      for case let name as String in walk where name.hasSuffix(".swift") {
        let path = root.appendingPathComponent(name).path
        out.append((target, "\(target)/\(name)", try String(contentsOfFile: path, encoding: .utf8)))
      }
    }
    return out
  }

  static func imports(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard let i = words.firstIndex(of: "import"), i + 1 < words.count else { return nil }
      return words[..<i].allSatisfy({ $0.hasPrefix("@") }) ? String(words[i + 1]) : nil
    }
  }

  @Test func everyTargetOfTheTableIsAFolder() {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: Self.sources.path)) ?? []
    #expect(Set(folders) == Set(Self.order))
  }

  @Test func noTargetImportsOneListedAfterIt() throws {
    let files = try Self.files()
    #expect(files.count > 100)
    for file in files {
      let rank = Self.order.firstIndex(of: file.target)!
      for module in Self.imports(file.text) {
        guard let other = Self.order.firstIndex(of: module) else { continue }
        #expect(other <= rank, "\(file.path) imports \(module), listed after \(file.target)")
      }
    }
  }

  /// Every command names itself: without `commandName`, Argument Parser derives the name
  /// from the type with `String(describing:)`, whose dynamic casts scan every protocol
  /// conformance (20.6 M of the 43.1 M instructions of `bgsim --version`, callgrind).
  @Test func everyCommandNamesItself() throws {
    var configurations = 0
    for file in try Self.files() where file.target == "bgsim" {
      let parts = file.text.components(separatedBy: "CommandConfiguration(")
      for part in parts.dropFirst() {
        configurations += 1
        let first = part.drop(while: { $0 == "\n" || $0 == " " })
        #expect(first.hasPrefix("commandName: \""), "\(file.path): a command without commandName")
      }
    }
    #expect(configurations >= 19)
  }

  @Test func resultsAndTheReportNeverImportTheSimulation() throws {
    let simulation: Set = ["DeviceModel", "IOSModel", "PhoneAssembly", "Experiments", "Calibration"]
    for file in try Self.files() where ["Results", "Report"].contains(file.target) {
      let reached = Set(Self.imports(file.text)).intersection(simulation)
      #expect(reached.isEmpty, "\(file.path) imports \(reached.sorted())")
    }
  }

  @Test func noSwiftFileIsOver450Lines() throws {
    for file in try Self.files() {
      let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count
      #expect(lines <= 450, "\(file.path) has \(lines) lines")
    }
  }

  /// The other apps are parts of the phone: the owner's use of them lives with the
  /// owner, their work is a part the assembly adds, and what they did reaches the
  /// experiment through the phone, never through the scheduler's internals.
  @Test func theOtherAppsAreReachedThroughThePhone() throws {
    let files = try Self.files()
    for file in files where file.target == "Experiments" {
      for name in ["OtherAppsWork", "OtherAppKnowledge", "decider.otherApps", "decider.usage", ".known."] {
        #expect(!file.text.contains(name), "\(file.path) names \(name)")
      }
    }
    // The scheduler keeps no count of the owner's opens of other apps, nor draws them.
    for file in files where file.target == "IOSModel" {
      for name in ["openCount", "OtherAppUse(", "rankOpenedAtScreenOn"] {
        #expect(!file.text.contains(name), "\(file.path) names \(name)")
      }
    }
  }

  @Test func experimentsStaysUnder3500Lines() throws {
    let lines = try Self.files().filter { $0.target == "Experiments" }.reduce(0) {
      $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count
    }
    #expect(lines <= 3_500, "Experiments has \(lines) lines")
  }
}

/// Imports that a file does not use: it names nothing its target imports from another
/// of ours.
extension ArchitectureTests {
  static func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
    let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    let ns = text as NSString
    return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { m in
      let r = m.range(at: group)
      return r.location == NSNotFound ? nil : ns.substring(with: r)
    }
  }

  /// What each target gives the files that import it: its type names, its top-level
  /// functions and values, and the members it adds to other targets' types.
  static func provided(_ files: [(target: String, path: String, text: String)]) -> [String: Set<String>] {
    var types: [String: Set<String>] = [:]
    for f in files {
      types[f.target, default: []].formUnion(
        matches(#"\b(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)"#, in: f.text))
    }
    var out = types
    for f in files {
      out[f.target, default: []].formUnion(
        matches(#"^(?:public|package)\s+(?:func|var|let)\s+(\w+)"#, in: f.text))
      for block in matches(#"^extension\s+([\w.]+[^{]*\{[\s\S]*?^\})"#, in: f.text) {
        let extended = String(block.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !(types[f.target] ?? []).contains(extended) else { continue }
        // A member added to another of our targets' types is a use only beside that
        // type's name (`init` alone is every initialiser): kept as `Type.member`. One
        // added to a standard type (`Duration.inSeconds`) is a use by its name alone.
        let ours = types.values.contains { $0.contains(extended) }
        out[f.target, default: []].formUnion(
          matches(
            #"\b(?:public|package)\s+(?:static\s+|mutating\s+)*(?:func|var|let|init|subscript)\s*(\w*)"#,
            in: block
          ).map { ours ? "\(extended).\($0.isEmpty ? "init" : $0)" : ($0.isEmpty ? "init" : $0) })
      }
    }
    return out
  }

  /// Whether a file's `words` name something of `provided`: a name, or both the type and
  /// the member of a `Type.member` entry.
  static func uses(_ words: Set<String>, _ provided: Set<String>) -> Bool {
    provided.contains { name in
      let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
      return parts.count == 2 ? words.contains(parts[0]) && words.contains(parts[1]) : words.contains(name)
    }
  }

  @Test func noFileImportsATargetItDoesNotUse() throws {
    let files = try Self.files()
    let provided = Self.provided(files)
    var unused: [String] = []
    for file in files {
      let body = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { Self.imports(String($0)).isEmpty }.joined(separator: "\n")
      let words = Set(Self.matches(#"(\w+)"#, in: body))
      for module in Self.imports(file.text) where Self.order.contains(module) {
        let used: Bool
        switch module {
        case "CGSL": used = body.contains("gsl_")
        // The kernel's time arithmetic (`now - start`) names none of its types.
        case "SimKernel":
          used =
            !words.isDisjoint(with: provided[module] ?? []) || body.contains(" - ") || body.contains(" + ")
        default: used = Self.uses(words, provided[module] ?? [])
        }
        if !used { unused.append("\(file.path) imports \(module)") }
      }
    }
    #expect(unused.isEmpty, "\(unused.count) unused imports: \(unused.joined(separator: "; "))")
  }
}

/// Functions short enough to read at a sitting.
extension ArchitectureTests {
  /// Each function's (or initialiser's, or subscript's) length in lines, from its
  /// declaration to its closing brace, with where it starts.
  static func functionLengths(_ text: String) -> [(line: Int, name: String, lines: Int)] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let declaration = try! NSRegularExpression(
      pattern:
        #"^\s*(?:@[\w()_]+\s+)*(?:(?:public|package|private|fileprivate|internal|static|mutating|nonmutating|override|final|nonisolated)\s+)*(func\s+[^\s(<]+|init[?!]?[(<]|subscript)"#
    )
    let string = try! NSRegularExpression(pattern: #""(?:\\.|[^"\\])*""#)
    var out: [(Int, String, Int)] = []
    for (i, line) in lines.enumerated() {
      let ns = line as NSString
      guard let m = declaration.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) else {
        continue
      }
      var depth = 0
      var started = false
      var j = i
      scan: while j < lines.count {
        let code = lines[j].components(separatedBy: "//")[0]
        let bare = string.stringByReplacingMatches(
          in: code, range: NSRange(location: 0, length: (code as NSString).length), withTemplate: "\"\"")
        for ch in bare {
          if ch == "{" {
            depth += 1
            started = true
          } else if ch == "}" {
            depth -= 1
          }
          if started, depth <= 0 { break scan }
        }
        if !started, j > i + 15 { break }
        j += 1
      }
      if started { out.append((i + 1, ns.substring(with: m.range(at: 1)), j - i + 1)) }
    }
    return out
  }

  @Test func noFunctionIsOver80Lines() throws {
    var long: [String] = []
    for file in try Self.files() {
      for f in Self.functionLengths(file.text) where f.lines > 80 {
        long.append("\(file.path):\(f.line) \(f.name) has \(f.lines) lines")
      }
    }
    #expect(long.isEmpty, "\(long.joined(separator: "; "))")
  }

  @Test func theFunctionLengthCheckMeasuresWhatItSays() {
    let body = (1...79).map { "  let x\($0) = \"}\" // }" }.joined(separator: "\n")
    let text = "struct S {\n  func short() {\n\(body)\n  }\n  mutating func f() { }\n}\n"
    let lengths = Self.functionLengths(text)
    #expect(lengths.map(\.lines) == [81, 1])
    #expect(lengths.first?.name == "func short")
  }
}
