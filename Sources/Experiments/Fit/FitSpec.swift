import FileFormats
import Foundation
import Randomness

/// A fit file: which model parameters to learn, from which observations, with how many
/// simulations (``ABCFit``).
///
/// ```yaml
/// name: scheduler-constants
/// parameters:                              # dotted keys of scheduler, app or persona
///   scheduler.threshold: [0.3, 0.8]        # a range: a uniform prior
///   scheduler.owners.leniency_sigma: "lognormal(median: 1, sigma: 0.5)"
/// targets:
///   suite: ../validation                   # relative to this file
///   cases: [R2, R7]                        # default: every expressible case of the suite
///   exclude: [F1]                          # cases left out
///   owners: 24                             # owners per case (default: each case's own)
/// budget:
///   draws: 256                             # parameter sets simulated
///   keep: 26                               # the closest kept (default: a tenth)
///   tolerance: 0.5                         # and only those this close (default: any)
/// ```
public struct FitSpec: Sendable {
  public var name = "fit"
  public var file = ""
  public var parameters: [FitParameter] = []
  /// The folder of validation cases and the cases chosen from it.
  public var suite = ""
  public var cases: [ValidationCase] = []
  public var draws = 256
  public var keep = 26
  /// The largest distance kept (``ABCFit/distance(_:_:)``); infinite for any.
  public var tolerance = Double.infinity
  /// The text of the file, for the fingerprint of a resumed fit.
  public var text = ""

  public static let keys = ["name", "parameters", "targets", "budget"]
  /// The most draws a fit may ask for.
  public static let maximumDraws = 1_000_000

  public init() {}

  /// Reads a fit file and the validation cases it names; every parameter is tried on
  /// every case, so that an unknown key or a value out of range is found here.
  public static func load(file: String) throws(UserError) -> FitSpec {
    do {
      var spec = try parse(tree: try ConfigTree.load(file: file), file: file)
      spec.text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      return spec
    } catch { throw UserError(error.description) }
  }

  static func parse(tree: ConfigTree, file: String) throws(ConfigError) -> FitSpec {
    let root = try ConfigSection(tree, keys: keys)
    var spec = FitSpec()
    spec.file = file
    spec.name =
      try root.text("name", default: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
      ?? spec.name
    if let n = root.value("name"), spec.name.isEmpty || spec.name.hasPrefix(".") || spec.name.contains("/") {
      throw n.error("'\(spec.name)' is not a plain name; use letters, digits, '-' and '_'")
    }
    guard let p = root.value("parameters"), case .mapping(let entries) = p.value, !entries.isEmpty else {
      throw tree.error("'parameters' is missing; e.g. parameters: {scheduler.threshold: [0.3, 0.8]}")
    }
    for e in entries { spec.parameters.append(try FitParameter(key: e.key, line: e.line, tree: e.value)) }
    guard let t = try root.section("targets", keys: ["suite", "cases", "exclude", "owners"]) else {
      throw tree.error("'targets' is missing; e.g. targets: {suite: experiments/validation}")
    }
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    let suite = try t.text("suite", default: nil) ?? ""
    if suite.isEmpty { throw t.tree.error("targets.suite is missing; name the folder of validation cases") }
    spec.suite = suite.hasPrefix("/") ? suite : folder.appendingPathComponent(suite).standardizedFileURL.path
    let names = try t.list("cases")?.map(\.text) ?? []
    let excluded = try t.list("exclude")?.map(\.text) ?? []
    let owners = try t.has("owners") ? t.integer("owners", default: 24, range: 2...10_000) : nil
    let all: [ValidationCase]
    do { all = try ValidationCase.loadAll(folder: spec.suite) } catch { throw t.tree.error(error.message) }
    do { _ = try ValidationCase.select(excluded, from: all, suite: spec.suite) } catch {
      throw (t.value("exclude") ?? t.tree).error(error.message)
    }
    do {
      spec.cases = try ValidationCase.select(names, from: all, suite: spec.suite).filter {
        $0.scenario != nil && !excluded.contains($0.id)
      }
    } catch {
      throw (t.value("cases") ?? t.tree).error(error.message)
    }
    if spec.cases.isEmpty {
      throw t.tree.error("no expressible case to fit to; name cases that have a figure")
    }
    if let owners { for i in spec.cases.indices { spec.cases[i].owners = owners } }
    let b = try root.section("budget", keys: ["draws", "keep", "tolerance"])
    spec.draws = try b?.integer("draws", default: 256, range: 1...maximumDraws) ?? 256
    if spec.draws < spec.parameters.count {
      throw (b?.value("draws") ?? tree).error(
        "\(spec.draws) draws are fewer than the \(spec.parameters.count) parameters; give at least \(spec.parameters.count)"
      )
    }
    spec.keep =
      try b?.integer("keep", default: max(1, spec.draws / 10), range: 1...spec.draws)
      ?? max(1, spec.draws / 10)
    spec.tolerance = try b?.number("tolerance", default: .infinity, range: 0...1e9) ?? .infinity
    // Each parameter at both ends of its prior, on every case: a key the scenarios do
    // not have, or a value they refuse, is found now, not after hours of draws.
    for parameter in spec.parameters {
      for u in [0.001, 0.999] {
        let setting = parameter.setting(at: u, file: file)
        for c in spec.cases { _ = try c.setting([setting]) }
      }
    }
    return spec
  }

  /// The settings of draw `point` (one value in (0, 1) per parameter).
  public func settings(at point: [Double]) -> [ValidationCase.Setting] {
    zip(parameters, point).map { $0.setting(at: $1, file: file) }
  }
}
