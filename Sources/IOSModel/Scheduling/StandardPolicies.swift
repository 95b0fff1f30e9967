/// The `ios` model's sixteen policies in their standard order (``SchedulingModel/ios()``,
/// whatever their parameters), judged one after another in straight-line code.
///
/// The general loop over ``CompiledPolicy`` values dispatches on each element and keeps
/// the running tally in memory; for the list every experiment uses unless a researcher
/// reorders, removes or adds policies, the same answers in the same order are gathered
/// here with the tally in registers. The scores are added in the same order, so the
/// weighted mean has the same bits. `bgsim explain`, which records each verdict, keeps
/// the general loop.
struct StandardPolicies: Sendable {
  var powerState: PowerStatePolicy
  var forceQuit: ForceQuitPolicy
  var backgroundAppRefresh: BackgroundAppRefreshPolicy
  var externalPower: ExternalPowerPolicy
  var network: NetworkRequirementPolicy
  var battery: BatteryLevelPolicy
  var lowPowerMode: LowPowerModePolicy
  var thermal: ThermalPolicy
  var appUsage: AppUsagePolicy
  var deviceActivity: DeviceActivityPolicy
  var application: ApplicationPolicy
  var energyBudget: EnergyBudgetPolicy
  var dataBudget: DataBudgetPolicy
  var rateLimit: RateLimitPolicy
  var concurrency: ConcurrencyPolicy
  var overrun: OverrunPolicy

  /// Index of the first policy that reads the usage predictions (device activity).
  static let predictionsNeededAt = 9

  /// The standard sixteen, or nil when `list` is any other sequence.
  init?(_ list: [CompiledPolicy]) {
    guard list.count == 16,
      case .powerState(let p0) = list[0], case .forceQuit(let p1) = list[1],
      case .backgroundAppRefresh(let p2) = list[2], case .externalPower(let p3) = list[3],
      case .networkRequirement(let p4) = list[4], case .batteryLevel(let p5) = list[5],
      case .lowPowerMode(let p6) = list[6], case .thermal(let p7) = list[7],
      case .appUsage(let p8) = list[8], case .deviceActivity(let p9) = list[9],
      case .application(let p10) = list[10], case .energyBudget(let p11) = list[11],
      case .dataBudget(let p12) = list[12], case .rateLimit(let p13) = list[13],
      case .concurrency(let p14) = list[14], case .overrun(let p15) = list[15]
    else { return nil }
    (powerState, forceQuit, backgroundAppRefresh, externalPower) = (p0, p1, p2, p3)
    (network, battery, lowPowerMode, thermal) = (p4, p5, p6, p7)
    (appUsage, deviceActivity, application, energyBudget) = (p8, p9, p10, p11)
    (dataBudget, rateLimit, concurrency, overrun) = (p12, p13, p14, p15)
  }

  typealias Outcome = PolicyVerdict.Outcome

  /// Adds a score to the tally; true for a veto.
  @inline(__always)
  static func vetoes(_ outcome: Outcome, _ tally: inout ScoreTally) -> Bool {
    switch outcome {
    case .veto: return true
    case .score(let s, let w):
      tally.weighted += s * w
      tally.weights += w
      return false
    case .notApplicable: return false
    }
  }

  /// Policies 0..<9, which need no predictions: the index of the one that vetoed, or nil.
  @inline(__always)
  func judgeBeforePredictions(_ a: Activity, _ c: PolicyContext, into t: inout ScoreTally) -> Int? {
    let first = vetoBeforePredictions(a, c)
    guard let veto = first.veto else {
      t = tallyBeforePredictions(a, c, thermal: first.thermal)
      return nil
    }
    // The scores the general loop adds before a veto, for a tally with the same bits.
    if veto > 5 { t = tallyBeforePredictions(a, c, thermal: veto > 7 ? first.thermal : .notApplicable) }
    return veto
  }

  /// The vetoes of policies 0..<9, in order: the index of the first that vetoes, or nil,
  /// with the thermal policy's outcome (once it was asked). Of these nine only the
  /// battery and the thermal policy ever score (the others veto or skip; the tests check
  /// it against the general loop), and the battery's score, a power function, is left
  /// for ``tallyBeforePredictions(_:_:thermal:)``: most refresh decision points are out
  /// of reach (``cannotReach(_:_:_:from:)``) whatever it is.
  @inline(__always)
  func vetoBeforePredictions(_ a: Activity, _ c: PolicyContext) -> (veto: Int?, thermal: Outcome) {
    var none = ScoreTally()
    if Self.vetoes(powerState.answer(a, c), &none) { return (0, .notApplicable) }
    if Self.vetoes(forceQuit.answer(a, c), &none) { return (1, .notApplicable) }
    if Self.vetoes(backgroundAppRefresh.answer(a, c), &none) { return (2, .notApplicable) }
    if Self.vetoes(externalPower.answer(a, c), &none) { return (3, .notApplicable) }
    if Self.vetoes(network.answer(a, c), &none) { return (4, .notApplicable) }
    if !a.isUrgentTransfer, battery.vetoBand(a, c) != nil { return (5, .notApplicable) }
    if Self.vetoes(lowPowerMode.answer(a, c), &none) { return (6, .notApplicable) }
    let heat: Outcome = thermal.answer(a, c)
    if case .veto = heat { return (7, heat) }
    if Self.vetoes(appUsage.answer(a, c), &none) { return (8, heat) }
    return (nil, heat)
  }

  /// The tally of policies 0..<9 when none vetoed, summed in their order (the battery's
  /// score, then the thermal policy's), as the general loop sums it.
  @inline(__always)
  func tallyBeforePredictions(_ a: Activity, _ c: PolicyContext, thermal: Outcome) -> ScoreTally {
    var t = ScoreTally()
    _ = Self.vetoes(battery.answer(a, c), &t)
    _ = Self.vetoes(thermal, &t)
    return t
  }

  /// A tally at least as high as ``tallyBeforePredictions(_:_:thermal:)``'s, without the
  /// battery's power function: its score taken as 1 (the most it can be).
  @inline(__always)
  func tallyAtBestBeforePredictions(_ a: Activity, thermal: Outcome) -> ScoreTally {
    var t = ScoreTally()
    if !a.isUrgentTransfer { _ = Self.vetoes(.score(1, weight: battery.weight), &t) }
    _ = Self.vetoes(thermal, &t)
    return t
  }

  /// Policies 9..<16, in a context whose predictions are filled in.
  @inline(__always)
  func judgeAfterPredictions(_ a: Activity, _ c: PolicyContext, into t: inout ScoreTally) -> Int? {
    if Self.vetoes(deviceActivity.answer(a, c), &t) { return 9 }
    if Self.vetoes(application.answer(a, c), &t) { return 10 }
    if Self.vetoes(energyBudget.answer(a, c), &t) { return 11 }
    if Self.vetoes(dataBudget.answer(a, c), &t) { return 12 }
    if Self.vetoes(rateLimit.answer(a, c), &t) { return 13 }
    if Self.vetoes(concurrency.answer(a, c), &t) { return 14 }
    if Self.vetoes(overrun.answer(a, c), &t) { return 15 }
    return nil
  }

  /// Whether the weighted mean cannot reach `threshold` whatever policies 9..<16 answer,
  /// for an activity the application policy weighs, in a context whose app-open
  /// prediction is filled in (the device-use one need not be). `tally` holds policies
  /// 0..<9. The application policy's score is known from the prediction; every other
  /// later policy scores at most 1 with the weight it gives this kind of activity, or
  /// does not answer (a veto or a skip), and a score of 1 can only raise a mean of
  /// scores in [0, 1]: so the highest mean reachable has all of them at 1.
  func cannotReach(_ threshold: Double, _ a: Activity, _ c: PolicyContext, from t: ScoreTally) -> Bool {
    guard let p = c.appOpenProbability else { return false }
    return cannotReach(threshold, a, isForeground: c.appState.isForeground, appOpenProbability: p, from: t)
  }

  /// ``cannotReach(_:_:_:from:)`` given the two things it reads of the context: whether
  /// the app is in the foreground and the app-open prediction.
  @inline(__always)
  func cannotReach(
    _ threshold: Double, _ a: Activity, isForeground: Bool, appOpenProbability p: Double, from t: ScoreTally
  ) -> Bool {
    guard a.launchesApp, !isForeground else { return false }
    var app = p.squareRoot()
    if app > application.saturation { app = 1 }
    app = min(1, max(0, app))
    // The device-activity policy weighs an app-launching activity (refresh, legacy
    // fetch) with its `weight`; its `inactivityWeight` is for processing only.
    let others =
      deviceActivity.weight + energyBudget.weight + dataBudget.weight + concurrency.weight + overrun.weight
    let weights = t.weights + application.weight + others
    guard weights > 0 else { return false }
    let best = (t.weighted + app * application.weight + others) / weights
    // A margin far above the rounding of these few sums.
    return best + 1e-9 < threshold
  }
}
