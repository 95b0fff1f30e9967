import FileFormats

extension StartupTransient {
  /// The console's line on the warm-up left out (`warmupDays`, read by the pilot when
  /// `auto`) beside the transient the run's own daily launches show.
  public func line(warmupDays: Int, auto: Bool, cells: Int) -> String {
    func count(_ n: Int) -> String { "\(n) day\(n == 1 ? "" : "s")" }
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

  /// The one-line warning when the summary may hold the transient: a run of `days` days
  /// too short for the rule to find where the launches settle, or a warm-up of
  /// `warmupDays` shorter than the transient. Nil when neither.
  public func warning(warmupDays: Int, days runDays: Int, label: String) -> String? {
    if atSearchLimit {
      return
        "\(label): warning: the daily launches may still be rising at day \(days) of \(runDays) (the MSER "
        + "rule searches the first half of the run); run more days so that the summary reads the steady state"
    }
    guard days > warmupDays else { return nil }
    return
      "\(label): warning: the daily launches settle after \(days) days (MSER rule) but warmup_days leaves "
      + "out \(warmupDays), so the summary includes the start-up transient; set warmup_days: \(days), or auto"
  }

  /// What `warmup_days: auto` says on a run of `days` days too short to read the
  /// transient from: under 3 days (`transient` nil), or with the pilot's launches still
  /// rising where the rule stops searching.
  public static func tooShortMessage(_ transient: StartupTransient?, days: Int) -> String {
    guard let transient else {
      return
        "auto reads the start-up transient from at least 3 days of launches, and this run has \(days); run more "
        + "days, or set a number of days from 0 to \(days - 1) (--warmup-days N)"
    }
    let series = transient.dayMeans.prefix(transient.days + 1).map { Format.fixed($0, digits: 1) }
    return
      "auto: \(transient.arm)'s launches a day (\(series.joined(separator: ", ")), …) are still rising at day "
      + "\(transient.days) of \(days), the last the MSER rule searches (the first half of the run), so the run "
      + "is too short to read the start-up transient from; run more days, or set a number of days (--warmup-days N)"
  }
}
