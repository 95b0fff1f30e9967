import Randomness
import SimKernel

extension SimulatedDevice {
  /// The owner's use in the `days` days before the run, drawn from the same habits as
  /// the run's (this owner's rates of unlocks and of opens of the app, by time of day) on
  /// `stream`: the times they opened the app, and the times the screen came on (an
  /// unlock or an open), each in time order, all before time 0.
  public func pastUse(days: Int, stream: RandomStream) -> (appOpens: [SimTime], screenOns: [SimTime]) {
    let start = SimTime.zero - .seconds(Double(days) * 86_400)
    func draw(_ profile: TimeOfDayProfile) -> [SimTime] {
      var times: [SimTime] = []
      var t = start
      while let next = profile.nextEvent(after: t, calendar: calendar, stream: stream, limit: .zero) {
        times.append(next)
        t = next
      }
      return times
    }
    let opens = draw(appProfile)
    return (opens, (draw(unlockProfile) + opens).sorted())
  }
}
