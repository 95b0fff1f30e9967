/// What the scheduler's shortcuts keep between decision points. A shortcut answers a
/// point, or an activity, whose outcome is already known, without asking every policy:
///
/// - a **standing veto** (``StandingVeto``): every due activity was vetoed by a policy
///   whose veto reads only the kept state (``PolicyInputs/standingState``); while that
///   state and the pending requests stay the same, later points are counted, not judged;
/// - **out of reach** (``ScoreBound``): once the app-open prediction is made, the
///   policies after it cannot lift the weighted mean to the threshold, so they are not
///   asked; a point whose only due activity was out of reach keeps a memo
///   (``OutOfReach``), and while it holds, later points make only their prediction;
/// - an **unused other app** (``UnusedApp``): its work vetoed because the owner has not
///   opened it for too long stays vetoed until the owner opens it;
/// - an **unopened other app** out of reach: with no open history, its work cannot reach
///   the model's threshold whatever the state, until the owner opens it
///   (``SystemScheduler/outOfReachUntilOpened(_:_:)``);
/// - **device use unread**: the device-use prediction is not made for an activity whose
///   kind no policy reads it for (``CompiledPolicy/List/readsDeviceUse``).
///
/// All are derived from what the policies declare. Their outcomes, decision counts and
/// random draws are those of judging every point by the rule
/// (``SystemScheduler/judge(_:at:after:predicting:cutsOutOfReach:record:)``), which debug builds check at every
/// shortcut (`SystemScheduler+ShortcutChecks.swift`).
struct DecisionShortcuts {
  /// Called instead of trapping when a checked shortcut disagrees with the rule (tests).
  var onMismatch: (@Sendable (String) -> Void)?
  /// ``SystemScheduler/usesShortcuts`` and ``SystemScheduler/checksShortcuts``, read once:
  /// a static is looked up through a one-time initialiser's guard at each read, and the
  /// other apps' loop reads them a few times per app.
  let uses = SystemScheduler.usesShortcuts
  let checks = SystemScheduler.checksShortcuts
  var standingVeto: StandingVeto?
  var outOfReach: OutOfReach?
  /// At the other apps' point under way, by kind of work: the answer of the policies
  /// every other app shares (``SystemScheduler/judgeOtherApps(app:device:now:loop:scope:)``).
  var sharedAnswers: [(veto: Bool, tally: ScoreTally)?] = []
  /// How many of the first policies every other app shares the answer of: those before
  /// the predictions that read nothing of an app's own (``SystemScheduler/perOtherApp``);
  /// 0 without the shortcuts. Set with the model.
  var sharedPolicies = 0
  /// By other app: its work vetoed as unused until the owner opens it (``UnusedApp``).
  var unusedApps: [UnusedApp?] = []
  /// Other apps' activities skipped as unused, not judged (in debug builds, judged and
  /// checked).
  var unusedAppSkips = 0
  /// By other app: whether its work is out of reach while the owner has never opened it
  /// (nil: not yet decided).
  var unopenedOutOfReach: [Bool?] = []
  /// Points whose vetoes stood, counted without judging.
  var standingVetoPoints = 0
  /// Points or activities found out of reach.
  var outOfReachPoints = 0
  /// Shortcut answers checked against the rule.
  var checked = 0
  /// Steps of the optimum's scan passed over without the device-use prediction (they
  /// could not beat the best step so far), and of those, the ones checked.
  var scanStepsPassedOver = 0
  var scanStepsChecked = 0

  /// What judging one decision point came to, for the shortcuts to learn from.
  struct PointSummary {
    /// Activities judged (the due ones).
    var judged = 0
    /// Of those, the ones vetoed by a policy whose veto reads only the kept state.
    var vetoedOnStateAlone = 0
    /// Of those, the ones out of reach.
    var outOfReach = 0
    /// When a request not yet due becomes due [µs].
    var notYetDue = Int64.max
    /// No legacy fetch, silent push or transfer was judged besides the app's requests.
    var requestsOnly = true
    /// The app-open prediction (and its draw) was made.
    var predicted = false

    mutating func add(_ verdict: SystemScheduler.Verdict, model: SchedulingModel) {
      judged += 1
      switch verdict {
      case .vetoed(let i): if model.compiled.vetoesOnStateAlone[i] { vetoedOnStateAlone += 1 }
      case .outOfReach: outOfReach += 1
      case .scored: break
      }
    }
  }
}
