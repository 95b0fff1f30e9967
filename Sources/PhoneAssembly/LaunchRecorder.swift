import DeviceModel
import IOSModel
import SimKernel

/// Turns a phone's app events, in time order, into one ``LaunchRecord`` per task
/// request (and per launch the system makes without one): the one place where a
/// launch's fate is read from the events. Submissions open records; a launch takes the
/// oldest open request of its identifier, with the device's state at that moment
/// (``snapshots``); an expiry, completion or kill ends the running one.
///
/// Records are numbered from 0 in the order they were opened; a reader that has written
/// the settled leading ones drops them (``dropFirst(_:)``) so that memory does not grow
/// with the days simulated.
public struct LaunchRecorder {
  /// The few texts records refer to by number: request kinds (a launch's reason is typed,
  /// ``LaunchCause``).
  public struct Texts: Sendable {
    public private(set) var all: [String] = []

    public init() {}

    /// The number of `text`, added if new. Kinds come from a short fixed list in the iOS
    /// model (three request kinds, three older launch paths, registration), so an owner
    /// sees a handful.
    public mutating func number(_ text: String) -> UInt8 {
      for i in all.indices where Self.equal(all[i], text) { return UInt8(i) }
      precondition(all.count < 255, "more than 255 distinct request kinds")
      all.append(text)
      return UInt8(all.count - 1)
    }

    public subscript(_ number: UInt8) -> String { all[Int(number)] }

    /// Whether text `number` is `text`.
    public func `is`(_ number: UInt8, _ text: String) -> Bool { Self.equal(all[Int(number)], text) }

    /// `==`, answered by the lengths when they differ: for two different texts `==` goes
    /// through the full comparison, the most common case here.
    static func equal(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && a == b }
  }

  /// What one event did to the records.
  public enum Change {
    case none
    /// Record `number` was opened (a submission, a rejection, a transfer handed over).
    case opened(Int)
    /// Record `number` launched.
    case launched(Int)
    /// Record `number`'s run ended.
    case ended(Int)
    /// The watchdog killed the app with no task running: background time it began and
    /// never ended.
    case killedIdle
  }

  /// The records not yet dropped, from number ``firstRecord`` on.
  public private(set) var records: [LaunchRecord] = []
  public private(set) var firstRecord = 0
  public private(set) var texts = Texts()
  /// The device's state at each launch, in launch order, as the phone took them
  /// (``PhoneSimulation/launchSnapshots``); ``nextSnapshot`` is the next to match.
  public var snapshots: [LaunchSnapshot] = []
  public var nextSnapshot = 0
  var open = SmallTable<TaskName, [Int]>()
  /// Background transfers handed to the system and not yet launched for, oldest first
  /// (not task requests: cancelling requests leaves them).
  var openTransfers: [Int] = []
  var running = SmallTable<TaskName, Int>()
  static let transferName = TaskName(SystemWork.backgroundTransfer.rawValue)

  public init() {}

  /// Record `number`.
  public subscript(number number: Int) -> LaunchRecord {
    get { records[number - firstRecord] }
    _modify { yield &records[number - firstRecord] }
  }

  /// Forgets the first `k` records (written by the reader).
  public mutating func dropFirst(_ k: Int) {
    records.removeFirst(k)
    firstRecord += k
  }

  /// Every record of `log`'s app events (with its launch snapshots, when kept), in
  /// order; `texts` reads their kinds.
  public static func records(of log: [AppEvent], snapshots: [LaunchSnapshot] = [])
    -> (records: [LaunchRecord], texts: Texts)
  {
    var r = LaunchRecorder()
    r.snapshots = snapshots
    for j in log.indices { _ = r.consume(log, j) }
    return (r.records, r.texts)
  }

  /// Consumes event `j` of `events`, its fields read in place (copying an event retained
  /// and released its detail's text).
  public mutating func consume(_ events: [AppEvent], _ j: Int) -> Change {
    let t = events[j].time
    let name = events[j].name
    switch events[j].kind {
    case .submit:
      let earliest = events[j].value.map { SimTime(seconds: $0) } ?? t
      let index = add(
        LaunchRecord(
          name: name, kind: texts.number(events[j].detail), submitted: t, earliest: max(earliest, t)))
      open.update(name, initial: []) { $0.append(index) }
      return .opened(index)
    case .submitFailed, .registerFailed:
      // A record of its own, with no launch: the rejection is the request's whole fate.
      var record = LaunchRecord(
        name: name, kind: texts.number(events[j].kind == .submitFailed ? events[j].detail : "register"),
        submitted: t, earliest: t)
      record.end = .rejected
      record.errorCode = UInt8(clamping: Int(events[j].value ?? 0))
      return .opened(add(record))
    case .replaced:
      if let first = open.update(name, initial: [], { $0.isEmpty ? nil : $0.removeFirst() }) {
        close(first, at: t, .cancelled)
      }
    case .cancel:
      for i in open[name] ?? [] { close(i, at: t, .cancelled) }
      open[name] = []
    case .cancelAll:
      for queue in open.allValues { for i in queue { close(i, at: t, .cancelled) } }
      open.removeAll()
    case .transfer:
      // A transfer's record opens when the app hands it over, not when it is launched for.
      let kind = texts.number(SystemWork.backgroundTransfer.rawValue)
      let index = add(LaunchRecord(name: Self.transferName, kind: kind, submitted: t, earliest: t))
      openTransfers.append(index)
      return .opened(index)
    case .launch: return .launched(launched(name, at: t, kind: events[j].detail))
    case .expire:
      if let i = running[name] { self[number: i].expiredAt = t }
    case .complete:
      guard let i = running.removeValue(forKey: name) else { return .none }
      close(i, at: t, .completed(TaskCompletion(rawValue: events[j].detail) ?? .failure))
      return .ended(i)
    case .kill:
      if let i = running.removeValue(forKey: name) {
        close(i, at: t, .killed)
        return .ended(i)
      }
      if name == .empty { return .killedIdle }
    default: break
    }
    return .none
  }

  /// A launch of `name` at `t` (`kind`: the launch event's detail): the oldest open
  /// request of that name (or transfer) is launched, with the device's state taken at
  /// that moment; returns its number.
  mutating func launched(_ name: TaskName, at t: SimTime, kind: String) -> Int {
    var snapshot: LaunchRecord.Snapshot?
    if nextSnapshot < snapshots.count, snapshots[nextSnapshot].name == name {
      let s = snapshots[nextSnapshot]
      snapshot = LaunchRecord.Snapshot(
        charging: s.charging, network: s.network, cause: s.cause, batteryPercent: s.batteryPercent,
        idleSeconds: s.idleSeconds)
      nextSnapshot += 1
    }
    var index: Int
    if name == Self.transferName, !openTransfers.isEmpty {
      index = openTransfers.removeFirst()
    } else if let first = open.update(name, initial: [], { $0.isEmpty ? nil : $0.removeFirst() }) {
      index = first
    } else {
      // Work the system launches without a request (a push, a legacy fetch) counts from
      // the arrival of the first work the launch delivers, as the rule kept it.
      let arrived = min(t, snapshot?.cause?.submittedAt ?? t)
      index = add(LaunchRecord(name: name, kind: texts.number(kind), submitted: arrived, earliest: arrived))
    }
    self[number: index].launched = t
    self[number: index].snapshot = snapshot
    running[name] = index
    return index
  }

  /// Adds a record; returns its number.
  mutating func add(_ record: LaunchRecord) -> Int {
    records.append(record)
    return firstRecord + records.count - 1
  }

  mutating func close(_ i: Int, at t: SimTime, _ end: LaunchRecord.End) {
    self[number: i].ended = t
    self[number: i].end = end
  }
}
