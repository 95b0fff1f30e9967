import FileFormats

/// What other commands read of a case file: whether a file is one (`bgsim validate` and
/// `bgsim explain` tell it from an experiment or a scenario by its `case:` key), and the
/// line `bgsim validate` prints of a valid one.
extension ValidationCase {
  /// Whether `file` is a validation case (its root names a `case`); false for a file
  /// that cannot be read, which the scenario and experiment reader then reports.
  public static func isCase(file: String) -> Bool {
    guard let tree = try? ConfigTree.load(file: file), case .mapping(let entries) = tree.value else {
      return false
    }
    return entries.contains { $0.key == "case" }
  }

  /// The report's figure as the case judges it: `real 15`, `real 0.8–1`, `band 0–1.5`.
  var reportedText: String {
    func range(_ r: ClosedRange<Double>) -> String {
      r.lowerBound == r.upperBound
        ? Format.compact(r.lowerBound) : "\(Format.compact(r.lowerBound))–\(Format.compact(r.upperBound))"
    }
    return test == .onePhone ? "real \(range(real))" : "band \(range(band))"
  }

  /// What `bgsim validate` prints of a valid case file: its name, test, figure, report
  /// and size; the first problem as a ``UserError``.
  /// With the line, what its scenario would silently not do, as `bgsim validate` warns
  /// of a scenario file (``Scenario/warnings``), each `FILE: warning: …`.
  public static func validationLine(file: String) throws(UserError) -> (line: String, warnings: [String]) {
    let c = try load(file: file)
    guard let scenario = c.scenario else {
      return ("\(file): validation case '\(c.id)', not expressible (\(c.notExpressible ?? ""))", [])
    }
    return (
      "\(file): validation case '\(c.id)' (\(c.test.rawValue)), \(c.figure.metric.rawValue) of \(c.figure.task), "
        + "\(c.reportedText), \(c.owners) owners × \(Format.count(scenario.days, "day")), \(c.fitted == nil ? "held" : "fitted")",
      scenario.warnings.map { "\(file): warning: \($0)" }
    )
  }
}
