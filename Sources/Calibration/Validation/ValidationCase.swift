import Experiments
import FileFormats
import Foundation
import Randomness
import Results

/// One field report made testable: a scenario that mimics the report's setup, the
/// figure to compare, and the band the report allows. Files live in
/// `experiments/validation/`, one case per file.
///
/// ```yaml
/// case: P2
/// source: transistorsoft/transistor-background-fetch #6
/// grade: M                      # H, M-H, M, L-M or L, as in the facts files
/// report: processing fires only on the charger, a few times a day
/// figure: {metric: launches_per_day, task: cleanup}
/// band: [1, 6]
/// owners: 24                    # owners simulated (default 24; one_phone 200)
/// scenario: {days: 8, seed: 2, persona: typical, app: {...}}
/// ```
///
/// `test:` says how the case is judged (``Test``): `fleet` (the default) puts the
/// figure over all owners in `band`; `one_phone` treats the report as one draw from the
/// population and puts its `real:` figure inside the owners' central `percentiles:`
/// (default `[5, 95]`); `typical_owner` puts the median owner's figure in `band`.
///
/// The one-phone test is containment, never overlap. `real: 24` is a point. A report
/// that gives a range (`real: [16, 25]`) says how it is read with `reading:`: a number
/// inside the range (the median of the intervals it lists), judged as that point, or
/// `ends`, when each end must lie inside the owners' spread.
///
/// A case whose owners all have the same figure (a spread of width 0) is out, unless
/// `no_variation:` says why its report shows none either. `fitted:` names the constants
/// that were read from the case; a case without it is held.
///
/// A report that the model cannot express yet keeps its case with
/// `expressible: false` and `why:` instead of `figure`, `band` and `scenario`.
public struct ValidationCase: Sendable {
  /// How a case is judged.
  public enum Test: String, Sendable, CaseIterable {
    /// The figure over all simulated owners lies in `band` (a fleet, or a report about
    /// many phones).
    case fleet
    /// One real phone, one draw: its `real` figure lies inside the owners' central
    /// `percentiles` (p5–p95 by default), each owner's figure computed on its own.
    case onePhone = "one_phone"
    /// The median owner's figure lies in `band`.
    case typicalOwner = "typical_owner"

    /// The scorecard's column: `fleet`, `phone` or `typical`.
    public var shortName: String {
      switch self {
      case .fleet: "fleet"
      case .onePhone: "phone"
      case .typicalOwner: "typical"
      }
    }
  }

  /// The band a fit reads this case's figure against (``Scorecard/figure(for:)``): its
  /// band, or for a one-phone case [−1, 1], the owners' spread in half-widths.
  public var fitBand: ClosedRange<Double> { test == .onePhone ? -1...1 : band }

  public var id = ""
  public var file = ""
  public var source = ""
  public var grade = ""
  public var report = ""
  public var figure = ValidationFigure(metric: .launchesPerDay, task: "")
  /// The reported band [low, high], in the metric's unit.
  public var band: ClosedRange<Double> = 0...0
  public var test = Test.fleet
  /// A `one_phone` case's real figure: the phone's value, or the range reported.
  public var real: ClosedRange<Double> = 0...0
  /// How a `one_phone` case's real figure is judged: a point (the value, or the reading
  /// of a range its report gives), or both ends of the range.
  public var reading = Reading.point(0)
  /// The unit a one-phone case's report rounded its figure to ("about 15 min": 1 min);
  /// the owners' percentiles are read at it too. Nil: as simulated.
  public var precision: Double?
  /// Why the report shows no variation between phones; nil when it does, and then a
  /// spread of width 0 is out.
  public var noVariation: String?
  /// The constants read from this case; nil when none was (the case is held).
  public var fitted: String?
  /// The owners' percentiles a `one_phone` case's real figure must lie between [0…100].
  public var percentiles: ClosedRange<Double> = 5...95
  public var owners = 24
  public var scenario: Scenario?
  /// The scenario as written, for ``setting(_:)``.
  var scenarioTree: ConfigTree?
  /// Why the case cannot be expressed yet; nil when it can.
  public var notExpressible: String?

  public static let keys = [
    "case", "source", "grade", "report", "test", "figure", "band", "real", "reading", "precision",
    "percentiles",
    "owners",
    "no_variation", "fitted", "expressible", "why", "scenario",
  ]
  public static let grades = ["H", "M-H", "M", "L-M", "L"]
  /// Owners a one-phone case simulates unless it says: its p5 and p95 then lie between
  /// the 10th and 11th owners from each end. With 60 (until issue 65's eighth session)
  /// they lay between the 3rd and 4th, and which owner that was moved a p5 by more than
  /// a report's precision (F9: 15.4 or 15.6 min, read to the minute, from one model
  /// change that should not move it); with 24, between the 1st and 2nd.
  public static let onePhoneOwners = 200

  public init() {}

  /// Reads a case file; relative paths in its scenario resolve from its folder.
  public static func load(file: String) throws(UserError) -> ValidationCase {
    do { return try parse(tree: try ConfigTree.load(file: file), file: file) } catch {
      throw UserError(error.description)
    }
  }

  static func parse(tree: ConfigTree, file: String) throws(ConfigError) -> ValidationCase {
    let root = try ConfigSection(tree, keys: keys)
    var c = ValidationCase()
    c.file = file
    c.id = try root.text("case", default: nil) ?? ""
    if c.id.isEmpty { throw tree.error("'case' is missing; name the report, e.g. case: P2") }
    c.source = try root.text("source", default: nil) ?? ""
    if c.source.isEmpty { throw tree.error("'source' is missing; cite where the report comes from") }
    c.grade = try root.text("grade", default: nil, allowed: grades) ?? ""
    if c.grade.isEmpty {
      throw tree.error("'grade' is missing; use one of \(grades.joined(separator: ", "))")
    }
    c.report = try root.text("report", default: nil) ?? ""
    if c.report.isEmpty { throw tree.error("'report' is missing; say in a line what was seen") }
    c.fitted = try Self.statement(root, "fitted", example: "fitted: the 1,800-s processing spacing")
    c.noVariation = try Self.statement(
      root, "no_variation", example: "no_variation: no phone in the report had a launch")
    if !(try root.flag("expressible", default: true)) {
      c.notExpressible = try root.text("why", default: nil)
      if c.notExpressible?.isEmpty ?? true {
        throw tree.error("a case with 'expressible: false' needs 'why:', saying what the model lacks")
      }
      return c
    }
    c.owners = try root.integer("owners", default: 24, range: 2...10_000)
    guard let f = root.value("figure") else {
      throw tree.error("'figure' is missing; e.g. {metric: launches_per_day, task: refresh}")
    }
    c.figure = try ValidationFigure(tree: f)
    try c.readTest(root)
    if c.test == .onePhone, !root.has("owners") { c.owners = onePhoneOwners }
    guard let s = root.value("scenario") else {
      throw tree.error("'scenario' is missing; give the report's setup")
    }
    c.scenario = try Scenario.parse(tree: s, file: file)
    c.scenarioTree = s
    return c
  }

  /// `test:` and what it needs: `band` for a fleet or typical-owner case; `real` and
  /// `percentiles` for a one-phone case, whose figure must be one an owner has alone.
  mutating func readTest(_ root: ConfigSection) throws(ConfigError) {
    let names = Test.allCases.map(\.rawValue)
    test = try root.text("test", default: nil, allowed: names).flatMap(Test.init(rawValue:)) ?? .fleet
    guard test == .onePhone else {
      for key in ["real", "reading", "precision", "percentiles"] {
        if let v = root.value(key) {
          throw v.error("'\(key)' belongs to a one_phone case; this one is \(test.rawValue): give its band")
        }
      }
      if test == .typicalOwner, !figure.metric.describesOneOwner {
        throw root.tree.error(
          "\(figure.metric.rawValue) describes a population, not one owner; use test: fleet")
      }
      band = try Self.band(root)
      return
    }
    if let b = root.value("band") {
      throw b.error("a one_phone case is judged against the owners' percentiles; give real:, not band:")
    }
    if !figure.metric.describesOneOwner {
      throw root.tree.error(
        "\(figure.metric.rawValue) describes a population, not one phone; use test: fleet")
    }
    real = try Self.range(root, "real", example: "real: 24 or real: [2, 3]", single: true)
    reading = try Self.reading(root, real: real)
    if let v = root.value("precision") {
      guard let x = v.scalar.flatMap(Double.init), x.isFinite, x > 0 else {
        throw v.error(
          "precision must be the positive unit the report rounded its figure to, e.g. precision: 1")
      }
      precision = x
    }
    if root.value("percentiles") != nil {
      percentiles = try Self.range(root, "percentiles", example: "percentiles: [5, 95]", single: false)
      guard percentiles.lowerBound >= 0, percentiles.upperBound <= 100,
        percentiles.lowerBound < percentiles.upperBound
      else {
        throw root.value("percentiles")!.error(
          "percentiles must be two numbers from 0 to 100, low below high, e.g. [5, 95]")
      }
    }
  }

  /// `KEY: [low, high]` (or, with `single`, one number), low ≤ high.
  static func range(_ root: ConfigSection, _ key: String, example: String, single: Bool) throws(ConfigError)
    -> ClosedRange<Double>
  {
    guard let b = root.value(key) else { throw root.tree.error("'\(key)' is missing; e.g. \(example)") }
    if single, let x = b.scalar.flatMap(Double.init), x.isFinite { return x...x }
    guard case .sequence(let items) = b.value, items.count == 2,
      let low = items[0].scalar.flatMap(Double.init), let high = items[1].scalar.flatMap(Double.init),
      low.isFinite, high.isFinite
    else { throw b.error("\(key) must be \(single ? "a number or " : "")two finite numbers [low, high]") }
    guard low <= high else {
      throw b.error(
        "\(key)'s low end \(Format.compact(low)) is above its high end \(Format.compact(high)); write [low, high]"
      )
    }
    return low...high
  }

  /// `reading:` of a one-phone case: the point `real` is judged at. A single real figure
  /// is its own point and takes no reading; a range needs one, a number inside it or
  /// `ends`: containment asks for a point, and overlap with a range is not a test.
  static func reading(_ root: ConfigSection, real: ClosedRange<Double>) throws(ConfigError) -> Reading {
    let given = root.value("reading")
    if real.lowerBound == real.upperBound {
      if let g = given {
        throw g.error("real is one number, judged as that point; remove reading: (it is for a range)")
      }
      return .point(real.lowerBound)
    }
    let range = "\(Format.compact(real.lowerBound))–\(Format.compact(real.upperBound))"
    guard let g = given else {
      throw (root.value("real") ?? root.tree).error(
        "real \(range) is a range, and a one-phone case is judged at a point: add reading: N "
          + "(the report's median, inside the range) or reading: ends (each end inside the owners' spread)")
    }
    if g.scalar == "ends" { return .ends }
    guard let x = g.scalar.flatMap(Double.init), x.isFinite, real.contains(x) else {
      throw g.error("reading must be ends or a number inside real \(range), e.g. the report's median")
    }
    return .point(x)
  }

  /// A key whose value is one line of text, non-empty when given; nil when absent.
  static func statement(_ root: ConfigSection, _ key: String, example: String) throws(ConfigError) -> String?
  {
    guard let v = root.value(key) else { return nil }
    guard let text = v.scalar?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
      throw v.error("\(key) needs a line of text, e.g. \(example)")
    }
    return text
  }

  /// `band: [low, high]`, low ≤ high.
  static func band(_ root: ConfigSection) throws(ConfigError) -> ClosedRange<Double> {
    try range(root, "band", example: "band: [1, 6]", single: false)
  }

  /// The cases named in `names` (all when it is empty), or a line naming the first
  /// unknown one and the nearest known name.
  public static func select(_ names: [String], from all: [ValidationCase], suite: String) throws(UserError)
    -> [ValidationCase]
  {
    guard !names.isEmpty else { return all }
    let known = all.map(\.id)
    for name in names where !known.contains(name) {
      // A report's family (V6) names no case of its own: list its cases.
      let family = known.filter { $0.hasPrefix(name + "-") }
      let hint =
        family.isEmpty
        ? NearestName.hint(name, among: known) : "; its cases are \(family.joined(separator: ", "))"
      throw UserError("no case '\(name)' in \(suite)\(hint)")
    }
    return all.filter { names.contains($0.id) }
  }

  /// Every case file in `folder` (`*.yaml`), in name order.
  public static func loadAll(folder: String) throws(UserError) -> [ValidationCase] {
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
      throw UserError("\(folder): cannot list the validation cases; pass the folder with --suite")
    }
    let files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    if files.isEmpty { throw UserError("\(folder): holds no validation case (*.yaml)") }
    var cases: [ValidationCase] = []
    for name in files {
      cases.append(try load(file: URL(fileURLWithPath: folder).appendingPathComponent(name).path))
    }
    var seen: [String: String] = [:]
    for c in cases {
      if let other = seen[c.id] {
        throw UserError("\(c.file): case '\(c.id)' is also in \(other); give each case its own name")
      }
      seen[c.id] = c.file
    }
    return cases
  }
}
