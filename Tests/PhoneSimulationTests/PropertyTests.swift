import DeviceModel
import IOSModel
import PropertyBased
import SimKernel
import Testing

@testable import PhoneAssembly

/// The submission and launch rules over random sequences of API calls.
@Suite struct PropertyTests {
  /// One random step: submit, cancel, or a launch attempt at a time.
  enum Step: Sendable, CustomStringConvertible {
    case submitRefresh(id: Int, delay: Int)
    case submitProcessing(id: Int, delay: Int)
    case cancel(id: Int)
    case launch(id: Int)

    var description: String {
      switch self {
      case .submitRefresh(let i, let d): "refresh(\(i), +\(d)s)"
      case .submitProcessing(let i, let d): "processing(\(i), +\(d)s)"
      case .cancel(let i): "cancel(\(i))"
      case .launch(let i): "launch(\(i))"
      }
    }
  }

  /// Steps drawn from one integer: kind, identifier and delay packed together.
  static let stepGen = Gen.int(in: 0...(4 * 14 * 601 - 1)).map { n -> Step in
    let kind = n % 4
    let id = n / 4 % 14
    let delay = n / 56
    switch kind {
    case 0: return .submitRefresh(id: id % 2, delay: delay)
    case 1: return .submitProcessing(id: id, delay: delay)
    case 2: return .cancel(id: id)
    default: return .launch(id: id)
    }
  }

  static func name(_ step: Step) -> String {
    switch step {
    case .submitRefresh(let i, _): i == 0 ? "refresh" : "refresh2"
    case .submitProcessing(let i, _), .cancel(let i), .launch(let i): "p\(i % 12)"
    }
  }

  @Test func pendingLimitsHoldAndNothingLaunchesEarly() async {
    await propertyCheck(count: 60, input: Self.stepGen.array(of: 1...60)) { steps in
      let code = worker(["refresh", "refresh2"] + (0..<12).map { "p\($0)" }, workSeconds: 3)
      var world = World(behavior: code, script: [(0, .openApp(seconds: 5))])
      world.run(until: 1)
      var t = 10.0
      var violations: [String] = []
      for step in steps {
        t += 17
        world.run(until: t)
        let app = world.app
        switch step {
        case .submitRefresh(_, let d):
          var r = BGAppRefreshTaskRequest(identifier: Self.name(step))
          r.earliestBeginDate = app.now + .seconds(Double(d))
          try? app.taskScheduler.submit(r)
        case .submitProcessing(_, let d):
          var r = BGProcessingTaskRequest(identifier: Self.name(step))
          r.earliestBeginDate = app.now + .seconds(Double(d))
          try? app.taskScheduler.submit(r)
        case .cancel: app.taskScheduler.cancel(taskRequestWithIdentifier: Self.name(step))
        case .launch:
          let earliest = app.taskScheduler.pending.first { $0.request.identifier == Self.name(step) }?.request
            .earliestBeginDate
          let result = app.launch(identifier: Self.name(step), loop: &world.loop)
          if case .launched = result, let earliest, app.now < earliest {
            violations.append("\(Self.name(step)) launched at \(app.now) before \(earliest)")
          }
        }
        let pending = app.taskScheduler.pending
        if pending.filter({ $0.request.kind == .refresh }).count > 1 {
          violations.append("2 refresh pending")
        }
        if pending.filter({ $0.request.kind == .processing }).count > 10 {
          violations.append("11 processing pending")
        }
        if Set(pending.map(\.request.identifier)).count != pending.count {
          violations.append("duplicate identifier")
        }
      }
      #expect(violations.isEmpty, "\(violations.prefix(3))")
    }
  }
}
