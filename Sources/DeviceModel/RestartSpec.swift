/// How often a phone restarts, and for how long it is off: the owner's restarts, iOS
/// updates installed overnight, and iOS 18's inactivity reboot. After any restart (and
/// after a flat battery's boot) the phone is locked until its owner first unlocks it,
/// and no app runs before that. Sources: the calibration notes.
public struct RestartSpec: Sendable, Hashable {
  /// Restarts the owner makes [1/day], at random moments while the phone is on. No
  /// published rate was found: 0.
  public var ownerPerDay: Double = 0
  /// iOS updates, each installed overnight and a restart [1/day]: Apple's release notes
  /// list 17 iOS 17 releases from September 2023 to August 2024, about 0.047 a day. The
  /// share of owners with automatic updates on is not published: every phone takes each.
  public var updatesPerDay: Double = 0.047
  /// A phone not unlocked for this long restarts [s]; 0: never. iOS 18's inactivity
  /// reboot after 72 h (security researchers' reverse engineering, November 2024); the
  /// iOS model turns it off for apps of earlier eras.
  public var inactivityRebootSeconds: Double = 259_200
  /// How long a restart keeps the phone off [s]. No published figure: 1 min.
  public var restartSeconds: Double = 60
  /// How long installing an update keeps the phone off [s]. No published figure: 20 min.
  public var updateSeconds: Double = 1200

  public init() {}
}
