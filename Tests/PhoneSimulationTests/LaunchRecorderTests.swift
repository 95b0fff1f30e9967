import IOSModel
import PhoneAssembly
import SimKernel
import Testing

/// A launch's fate is read from the app's events in one place (``LaunchRecorder``).
@Suite struct LaunchRecorderTests {
  func at(_ seconds: Double) -> SimTime { SimTime(seconds: seconds) }

  @Test func eachRequestGetsOneRecordWithItsWholeFate() {
    let events: [AppEvent] = [
      AppEvent(time: at(0), kind: .submit, identifier: "sync", detail: "refresh", value: 900),
      AppEvent(time: at(10), kind: .submit, identifier: "sync", detail: "refresh", value: 900),
      AppEvent(time: at(10), kind: .replaced, identifier: "sync"),
      AppEvent(time: at(1000), kind: .launch, identifier: "sync", detail: "refresh"),
      AppEvent(time: at(1030), kind: .expire, identifier: "sync", detail: "time_limit"),
      AppEvent(time: at(1031), kind: .complete, identifier: "sync", detail: "success"),
      AppEvent(time: at(2000), kind: .launch, identifier: "fetch", detail: "legacy_fetch"),
      AppEvent(time: at(2010), kind: .complete, identifier: "fetch", detail: "new_data"),
      AppEvent(time: at(3000), kind: .submitFailed, identifier: "clean", detail: "processing", value: 3),
      AppEvent(time: at(4000), kind: .kill),
    ]
    var recorder = LaunchRecorder()
    var changes: [String] = []
    for j in events.indices {
      switch recorder.consume(events, j) {
      case .opened(let i): changes.append("opened \(i)")
      case .launched(let i): changes.append("launched \(i)")
      case .ended(let i): changes.append("ended \(i)")
      case .killedIdle: changes.append("killed idle")
      case .none: break
      }
    }
    #expect(
      changes == [
        "opened 0", "opened 1", "launched 1", "ended 1", "launched 2", "ended 2", "opened 3", "killed idle",
      ])
    let r = recorder.records
    #expect(r.count == 4)
    // The first request was replaced before it ran.
    #expect(r[0].end == .cancelled && r[0].launched == nil && r[0].ended == at(10))
    // The second ran, was expired, and then reported success.
    #expect(r[1].launched == at(1000) && r[1].expiredAt == at(1030) && r[1].ended == at(1031))
    #expect(r[1].end == .completed(.success) && recorder.texts[r[1].kind] == "refresh")
    #expect(r[1].earliest == at(900))  // the submission's earliestBeginDate, from the start
    // A launch with no request (a legacy fetch) opens its own record.
    #expect(r[2].submitted == at(2000) && r[2].end == .completed(.newData))
    #expect(r[3].end == .rejected && r[3].errorCode == 3 && r[3].isSettled)
  }

  @Test func aPhonesRecordsAreItsLaunches() {
    // A day of the main job's refresh arm: as many launched records as launch events.
    let log = LaunchRecorder.records(
      of: (0..<5).flatMap { k in
        [
          AppEvent(time: at(Double(k) * 3600), kind: .submit, identifier: "s", detail: "refresh"),
          AppEvent(time: at(Double(k) * 3600 + 900), kind: .launch, identifier: "s", detail: "refresh"),
          AppEvent(time: at(Double(k) * 3600 + 905), kind: .complete, identifier: "s", detail: "failure"),
        ]
      })
    #expect(log.records.count == 5)
    #expect(log.records.allSatisfy { $0.end == .completed(.failure) && $0.launched != nil })
  }
}
