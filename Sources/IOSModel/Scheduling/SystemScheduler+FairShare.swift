import SimKernel

extension SystemScheduler {
  /// The app under study's `activity` finds its group full (with other apps on the
  /// phone): room is made for it (``makeRoom(in:power:app:appUnderStudy:now:loop:)``,
  /// noted for `bgsim explain`), or the launch is refused with the group's reason; nil
  /// when it may launch.
  mutating func makeRoomIfFull(
    _ group: ActivityGroup, for activity: Activity, app: some LaunchableApp, now: SimTime,
    loop: inout EventLoop
  ) -> Decision.Outcome? {
    guard !otherApps.isEmpty, let full = groupFullReason(group, now: now) else { return nil }
    guard
      let note = makeRoom(
        in: group, power: activity.requiresExternalPower, app: otherApps.count, appUnderStudy: app,
        now: now, loop: &loop)
    else { return .refused(reason: full) }
    if recordDecisions { log.madeRoom = note }
    return nil
  }

  /// dasd's answer to a full group (``FairShare``): of the group's runners that have run
  /// at least ``FairShare/Settings/longRunningSeconds``, the one that would run last by
  /// fair share is suspended when the newcomer (app `app`: an other app's index, or
  /// ``OtherAppsWork/count`` for the app under study) would run before it and its leaving
  /// brings the group's load under the cap. What was suspended, in words for `bgsim
  /// explain`; nil when no room was made.
  mutating func makeRoom(
    in group: ActivityGroup, power: Bool, app: Int, appUnderStudy: some LaunchableApp, now: SimTime,
    loop: inout EventLoop
  ) -> String? {
    let share = usage.otherApps.fairShare
    let long = share.settings.longRunningSeconds
    let halfLife = parameters.groupCaps.loadHalfLifeSeconds
    func week(_ k: Int) -> Double {
      let key = otherApps.fairShareKey(k)
      return key < share.seconds.count ? share.seconds[key] : 0
    }
    // The runner that would run last: an other app's index, or a task of the app under study.
    var last: (other: Int?, task: TaskName?, power: Bool, week: Double, weight: Double)?
    func consider(other: Int?, task: TaskName?, power: Bool, week: Double, start: SimTime) {
      guard (now - start).seconds >= long else { return }
      let candidate = (power: power, week: week)
      if let l = last, !FairShare.runsFirst((l.power, l.week), before: candidate) { return }
      last = (other, task, power, week, ActivityGroup.weight(age: now - start, halfLifeSeconds: halfLife))
    }
    for k in otherApps.apps.indices where k != app && otherApps.apps[k].group == group {
      guard let run = otherApps.apps[k].run, run.end > now else { continue }
      consider(
        other: k, task: nil, power: otherApps.apps[k].activity.requiresExternalPower, week: week(k),
        start: run.start)
    }
    if app != otherApps.count {
      for (name, run) in zip(launches.running.allKeys, launches.running.allValues) where run.group == group {
        consider(other: nil, task: name, power: run.needsPower, week: week(otherApps.count), start: run.start)
      }
    }
    guard let victim = last, FairShare.runsFirst((power, week(app)), before: (victim.power, victim.week)),
      groupLoad(group, now: now, without: victim.weight) < parameters.groupCaps[group]
    else { return nil }
    let name = victim.other.map { otherApps.apps[$0].bundle } ?? victim.task?.text ?? ""
    let note =
      "fair share: suspended \(name) (\(Int(victim.week)) s this week against \(Int(week(app))) s) to make room"
      + " in the \(group.name) group"
    if let k = victim.other {
      suspendOther(k, now: now)
    } else if let name = victim.task, let run = launches.running.removeValue(forKey: name) {
      usage.otherApps.fairShare.ran(otherApps.count, from: run.start, to: now)
      refillBudgets(to: now)
      drawEnergy(from: run.start, to: now, onPower: run.onPower, by: otherApps.count, at: now)
      appUnderStudy.suspend(name, loop: &loop)
    }
    return note
  }

  /// Ends other app `k`'s run now, suspended: it drew the budgets for the time it ran,
  /// and its work is due again at once.
  mutating func suspendOther(_ k: Int, now: SimTime) {
    guard let run = otherApps.endRun(k) else { return }
    otherApps.apps[k].suspensions += 1
    usage.otherApps.fairShare.ran(otherApps.fairShareKey(k), from: run.start, to: now)
    refillBudgets(to: now)
    drawEnergy(from: run.start, to: now, onPower: run.onPower, by: k, at: now)
    if otherApps.apps[k].work.kind != .silentPush { otherApps.apps[k].dueAt = now }
    otherApps.endRecordedRun(of: otherApps.apps[k].bundle, startedAt: run.start, at: now)
  }
}
