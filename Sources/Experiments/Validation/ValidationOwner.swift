import DeviceModel
import IOSModel
import SimKernel

/// What a validation figure needs of one simulated owner: the launches of one task,
/// each with its day, time of day, power state, run time and score.
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
  }

  var days: Int
  var launches: [Launch]

  init(outcome o: Scenario.Outcome, task: String, days: Int) {
    self.days = days
    let cal = o.calendar
    let start = cal.startOfDay(0)
    var plugged: [(SimTime, Bool)] = []
    for c in o.deviceLog where c.kind == .plugged || c.kind == .unplugged {
      plugged.append((c.time, c.kind == .plugged))
    }
    let scores = o.decisions.filter { $0.activity.identifier == task && $0.outcome == .launched }
    var scoreIndex = 0
    var plugIndex = 0
    var onPower = false
    var out: [Launch] = []
    var open: Int?
    for e in o.appLog where e.identifier == task {
      switch e.kind {
      case .launch:
        while plugIndex < plugged.count, plugged[plugIndex].0 <= e.time {
          onPower = plugged[plugIndex].1
          plugIndex += 1
        }
        while scoreIndex < scores.count, scores[scoreIndex].time < e.time { scoreIndex += 1 }
        let score =
          scoreIndex < scores.count && scores[scoreIndex].time == e.time ? scores[scoreIndex].total : nil
        let seconds = (e.time - start).seconds
        out.append(
          Launch(
            seconds: seconds, day: cal.day(of: e.time), hour: cal.fractionalHour(of: e.time),
            onPower: onPower, runSeconds: nil, score: score))
        open = out.count - 1
      case .complete, .expire, .kill:
        if let i = open {
          out[i].runSeconds = (e.time - start).seconds - out[i].seconds
          open = nil
        }
      default: break
      }
    }
    launches = out
  }
}
