import DeviceModel
import SimKernel
import Testing

@testable import IOSModel

/// Apple's own maintenance is judged by the apps' policies as a system activity: the
/// backup waits for Wi-Fi, and the rules about an app (its owner's use, a stalled
/// release's fault for apps' sync) leave it alone.
@Suite struct SystemActivityTests {
  func context(network: NetworkKind, stalled: Bool = false) -> PolicyContext {
    var c = PolicyContext(
      now: SimTime(seconds: 100_000), batteryPercent: 90, isPluggedIn: true, isInUse: false,
      idleSeconds: 900, network: network, isLowPowerMode: false, thermal: .nominal, isPoweredOn: true,
      appState: .notRunning, backgroundAppRefresh: true, isForceQuitFlagged: false,
      appOpenProbability: nil, deviceUseProbability: 0.1, daysSinceAppOpened: nil,
      energyBudget: 150, energyCapacity: 150, dataBudget: 5e7, lastLaunch: LaunchTimes(),
      runningTasks: 0, overruns: 0)
    c.owner.stalledRelease = stalled
    c.owner.installWarmupFactor = 0
    return c
  }

  /// The activity each maintenance entry is judged as.
  func activity(_ entry: AppleMaintenance) -> Activity {
    OtherApp(bundle: entry.bundle, work: entry.work(seconds: 600), workKind: 0, opensAt: 0, rank: 0).activity
  }

  @Test func theBackupWaitsForWiFiAndTheAnalysisForNoNetwork() {
    let network = NetworkRequirementPolicy()
    let backup = activity(.icloudBackup)
    #expect(backup.isSystem && backup.requiresInexpensiveNetwork && backup.requiresExternalPower)
    #expect(network.evaluate(backup, context(network: .cellular)).isVeto)
    #expect(network.evaluate(backup, context(network: .none)).isVeto)
    #expect(!network.evaluate(backup, context(network: .wifi)).isVeto)
    let analysis = activity(.photoAnalysis)
    #expect(analysis.isSystem && !analysis.requiresNetwork && !analysis.requiresInexpensiveNetwork)
    for n in [NetworkKind.none, .cellular, .wifi] {
      #expect(!network.evaluate(analysis, context(network: n)).isVeto, "\(n)")
    }
  }

  /// An app never opened gets no processing (the SDK header's promise, `app_usage`), and
  /// a stalled release launches none of an app's work; Apple's maintenance is no app.
  @Test func theRulesAboutAnAppLeaveItAlone() {
    var app = activity(.photoAnalysis)
    app.isSystem = false
    let c = context(network: .wifi, stalled: true)
    #expect(AppUsagePolicy().evaluate(app, c).isVeto)
    #expect(ReleaseFaultPolicy().evaluate(app, c).isVeto)
    let system = activity(.photoAnalysis)
    #expect(!AppUsagePolicy().evaluate(system, c).isVeto)
    #expect(!ReleaseFaultPolicy().evaluate(system, c).isVeto)
    // The whole model: on power, idle, Wi-Fi and a stalled phone, nothing vetoes it.
    let vetoes = SchedulingModel.ios().policies.map { $0.evaluate(system, c) }.filter(\.isVeto)
    #expect(vetoes.isEmpty, "\(vetoes.map(\.policy))")
  }
}
