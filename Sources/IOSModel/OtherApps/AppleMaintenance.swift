/// Apple's own maintenance work, which the system runs on the charger at night beside
/// the apps' (``AppPopulation/maintenance``). Each asks to run once a day, 24 hours after
/// its last run ended, as processing on external power, and dasd judges it with the
/// same policies as the apps' work (the facts' `multi-app.md` §1.0: one policy set for
/// every client, Apple's XPC activities included): it waits for the phone to be on
/// power and idle, and the backup for Wi-Fi. As a system activity (``Activity/isSystem``)
/// the rules about an app leave it alone (how recently the owner opened it; a stalled
/// release's fault for apps' sync). While it runs it counts as a running task for the
/// CPU level and in its concurrency group, so a processing task of the app under study
/// scores lower and may wait until it ends.
///
/// Sources (the calibration notes): iCloud backs up daily over Wi-Fi when the phone is
/// locked and on power (Apple support, "Back up your iOS device to iCloud"); Photos
/// analyses the library in the background at night on the charger (Apple at WWDC 2016,
/// as reported by iMore). How long each runs has no published figure.
public enum AppleMaintenance: String, CaseIterable, Sendable, Hashable {
  /// iCloud backup of what changed since the last.
  case icloudBackup = "icloud_backup"
  /// Photos' analysis of new pictures (faces, scenes, search).
  case photoAnalysis = "photo_analysis"

  /// How long one run takes when the experiment does not say [s] (an assumption).
  public var defaultSeconds: Double {
    switch self {
    case .icloudBackup: 600
    case .photoAnalysis: 1_200
    }
  }

  /// Its bundle identifier in the outputs and in `bgsim explain`.
  public var bundle: String {
    switch self {
    case .icloudBackup: "com.apple.icloud-backup"
    case .photoAnalysis: "com.apple.photo-analysis"
    }
  }

  /// The work of one run of `seconds`: the backup moves data on Wi-Fi only (Apple
  /// support); Photos' analysis is on the phone and needs no network.
  public func work(seconds: Double) -> AppArchetype.Work {
    var w = AppArchetype.Work(
      kind: .processing, intervalSeconds: 86_400, runSeconds: seconds, bytes: 0, requiresExternalPower: true)
    w.requiresNetwork = self == .icloudBackup
    w.requiresWiFi = self == .icloudBackup
    w.isApples = true
    return w
  }

  /// Every entry with its default length.
  public static var defaults: [AppleMaintenance: Double] {
    Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.defaultSeconds) })
  }
}
