/// One launch of a declarative task: what its work timer and its expiration handler
/// need, in one object that both closures capture alone.
final class DeclarativeLaunch {
  let behavior: DeclarativeBehavior
  let task: BGTask
  /// The task's index in the spec.
  let index: Int
  let success: Bool
  /// The work timer, until it fires or the work is stopped.
  var timer: AppTimer?

  /// The app, reached through the task, which holds it unowned (the app holds the timer
  /// and the task, which hold this launch): a reference of the launch's own cost an
  /// atomic operation when the launch was made and another when it went.
  var app: SimulatedApp { task.app }

  init(behavior: DeclarativeBehavior, task: BGTask, index: Int, success: Bool) {
    self.behavior = behavior
    self.task = task
    self.index = index
    self.success = success
  }

  /// The work timer fired: the work is done.
  func workDone() {
    let app = self.app  // reached once: each read of an unowned reference is an atomic retain
    let behavior = self.behavior
    let k = index
    timer = nil
    if let c = task as? BGContinuedProcessingTask { c.progress = 1 }
    let bytes = behavior.spec.tasks[k].networkBytes
    if bytes > 0 { app.recordNetworkTransfer(bytes: bytes) }
    if behavior.spec.tasks[k].callsSetTaskCompleted { task.setTaskCompleted(success: success) }
    if behavior.submits[k].onCompletion { behavior.submit(k, app) }
  }

  /// The expiration handler: stop the work, if the task honours expiration.
  func expired() {
    let behavior = self.behavior
    let k = index
    guard behavior.spec.tasks[k].honoursExpiration else { return }
    let app = self.app
    if let timer {
      self.timer = nil
      app.cancel(timer)
    }
    if behavior.spec.tasks[k].callsSetTaskCompleted { task.setTaskCompleted(success: false) }
    if behavior.submits[k].onCompletion { behavior.submit(k, app) }
  }
}
