import FileFormats
import Foundation
import Results

extension ExperimentSpec {
  /// `warmup_days`: one day by default (none in a one-day run); a number must leave a
  /// day; `auto` is read by a pilot run (``ExperimentRunner``), one day until then, and
  /// once read every sweep cell's copy keeps it.
  mutating func decodeWarmup(_ root: ConfigSection) throws(ConfigError) {
    guard let w = root.value("warmup_days") else {
      warmupDays = min(1, days - 1)
      return
    }
    let text = w.scalar?.trimmingCharacters(in: .whitespaces)
    if text == "auto" {
      (warmupIsAuto, warmupDays) = (true, min(warmupPilot?.days ?? 1, days - 1))
      return
    }
    if let text, Int(text) == nil {
      throw w.error(
        "'\(text)' is not a number of days; write a whole number from 0 to \(days - 1), or auto to read the start-up transient from a pilot run"
      )
    }
    // The range follows `days`, which may come from elsewhere (`--days`, a sweep): say so.
    warmupDays = try root.integer("warmup_days", default: 1, range: 0...(days - 1)) { [days] in
      "\($0) leaves no day of a \(days)-day run to summarise; use \(days == 1 ? "0" : "a value in 0…\(days - 1)")"
    }
  }

  /// The pilot run of `warmup_days: auto`: this experiment as it is (every cell,
  /// replication and owner, the same seeds) with no warm-up. The whole run, not a sample:
  /// the MSER rule's answer grows with the owners behind each day's mean (in the main job
  /// 4 days at 40–120 owners, 5 at 200, 8 at 400–800), so a smaller pilot would leave
  /// part of the transient in the summary.
  func warmupPilotSpec() throws(ConfigError) -> ExperimentSpec {
    var copy = self
    copy.tree = try tree.applying([
      ("warmup_days", ConfigTree(value: .scalar("0"), file: file, line: tree.line, path: "warmup_days"))
    ])
    try copy.decodeBody(try ConfigSection(copy.tree, keys: Self.keys))
    (copy.warmupIsAuto, copy.otherAppDays) = (false, false)
    return copy
  }

  /// This experiment with the warm-up the pilot read, at most all days but one.
  func resolvingWarmup(_ transient: StartupTransient) -> ExperimentSpec {
    var copy = self
    copy.warmupPilot = transient
    copy.warmupDays = min(transient.days, days - 1)
    return copy
  }

  /// With `warmup_days: auto`, this experiment with the warm-up a shard's pilot read
  /// (its record's); itself otherwise.
  func recordingWarmup(_ days: Int) -> ExperimentSpec {
    warmupIsAuto ? resolvingWarmup(StartupTransient(days: days, atSearchLimit: false, dayMeans: [])) : self
  }
}
