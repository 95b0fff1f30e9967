import FileFormats

/// A scheduler as configuration gives it: the model, its threshold, policy parameters
/// and the scheduler's own constants.
///
/// ```yaml
/// model: ios                 # ios or naive
/// threshold: 0.55
/// processing_threshold: 0.91
/// evaluation_period: 750s
/// evaluation_period_spread: 0.2   # each timer interval: the period × (1 ± 0.2)
/// prediction_window: 15m          # opens and use are predicted over this window
/// history_half_life: none         # every remembered day alike (the default)
/// app_history_mean: since_first_open  # dasd's app timeline (the default; or all_days)
/// owners: {processing_spacing_sigma: 1.2, install_warmup_sigma: 0.7, stalled_release_share: 0.05}
/// relative_threshold: {enabled: true, start: 0.95, refresh_window: 24h, used_within: 7d}
/// due_latency: {median: 5s, sigma: 1.4}  # from a request's start to the launch its timer brings
/// policies:
///   application: {weight: 50, default_probability: 0.0025}
///   thermal: {enabled: false}
/// budgets: {energy_capacity_mwh: 250, data_capacity_bytes: 52428800}
/// groups: {default: 6, network: 6, legacy_fetch: 3, transfers: 3, load_half_life: 45m}
/// legacy_fetch: {top_apps: 50, minimum_session: 10s, ranking_period: 3h, timer_leeway: 108s}
/// fair_share: {long_running: 10m, reset: 7d}
/// ```
public struct SchedulerSpec: Sendable {
  public var model: SchedulingModel = .ios()
  public var parameters = SchedulerParameters()
  /// Where the file set `threshold` and `processing_threshold` (file, line, key), for
  /// ``thresholdProblem(appleMaintenance:)``.
  var thresholdKeys: [(file: String, line: Int, key: String)] = []

  public init() {}

  public static let keys = [
    "model", "threshold", "processing_threshold", "evaluation_period", "evaluation_period_spread",
    "app_look_ahead", "app_jitter", "app_jitter_redraw", "prediction_window",
    "history_half_life", "app_history_mean", "processing_idle_window", "owners", "transfers", "policies",
    "budgets", "groups",
    "recent_apps", "legacy_fetch", "fair_share", "submission_hold", "processing_launch_spacing",
    "app_launch", "due_latency", "due_timer_waits_for_wake", "relative_threshold",
  ]
  /// `due_latency: {median, sigma}`, refused in the naive model (it judges at the date),
  /// and `app_launch`, which it replaced.
  func readDueLatency(_ s: ConfigSection, into p: inout SchedulerParameters) throws(ConfigError) {
    if let removed = s.value("app_launch") {
      throw removed.error(
        "was replaced by due_latency: {median: 5s, sigma: 1.4}, a draw per request from its start to "
          + "the launch its timer brings (V3's night gaps); write that instead")
    }
    if let l = try s.section("due_latency", keys: ["median", "sigma"]) {
      if model.decidesAtEarliestBegin {
        throw l.tree.error(
          "has no effect in the naive model, which judges a request at its earliest date; delete it or use model: ios"
        )
      }
      p.dueLatencyMedianSeconds = try l.duration(
        "median", default: p.dueLatencyMedianSeconds, range: 0...3600)
      p.dueLatencySigma = try l.number("sigma", default: p.dueLatencySigma, range: 0...5)
    }
  }

  /// Each configurable built-in policy's keys, by its section under `policies`.
  static let policyKeys: [String: [String]] = Dictionary(
    uniqueKeysWithValues: CompiledPolicy.builtIn.compactMap { t in t.configKey.map { ($0, t.configKeys) } })

  /// Decodes a scheduler section; every key, policy name and range is checked.
  public init(tree: ConfigTree) throws(ConfigError) {
    self.init()
    let s = try ConfigSection(tree, keys: Self.keys)
    if let name = try s.text("model", default: nil, allowed: ["ios", "naive"]) {
      model = name == "naive" ? .naive() : .ios()
    }
    model.threshold = try s.number("threshold", default: model.threshold, range: 0...1)
    model.processingThreshold = try s.number(
      "processing_threshold", default: model.processingThreshold, range: 0...1)
    var p = parameters
    if let t = try s.section("transfers", keys: ["wifi_bytes_per_s", "cellular_bytes_per_s"]) {
      p.transferWiFiBytesPerSecond = try t.number(
        "wifi_bytes_per_s", default: p.transferWiFiBytesPerSecond, range: 1...1e12)
      p.transferCellularBytesPerSecond = try t.number(
        "cellular_bytes_per_s", default: p.transferCellularBytesPerSecond, range: 1...1e12)
    }
    p.submissionHoldSeconds = try s.duration(
      "submission_hold", default: p.submissionHoldSeconds, range: 0...86_400)
    p.processingLaunchSpacingSeconds = try s.duration(
      "processing_launch_spacing", default: p.processingLaunchSpacingSeconds, range: 0...604_800)
    try readDueLatency(s, into: &p)
    if let removed = s.value("due_timer_waits_for_wake") {
      throw removed.error(
        "was removed: dasd's timers for background work never wake the phone (dasd-decisions.md §4), "
          + "so a due request always waits for the next wake; delete the line")
    }
    try Self.readRelativeThreshold(s, into: &p)
    p.processingIdleWindowSeconds = try s.duration(
      "processing_idle_window", default: p.processingIdleWindowSeconds, range: 1...86_400)
    p.recentApps = try s.integer("recent_apps", default: p.recentApps, range: 0...501)
    if let f = try s.section(
      "legacy_fetch", keys: ["top_apps", "minimum_session", "ranking_period", "timer_leeway"])
    {
      var r = p.legacyFetchRanking
      r.topApps = try f.integer("top_apps", default: r.topApps, range: 1...501)
      r.minimumSessionSeconds = try f.duration(
        "minimum_session", default: r.minimumSessionSeconds, range: 0...86_400)
      r.periodSeconds = try f.duration("ranking_period", default: r.periodSeconds, range: 60...604_800)
      r.timerLeewaySeconds = try f.duration(
        "timer_leeway", default: r.timerLeewaySeconds, range: 0...r.periodSeconds)
      p.legacyFetchRanking = r
    }
    if let f = try s.section("fair_share", keys: ["long_running", "reset"]) {
      p.fairShare.longRunningSeconds = try f.duration(
        "long_running", default: p.fairShare.longRunningSeconds, range: 0...604_800)
      p.fairShare.resetSeconds = try f.duration(
        "reset", default: p.fairShare.resetSeconds, range: 3600...31_536_000)
    }
    try Self.readOwners(s, into: &p)
    p.evaluationPeriodSeconds = try s.duration(
      "evaluation_period", default: p.evaluationPeriodSeconds, range: 1...86_400)
    p.evaluationPeriodSpread = try s.number(
      "evaluation_period_spread", default: p.evaluationPeriodSpread, range: 0...0.99)
    p.appLookAheadSeconds = try s.duration(
      "app_look_ahead", default: p.appLookAheadSeconds, range: 0...86_400)
    p.appJitterSeconds = try s.duration("app_jitter", default: p.appJitterSeconds, range: 0...86_400)
    p.appJitterRedrawSeconds = try s.duration(
      "app_jitter_redraw", default: p.appJitterRedrawSeconds, range: 0...86_400)
    p.predictionWindowSeconds = try s.duration(
      "prediction_window", default: p.predictionWindowSeconds, range: 1...86_400)
    try Self.readHistory(s, into: &p)
    try Self.readBudgets(s, into: &p)
    if let g = try s.section(
      "groups", keys: ActivityGroup.allCases.map(\.name) + ["load_half_life"])
    {
      for group in ActivityGroup.allCases {
        p.groupCaps[group] = try g.integer(group.name, default: p.groupCaps[group], range: 1...64)
      }
      p.groupCaps.loadHalfLifeSeconds = try g.duration(
        "load_half_life", default: p.groupCaps.loadHalfLifeSeconds, range: 1...604_800)
    }
    parameters = p
    try readPolicies(s)
    if let t = s.value("threshold") { thresholdKeys.append((t.file, t.line, t.path)) }
    if let t = s.value("processing_threshold") { thresholdKeys.append((t.file, t.line, t.path)) }
  }

  /// dasd's relative threshold (`relative_threshold`, ``RelativeThreshold/Settings``).
  static func readRelativeThreshold(_ s: ConfigSection, into p: inout SchedulerParameters) throws(ConfigError)
  {
    guard
      let r = try s.section(
        "relative_threshold",
        keys: [
          "enabled", "start", "divisor", "exponent", "refresh_window", "processing_window", "recompute",
          "horizon", "good_enough", "used_within",
        ])
    else { return }
    var t = p.relativeThreshold
    t.enabled = try r.flag("enabled", default: t.enabled)
    t.start = try r.number("start", default: t.start, range: 0...1)
    t.divisor = try r.number("divisor", default: t.divisor, range: 100...1e6)
    t.exponent = try r.number("exponent", default: t.exponent, range: 0.01...100)
    t.refreshWindowSeconds = try r.duration(
      "refresh_window", default: t.refreshWindowSeconds, range: 0...2_592_000)
    t.processingWindowSeconds = try r.duration(
      "processing_window", default: t.processingWindowSeconds, range: 0...2_592_000)
    t.recomputeSeconds = try r.duration("recompute", default: t.recomputeSeconds, range: 60...2_592_000)
    t.horizonSeconds = try r.duration("horizon", default: t.horizonSeconds, range: 0...2_592_000)
    t.goodEnough = try r.number("good_enough", default: t.goodEnough, range: 0...1)
    t.usedWithinSeconds = try r.duration("used_within", default: t.usedWithinSeconds, range: 0...31_536_000)
    p.relativeThreshold = t
  }

  /// The owners' spreads (`owners`).
  static func readOwners(_ s: ConfigSection, into p: inout SchedulerParameters) throws(ConfigError) {
    if let o = try s.section(
      "owners",
      keys: [
        "leniency_sigma", "processing_spacing_sigma", "overdue_sigma", "install_warmup_sigma",
        "stalled_release_share",
      ])
    {
      p.ownerSpread.leniencySigma = try o.number(
        "leniency_sigma", default: p.ownerSpread.leniencySigma, range: 0...5)
      p.ownerSpread.processingSpacingSigma = try o.number(
        "processing_spacing_sigma", default: p.ownerSpread.processingSpacingSigma, range: 0...5)
      p.ownerSpread.overdueSigma = try o.number(
        "overdue_sigma", default: p.ownerSpread.overdueSigma, range: 0...5)
      p.ownerSpread.installWarmupSigma = try o.number(
        "install_warmup_sigma", default: p.ownerSpread.installWarmupSigma, range: 0...5)
      p.ownerSpread.stalledReleaseShare = try o.number(
        "stalled_release_share", default: p.ownerSpread.stalledReleaseShare, range: 0...1)
    }
  }

  /// The energy and data budgets (`budgets`).
  /// How the predictions weigh the remembered days: `history_half_life` (days, or
  /// `none`) and `app_history_mean` (`all_days` or `since_first_open`).
  static func readHistory(_ s: ConfigSection, into p: inout SchedulerParameters) throws(ConfigError) {
    if let v = s.value("history_half_life"), let text = v.scalar, Double(text) == nil {
      guard text == "none" else {
        throw v.error("'\(text)' is not a half-life; write days (e.g. 2) or none (every day alike)")
      }
      p.historyHalfLifeDays = .infinity
    } else {
      p.historyHalfLifeDays = try s.number(
        "history_half_life", default: p.historyHalfLifeDays, range: 0.01...365)
    }
    let mean = try s.text(
      "app_history_mean", default: p.appHistoryMeanSinceFirstOpen ? "since_first_open" : "all_days",
      allowed: ["all_days", "since_first_open"])
    p.appHistoryMeanSinceFirstOpen = mean == "since_first_open"
  }

  static func readBudgets(_ s: ConfigSection, into p: inout SchedulerParameters) throws(ConfigError) {
    if let b = try s.section(
      "budgets",
      keys: [
        "energy_capacity_mwh", "energy_refill_mwh_per_day", "data_capacity_bytes",
        "data_refill_bytes_per_day", "background_power_w", "charging_runs_draw_energy", "energy_floor_mwh",
        "energy_ceiling_mwh", "energy_refill_follows_use", "data_floor_bytes", "data_ceiling_bytes",
      ])
    {
      p.energyCapacity = try b.number("energy_capacity_mwh", default: p.energyCapacity, range: 0...1e9)
      p.energyRefillPerDay = try b.number(
        "energy_refill_mwh_per_day", default: p.energyRefillPerDay, range: 0...1e9)
      p.dataCapacity = try b.number("data_capacity_bytes", default: p.dataCapacity, range: 0...1e15)
      p.dataRefillPerDay = try b.number(
        "data_refill_bytes_per_day", default: p.dataRefillPerDay, range: 0...1e15)
      p.backgroundPowerWatts = try b.number(
        "background_power_w", default: p.backgroundPowerWatts, range: 0...100)
      p.chargingRunsDrawEnergy = try b.flag("charging_runs_draw_energy", default: p.chargingRunsDrawEnergy)
      // dasd clamps its budgets to [−1.2, 1.5] × their capacity.
      p.energyFloor = try b.number("energy_floor_mwh", default: -1.2 * p.energyCapacity, range: -1e9...1e9)
      p.energyCeiling = try b.number(
        "energy_ceiling_mwh", default: 1.5 * p.energyCapacity, range: max(0, p.energyFloor)...1e9)
      p.energyRefillFollowsUse = try b.flag("energy_refill_follows_use", default: p.energyRefillFollowsUse)
      p.dataFloor = try b.number("data_floor_bytes", default: -1.2 * p.dataCapacity, range: -1e15...1e15)
      p.dataCeiling = try b.number(
        "data_ceiling_bytes", default: 1.5 * p.dataCapacity, range: max(0, p.dataFloor)...1e15)
    }
  }

  /// Each policy's section under `policies`: switched off, or its keys read.
  mutating func readPolicies(_ s: ConfigSection) throws(ConfigError) {
    if let section = try s.section("policies", keys: Array(Self.policyKeys.keys).sorted()) {
      for name in section.keys {
        let ps = try ConfigSection(section.value(name)!, keys: (Self.policyKeys[name] ?? []) + ["enabled"])
        let enabled = try ps.flag("enabled", default: true)
        guard let index = model.policies.firstIndex(where: { $0.name == name }) else {
          if enabled {
            throw section.value(name)!.error("the \(model.name) model has no '\(name)' policy to configure")
          }
          continue
        }
        if !enabled {
          model.policies.remove(at: index)
          continue
        }
        model.policies[index] = try Self.configure(model.policies[index], ps)
      }
    }
  }

  /// `policy` with the keys of its section `s` read, when it is a built-in policy.
  static func configure(_ policy: any SchedulingPolicy, _ s: ConfigSection) throws(ConfigError)
    -> any SchedulingPolicy
  {
    guard var builtIn = policy as? any BuiltInPolicy else { return policy }
    try builtIn.configure(s)
    return builtIn
  }
}
