import DeviceModel
import Foundation
import Randomness

/// Finds persona files: `experiments/personas/<name>.yaml` under the current folder
/// or above the running executable (for a binary inside a checkout's `.build`), or a
/// path given directly.
public enum PersonaCatalog {
  public static let builtIn = [
    "typical", "heavy-night-charger", "light-opportunistic", "commuter-poor-connectivity",
  ]

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

  /// The file for a persona name or path.
  public static func file(for nameOrPath: String) throws(UserError) -> String {
    if nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml") || nameOrPath.contains("/") {
      return nameOrPath
    }
    for root in searchRoots {
      let candidate = root.appendingPathComponent("experiments/personas/\(nameOrPath).yaml").path
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
    }
    let known = builtIn.joined(separator: ", ")
    let hint = NearestName.hint(nameOrPath, among: builtIn)
    throw UserError("unknown persona '\(nameOrPath)'\(hint) (built in: \(known); or give a .yaml path)")
  }

  /// Loads a persona by name or path.
  public static func load(_ nameOrPath: String, overrides: [(path: String, value: ConfigTree)] = [])
    throws(UserError) -> Persona
  {
    let path = try file(for: nameOrPath)
    do { return try Persona.load(file: path, overrides: overrides) } catch {
      throw UserError(error.description)
    }
  }
}
