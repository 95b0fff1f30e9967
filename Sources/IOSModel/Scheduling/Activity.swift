import SimKernel

/// Something the system may launch the app for: a pending task request, a legacy
/// background fetch, a silent push or a background transfer.
public struct Activity: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case refresh
    case processing
    case legacyFetch = "legacy_fetch"
    case silentPush = "silent_push"
    case backgroundTransfer = "background_transfer"
  }

  /// dasd's priority classes, which set the battery policy's curve and veto bands.
  public enum Priority: String, Sendable, Hashable {
    case maintenance
    case utility
    case userInitiated = "user_initiated"
  }

  // The 8-byte fields first and the optional times as plain numbers: an activity is
  // copied at every decision point, and with `SimTime?` fields (9 bytes each) the
  // compiler copied it in overlapping pieces whose reads waited on the writes before
  // them (a store-forwarding stall).
  /// When it was submitted or became due.
  public var submittedAt: SimTime
  /// ``earliest`` [µs], `Int64.min` for none.
  var earliestMicroseconds = Int64.min
  /// ``windowEnd`` [µs], `Int64.min` for none.
  var windowEndMicroseconds = Int64.min
  /// Bytes it is expected to move.
  public var expectedBytes: Double = 0
  /// The score it must reach where it is judged, when the scheduler judges it against
  /// its own optimum (``RelativeThreshold``) [0…1]; NaN: the model's threshold.
  public var relativeThreshold = Double.nan
  /// The identifier, as a number (``TaskName``): activities are copied at every
  /// decision point, and a plain value copies for free.
  public var name: TaskName
  public var kind: Kind
  public var priority: Priority
  /// ``requiresNetwork``, ``requiresExternalPower``, ``discretionary``,
  /// ``requiresInexpensiveNetwork`` and ``isSystem`` as bits 0 to 4 of one byte: as three adjacent `Bool`s beside the kind and priority, the
  /// policies' tests of them were compiled (for Haswell) into about 130 instructions of
  /// vector shuffling at every decision point.
  var flags: UInt8 = 0b100
  /// The index of the launch path it belongs to, in the scheduler's ``SystemScheduler/paths``.
  var path: UInt8 = 0

  /// Bit `mask` of ``flags``.
  @inline(__always) func flag(_ mask: UInt8) -> Bool { flags & mask != 0 }
  @inline(__always) mutating func setFlag(_ mask: UInt8, _ on: Bool) {
    flags = on ? flags | mask : flags & ~mask
  }

  public var requiresNetwork: Bool {
    get { flag(0b1) }
    set { setFlag(0b1, newValue) }
  }
  public var requiresExternalPower: Bool {
    get { flag(0b10) }
    set { setFlag(0b10, newValue) }
  }
  /// Discretionary transfers wait for good conditions; others go when they can.
  public var discretionary: Bool {
    get { flag(0b100) }
    set { setFlag(0b100, newValue) }
  }
  /// It waits for Wi-Fi (an XPC activity's "require inexpensive network connectivity"
  /// criterion, `xpc_activity.h`; iCloud backup: Wi-Fi only, Apple support).
  public var requiresInexpensiveNetwork: Bool {
    get { flag(0b1000) }
    set { setFlag(0b1000, newValue) }
  }
  /// Apple's own work (``AppleMaintenance``), not an app's: the rules about an app (how
  /// recently the owner used it, its iOS release's fault for apps' sync) leave it alone.
  public var isSystem: Bool {
    get { flag(0b1_0000) }
    set { setFlag(0b1_0000, newValue) }
  }

  public var identifier: String {
    get { name.text }
    set { name = TaskName(newValue) }
  }
  /// Not before this time.
  public var earliest: SimTime? {
    get { earliestMicroseconds == .min ? nil : SimTime(microseconds: earliestMicroseconds) }
    set { earliestMicroseconds = newValue?.microseconds ?? .min }
  }
  /// The end of its time window, where it has one (legacy fetch).
  public var windowEnd: SimTime? {
    get { windowEndMicroseconds == .min ? nil : SimTime(microseconds: windowEndMicroseconds) }
    set { windowEndMicroseconds = newValue?.microseconds ?? .min }
  }
  /// Whether its window ends where it starts: dasd collapsed it to its start (a legacy
  /// fetch spaced from the app's last launch, ``SystemScheduler/spacedFromLastLaunch(_:processing:era:)``).
  var windowCollapsed: Bool { windowEndMicroseconds != .min && windowEndMicroseconds == earliestMicroseconds }

  public init(kind: Kind, identifier: String, priority: Priority, submittedAt: SimTime) {
    self.init(kind: kind, name: TaskName(identifier), priority: priority, submittedAt: submittedAt)
  }

  public init(kind: Kind, name: TaskName, priority: Priority, submittedAt: SimTime) {
    self.kind = kind
    self.name = name
    self.priority = priority
    self.submittedAt = submittedAt
  }

  /// A background transfer the app asked to run as soon as possible: only the
  /// force-quit flag and the budgets hold it back.
  public var isUrgentTransfer: Bool { kind == .backgroundTransfer && !discretionary }

  /// Whether the activity launches the app for the user's benefit soon (refresh-like
  /// work that the application policy weighs).
  public var launchesApp: Bool { kind == .refresh || kind == .legacyFetch }

  /// Whether dasd launches it without its predictions, at a bar of 0.01
  /// (``SchedulingModel/bypassThreshold``): a silent push (dasd-decisions.md §2, grade H).
  /// Its policies still judge it: the push budget, the network, the app's state.
  public var bypassesPredictions: Bool { kind == .silentPush }
}
