import Experiments
import IOSModel
import PhoneAssembly
import SimKernel

/// What a validation figure needs of one simulated owner: the launches of one task,
/// each with its day, time of day, power state, run time, score, and the phone's use
/// at the launch and at its trigger.
struct ValidationOwner: Sendable {
  struct Launch: Sendable {
    /// Time since the start of the run (the install) [s].
    var seconds: Double
    /// Day since the start (0 is the install day).
    var day: Int
    /// Time of day [h].
    var hour: Double
    var onPower: Bool
    /// Launch to completion or expiry [s]; nil if the run had not ended.
    var runSeconds: Double?
    /// The weighted score of the decision that launched it; nil when not recorded.
    var score: Double?
    /// Whether the phone was in use (screen on) at the launch.
    var inUse = false
    /// Whether the app was on screen at the launch (a silent push delivered to it).
    var appOnScreen = false
    /// Whether the phone was in use with the app not on screen when the launch's trigger
    /// came (a silent push's newest held push, a request's submission); false when the
    /// trigger is not recorded.
    var triggeredInUse = false
    /// Time from the trigger to the launch [s] (0 when the trigger is not recorded).
    var delaySeconds = 0.0
    /// Time from the request's earliest begin date to the launch [s].
    var sinceEarliestSeconds = 0.0
    /// Time from the latest thundering-herd trigger before the launch's trigger to the
    /// launch [s]; nil without either.
    var sinceHerdTriggerSeconds: Double?
    /// Each scoring policy's score in the decision that launched it (empty when not
    /// recorded).
    var policyScores: [String: Double] = [:]
  }

  var days: Int
  var launches: [Launch]
  /// The launches of the task a ratio divides by (``ValidationFigure/over``); empty
  /// when the figure names none.
  var over: [Launch] = []

  /// The task name that stands for every identifier in the app log.
  static let anyTask = "any"
  /// The task name that stands for the app's background time
  /// (`beginBackgroundTask`): each stretch of it is one "launch", from its first begin to
  /// its expiry or its last end (``Launch/runSeconds``).
  static let backgroundTimeTask = "background_time"

  init(days: Int, launches: [Launch]) {
    self.days = days
    self.launches = launches
  }

  init(outcome o: PhoneLog, task: String, days: Int) {
    self.days = days
    let cal = o.calendar
    let start = cal.startOfDay(0)
    var plugged: [(SimTime, Bool)] = []
    var screen: [(SimTime, Bool)] = []
    var appOnScreen: [(SimTime, Bool)] = []
    // The thundering-herd triggers, with dasd's thresholds (4 h: the reports' meaning,
    // not read from the model under test).
    var herd: [SimTime] = []
    var triggers = HerdTrigger()
    for c in o.deviceLog {
      let before = triggers.latest
      triggers.observe(c)
      if let t = triggers.latest, t != before { herd.append(t) }
      if c.kind == .plugged || c.kind == .unplugged { plugged.append((c.time, c.kind == .plugged)) }
      if c.kind == .screenOn || c.kind == .screenOff { screen.append((c.time, c.kind == .screenOn)) }
      if c.kind == .appOpened || c.kind == .appClosed { appOnScreen.append((c.time, c.kind == .appOpened)) }
    }
    /// A two-state signal's value at `t`: that of its last change at or before it.
    func state(_ changes: [(SimTime, Bool)], at t: SimTime) -> Bool {
      var (lo, hi) = (0, changes.count)
      while lo < hi {
        let mid = (lo + hi) / 2
        if changes[mid].0 <= t { lo = mid + 1 } else { hi = mid }
      }
      return lo > 0 && changes[lo - 1].1
    }
    func screenOn(at t: SimTime) -> Bool { state(screen, at: t) }
    /// In use by the owner for something else: the screen on, the app not on it.
    func inUseElsewhere(at t: SimTime) -> Bool { screenOn(at: t) && !state(appOnScreen, at: t) }
    if task == Self.backgroundTimeTask {
      launches = Self.backgroundTime(o.appLog, calendar: cal, onPower: { state(plugged, at: $0) })
      return
    }
    let any = task == Self.anyTask
    // Each policy's score at a launch is kept only with the decisions (recorded runs).
    let scores = o.decisions.filter { !any && $0.activity.identifier == task && $0.outcome == .launched }
    var scoreIndex = 0
    var out: [Launch] = []
    let name = TaskName(task)
    for r in o.launchRecords where any || r.name == name {
      guard let launchedAt = r.launched else { continue }
      while scoreIndex < scores.count, scores[scoreIndex].time < launchedAt { scoreIndex += 1 }
      let decision =
        scoreIndex < scores.count && scores[scoreIndex].time == launchedAt ? scores[scoreIndex] : nil
      // The rule's own account of the launch: its score, and when its work arrived.
      let cause = r.snapshot?.cause
      let trigger = cause?.submittedAt
      let herdAt = trigger.flatMap { t in herd.last { $0 <= t } }
      // The run lasts to its expiry, or its end when it was not expired.
      let runEnd = r.expiredAt ?? r.ended
      out.append(
        Launch(
          seconds: (launchedAt - start).seconds, day: cal.day(of: launchedAt),
          hour: cal.fractionalHour(of: launchedAt), onPower: state(plugged, at: launchedAt),
          runSeconds: runEnd.map { (($0 - start).seconds - (launchedAt - start).seconds) },
          score: cause?.score, inUse: screenOn(at: launchedAt),
          appOnScreen: state(appOnScreen, at: launchedAt),
          triggeredInUse: trigger.map(inUseElsewhere(at:)) ?? false,
          delaySeconds: trigger.map { (launchedAt - $0).seconds } ?? 0,
          sinceEarliestSeconds: (launchedAt - r.earliest).seconds,
          sinceHerdTriggerSeconds: herdAt.map { (launchedAt - $0).seconds },
          policyScores: Self.scores(decision)))
    }
    launches = any ? out.sorted { $0.seconds < $1.seconds } : out
  }

  /// The app's stretches of background time in `log`: each from a
  /// `beginBackgroundTask` with none open to the expiry of the time, or to the end of the
  /// last one open.
  static func backgroundTime(
    _ log: [AppEvent], calendar cal: SimCalendar, onPower: (SimTime) -> Bool
  ) -> [Launch] {
    let start = cal.startOfDay(0)
    var out: [Launch] = []
    var open = 0
    var began: SimTime?
    for e in log {
      switch e.kind {
      case .beginBackgroundTask:
        if open == 0 { began = e.time }
        open += 1
      case .endBackgroundTask, .backgroundTimeExpired:
        guard let b = began else { continue }
        open = e.kind == .backgroundTimeExpired ? 0 : max(0, open - 1)
        guard open == 0 else { continue }
        out.append(
          Launch(
            seconds: (b - start).seconds, day: cal.day(of: b), hour: cal.fractionalHour(of: b),
            onPower: onPower(b), runSeconds: (e.time - b).seconds))
        began = nil
      default: break
      }
    }
    return out
  }

  /// The scores of the policies that scored in a decision, by policy name.
  static func scores(_ decision: Decision?) -> [String: Double] {
    var out: [String: Double] = [:]
    for v in decision?.verdicts ?? [] {
      if case .score(let value, _) = v.outcome { out[v.policy] = value }
    }
    return out
  }
}
