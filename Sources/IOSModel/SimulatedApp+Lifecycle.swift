import SimKernel

extension SimulatedApp {
  /// Starts a new process: launch handlers must be registered again.
  func launchProcess(inBackground: Bool) {
    taskScheduler.handlers.removeAll()
    timers.removeAll()
    deferredTimers.removeAll()
    setState(inBackground ? .background : .inactive)
    isFinishingLaunch = true
    behavior.didFinishLaunching(self, inBackground: inBackground)
    isFinishingLaunch = false
  }

  /// An app installed before the run: its last process submitted its requests, which
  /// `BGTaskScheduler` keeps after the process ends. At the run's start the process comes
  /// up in the background, submits what its launch submits, and ends, leaving them pending.
  public func resumeInstalled(loop: inout EventLoop) {
    enter(&loop) {
      launchProcess(inBackground: true)
      terminate(reason: "installed_before_run")
    }
  }

  /// The owner opened the app (tapped it, or switched to it).
  public func userOpened(loop: inout EventLoop) {
    enter(&loop) {
      if isForceQuitFlagged {
        isForceQuitFlagged = false
        record(.forceQuit, "", "cleared")
      }
      suspendGeneration += 1
      backgroundGeneration += 1
      backgroundDeadline = nil
      backgroundTimeExpired = false
      switch state {
      case .notRunning:
        launchProcess(inBackground: false)
      case .background, .suspended:
        setState(.inactive)
        behavior.willEnterForeground(self)
      case .inactive, .active:
        break
      }
      setState(.active)
      behavior.didBecomeActive(self)
    }
  }

  /// The owner left the app: it moves to the background and is suspended soon after,
  /// unless it holds background time or runs a task.
  public func userLeft(loop: inout EventLoop) {
    enter(&loop) {
      guard state.isForeground else { return }
      setState(.inactive)
      setState(.background)
      backgroundGeneration += 1
      backgroundTimeExpired = false
      backgroundDeadline = now + .seconds(configuration.era.backgroundTimeBudgetSeconds)
      request(.backgroundTimeExpiry, at: backgroundDeadline!, payload: Int64(backgroundGeneration))
      behavior.didEnterBackground(self)
      suspendIfIdle()
    }
  }

  /// The owner swiped the app away in the app switcher: the process ends, queued
  /// continued-processing requests are cancelled, and background launches stay
  /// blocked until the owner opens the app again.
  public func userForceQuit(loop: inout EventLoop) {
    enter(&loop) {
      isForceQuitFlagged = true
      record(.forceQuit, "", "set")
      taskScheduler.continuedQueue.removeAll()
      terminate(reason: "force_quit")
    }
  }

  /// The owner started using the device: running processing tasks must stop.
  public func deviceInUse(loop: inout EventLoop) {
    // Most screen-ons find no task running, so nothing to expire (and nothing to flush:
    // the outbox is empty between calls).
    guard !runningTasks.isEmpty else {
      now = loop.now
      return
    }
    enter(&loop) {
      for task in running where task is BGProcessingTask { expire(task, reason: "device_in_use") }
    }
  }

  /// The phone switched off: the process ends. The force-quit flag survives.
  public func deviceShutdown(loop: inout EventLoop) {
    enter(&loop) { terminate(reason: "shutdown") }
  }

  /// Ends the process.
  func terminate(reason: String) {
    for task in running {
      task.finished = true
      task.expirationHandler = nil  // never called now; it may hold the task
      record(.kill, name: task.name, reason)
      workChanges.append(-1)
    }
    runningTasks.removeAll()
    backgroundTasks.removeAll()
    timers.removeAll()
    deferredTimers.removeAll()
    taskScheduler.handlers.removeAll()
    suspendGeneration += 1
    backgroundGeneration += 1
    backgroundDeadline = nil
    setState(.notRunning)
  }

  /// The watchdog ends the app.
  func kill(reason: String) {
    watchdogKills += 1
    if runningTasks.isEmpty { record(.kill, "", reason) }
    terminate(reason: reason)
  }
}
