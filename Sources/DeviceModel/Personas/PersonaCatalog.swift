import FileFormats
import Foundation
import Randomness

/// Finds personas: a path given directly, `experiments/personas/<name>.yaml` under the
/// current folder or above the running executable (for a binary inside a checkout's
/// `.build`, so that edits to the shipped files apply), or else the copy of a shipped
/// persona built into the binary (so that `bgsim` works from anywhere).
public enum PersonaCatalog {
  public static let builtIn = [
    "typical", "heavy-night-charger", "light-opportunistic", "commuter-poor-connectivity",
  ]

  /// Where a persona's YAML comes from.
  public enum Source: Sendable, Equatable {
    case file(String)
    /// A shipped persona's built-in copy (its name).
    case builtIn(String)
  }

  /// The folders searched for `experiments/personas`.
  static var searchRoots: [URL] {
    var roots = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    var exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    for _ in 0..<6 {
      exe.deleteLastPathComponent()
      roots.append(exe)
    }
    return roots
  }

  /// Where to read a persona name or path from.
  public static func source(for nameOrPath: String) throws(UserError) -> Source {
    if nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml") || nameOrPath.contains("/") {
      return .file(nameOrPath)
    }
    for root in searchRoots {
      let candidate = root.appendingPathComponent("experiments/personas/\(nameOrPath).yaml").path
      if FileManager.default.fileExists(atPath: candidate) { return .file(candidate) }
    }
    if BuiltInPersonas.texts[nameOrPath] != nil { return .builtIn(nameOrPath) }
    let known = builtIn.joined(separator: ", ")
    let hint = NearestName.hint(nameOrPath, among: builtIn)
    throw UserError("unknown persona '\(nameOrPath)'\(hint) (built in: \(known); or give a .yaml path)")
  }

  /// Reads and checks the persona at `source`, with `overrides` applied.
  public static func load(_ source: Source, overrides: [(path: String, value: ConfigTree)] = [])
    throws(ConfigError) -> Persona
  {
    switch source {
    case .file(let path): return try Persona.load(file: path, overrides: overrides)
    case .builtIn(let name):
      let tree = try ConfigTree.parse(
        yaml: BuiltInPersonas.texts[name] ?? "", file: "\(name).yaml (built in)")
      return try Persona(tree: tree.applying(overrides))
    }
  }

  /// Loads a persona by name or path.
  public static func load(_ nameOrPath: String, overrides: [(path: String, value: ConfigTree)] = [])
    throws(UserError) -> Persona
  {
    let source = try source(for: nameOrPath)
    do { return try load(source, overrides: overrides) } catch { throw UserError(error.description) }
  }
}
