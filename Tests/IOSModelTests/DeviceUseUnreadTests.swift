import Testing

@testable import IOSModel

/// The device-use prediction is made only for kinds of activity some policy reads it
/// for (``CompiledPolicy/List/readsDeviceUse``), from what the policies declare.
@Suite struct DeviceUseUnreadTests {
  static func row(_ model: SchedulingModel, _ kind: Activity.Kind) -> Bool {
    let a = Activity(kind: kind, name: TaskName("a"), priority: .utility, submittedAt: .zero)
    return model.compiled.readsDeviceUse[model.compiled.weightRow(a)]
  }

  /// In the `ios` model device activity scores refresh, fetch and processing, and skips
  /// pushes and transfers.
  @Test func theIOSModelReadsItForTheKindsDeviceActivityScores() {
    let model = SchedulingModel.ios()
    for kind in [Activity.Kind.refresh, .legacyFetch, .processing] { #expect(Self.row(model, kind)) }
    for kind in [Activity.Kind.silentPush, .backgroundTransfer] { #expect(!Self.row(model, kind)) }
  }

  /// A policy that reads it for pushes, by its score or by its veto, or one that
  /// declares nothing, makes it read for pushes.
  struct PushByUse: SchedulingPolicy {
    var name: String { "push_by_use" }
    var declaresWeight: Bool
    var reads: PolicyInputs { [.deviceUsePrediction] }
    var vetoReads: PolicyInputs { declaresWeight ? [] : [.deviceUsePrediction] }
    func scoreWeight(for activity: Activity) -> Double? {
      declaresWeight && activity.kind == .silentPush ? 1 : nil
    }
    func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict {
      guard activity.kind == .silentPush else { return .skip(name) }
      if declaresWeight { return .score(name, 1 - c.deviceUseProbability, weight: 1, c, "by use") }
      return c.deviceUseProbability > 0.5 ? .veto(name, c, "in use") : .skip(name)
    }
  }

  struct Undeclared: SchedulingPolicy {
    var name: String { "undeclared" }
    func evaluate(_ activity: Activity, _ c: PolicyContext) -> PolicyVerdict { .skip(name) }
  }

  @Test func aPolicyThatReadsItForPushesMakesItRead() {
    for policy: any SchedulingPolicy in [
      PushByUse(declaresWeight: true), PushByUse(declaresWeight: false), Undeclared(),
    ] {
      var model = SchedulingModel.ios()
      model.policies.append(policy)
      #expect(Self.row(model, .silentPush), "\(policy.name)")
      #expect(Self.row(model, .refresh))
    }
  }
}
