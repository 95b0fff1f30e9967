import FileFormats

extension StartupTransient {
  /// The console's line on the warm-up left out (`warmupDays`, read by the pilot when
  /// `auto`) beside the transient the run's own daily launches show.
  public func line(warmupDays: Int, auto: Bool, cells: Int) -> String {
    func count(_ n: Int) -> String { Format.count(n, "day") }
    let series = dayMeans.prefix(days + 2).map { Format.fixed($0, digits: 1) }.joined(separator: ", ")
    let whose = cells > 1 ? "cell \(cell) \(arm)" : arm
    if auto {
      return
        "warm-up: \(count(warmupDays)) left out (warmup_days: auto, read by the MSER rule from a pilot of "
        + "this same run): \(whose)'s launches a day \(series), …"
    }
    return
      "warm-up: \(count(warmupDays)) left out (warmup_days: \(warmupDays)); this run's launches a day settle "
      + "after \(count(days)) by the MSER rule (\(whose): \(series), …)"
  }

  /// The one-line warning when the summary may hold the transient: where the rule stops
  /// searching, launches still rising or not shown to have settled (``tail``), with the
  /// run length that would let the rule see their end; or a warm-up of `warmupDays`
  /// shorter than the transient. Nil when neither.
  public func warning(warmupDays: Int, days runDays: Int, label: String) -> String? {
    if tail != .settled {
      let what =
        tail == .rising
        ? "are still rising at day \(days) of \(runDays) (their slope from day \(days) on is above 0 by more than "
          + "its one-sided 95 % bound)"
        : "may not have settled at day \(days) of \(runDays) (too few or too scattered days after it to show a "
          + "flat tail)"
      return
        "\(label): warning: the daily launches \(what), so the summary, which leaves out "
        + "\(Format.count(warmupDays, "day")), may hold the start-up transient; the MSER rule searches the first half "
        + "of a run, so run at least \(2 * (days + 1)) days to read where the launches settle"
    }
    guard days > warmupDays else { return nil }
    return
      "\(label): warning: the daily launches settle after \(Format.count(days, "day")) (MSER rule) but warmup_days leaves "
      + "out \(warmupDays), so the summary includes the start-up transient; set warmup_days: \(days), or auto"
  }

  /// The warm-up warning of a summary whose transient is `transient` (nil under 3 days):
  /// ``warning(warmupDays:days:label:)``, or under 3 days with `auto`
  /// ``tooShortWarning(warmupDays:days:label:)``.
  public static func warning(
    _ transient: StartupTransient?, auto: Bool, warmupDays: Int, days: Int, label: String
  ) -> String? {
    guard let transient else {
      return auto ? tooShortWarning(warmupDays: warmupDays, days: days, label: label) : nil
    }
    return transient.warning(warmupDays: warmupDays, days: days, label: label)
  }

  /// The one-line warning of `warmup_days: auto` on a run of `days` days, under the 3
  /// the rule reads a transient from: it left out `warmupDays` (the first half).
  public static func tooShortWarning(warmupDays: Int, days: Int, label: String) -> String {
    "\(label): warning: warmup_days: auto reads the start-up transient from at least 3 days of launches and this "
      + "run has \(days), so it left out \(Format.count(warmupDays, "day")) (the first half) and the "
      + "summary may hold the transient; run at least 3 days"
  }
}
