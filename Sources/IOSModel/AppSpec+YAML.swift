import FileFormats
import Randomness

extension AppSpec {
  public static let keys = [
    "bundle", "background_modes", "permitted_identifiers", "background_app_refresh", "ios",
    "debugger_attached",
    "refresh_time_limit", "processing_time_limit", "watchdog_grace", "suspend_delay", "tasks",
    "background_time", "minimum_background_fetch_interval", "silent_pushes_per_hour", "fetch_work",
    "fetch_bytes",
    "background_transfer",
  ]

  /// Reads an app file.
  public static func load(file: String) throws(ConfigError) -> AppSpec {
    let tree = try ConfigTree.load(file: file)
    if let misplaced = ConfigFileKind.misplaced(tree, readAs: .app) { throw misplaced }
    return try AppSpec(tree: tree)
  }

  /// Decodes an app from YAML; every key is checked.
  public init(tree: ConfigTree) throws(ConfigError) {
    self.init()
    let s = try ConfigSection(tree, keys: Self.keys)
    var c = configuration
    c.bundleIdentifier = try s.text("bundle", default: c.bundleIdentifier) ?? c.bundleIdentifier
    if let modes = try s.list("background_modes") { c.backgroundModes = Set(modes.map(\.text)) }
    if let ids = try s.list("permitted_identifiers") { c.permittedIdentifiers = ids.map(\.text) }
    c.backgroundAppRefresh = try s.flag("background_app_refresh", default: c.backgroundAppRefresh)
    if let era = try s.text("ios", default: nil, allowed: IOSEra.allCases.map(\.rawValue)) {
      c.era = IOSEra(rawValue: era)!
    }
    c.debuggerAttached = try s.flag("debugger_attached", default: c.debuggerAttached)
    c.refreshTimeLimitSeconds = try s.duration(
      "refresh_time_limit", default: c.refreshTimeLimitSeconds, range: 1...3600)
    c.processingTimeLimitSeconds = try s.duration(
      "processing_time_limit", default: c.processingTimeLimitSeconds, range: 1...86_400)
    c.watchdogGraceSeconds = try s.duration("watchdog_grace", default: c.watchdogGraceSeconds, range: 0...600)
    c.suspendDelaySeconds = try s.duration("suspend_delay", default: c.suspendDelaySeconds, range: 0...600)
    if s.has("minimum_background_fetch_interval") {
      c.minimumBackgroundFetchIntervalSeconds = try s.duration(
        "minimum_background_fetch_interval", default: 0, range: 0...(30 * 86_400))
    }
    c.silentPushesPerHour = try s.number(
      "silent_pushes_per_hour", default: c.silentPushesPerHour, range: 0...3600)
    configuration = c
    fetchWork = try s.distribution("fetch_work", default: fetchWork, duration: true)
    fetchBytes = try s.number("fetch_bytes", default: fetchBytes, range: 0...1e12)
    if let t = try s.section("background_transfer", keys: ["bytes", "discretionary"]) {
      var transfer = BackgroundTransferSpec()
      transfer.bytes = Double(
        try t.integer("bytes", default: Int(transfer.bytes), range: 0...1_000_000_000_000))
      transfer.discretionary = try t.flag("discretionary", default: transfer.discretionary)
      backgroundTransfer = transfer
    }
    if let list = s.value("tasks") {
      guard case .sequence(let items) = list.value else {
        throw list.error("expected a list of tasks, each with an identifier and a type")
      }
      for item in items {
        tasks.append(try TaskBehaviorSpec(try ConfigSection(item, keys: TaskBehaviorSpec.keys), app: c))
      }
    }
    if let bt = try s.section("background_time", keys: ["pattern", "work"]) {
      if let p = try bt.text(
        "pattern", default: nil, allowed: BackgroundTimeSpec.Pattern.allCases.map(\.rawValue))
      {
        backgroundTime.pattern = BackgroundTimeSpec.Pattern(rawValue: p)!
      }
      backgroundTime.work = try bt.distribution("work", default: backgroundTime.work, duration: true)
    }
  }
}

extension TaskBehaviorSpec {
  public static let keys = [
    "identifier", "type", "earliest_begin", "requires_network", "requires_external_power", "submit", "work",
    "network_bytes", "cpu_share", "success_probability", "honours_expiration", "calls_set_task_completed",
    "strategy",
  ]

  public init(_ s: ConfigSection, app: AppConfiguration) throws(ConfigError) {
    guard let id = try s.text("identifier", default: nil) else {
      throw s.tree.error("a task needs an identifier")
    }
    let type = try s.text("type", default: nil, allowed: BGTaskKind.allCases.map(\.rawValue))
    guard let type else { throw s.tree.error("a task needs a type: refresh, processing or continued") }
    self.init(identifier: id, kind: BGTaskKind(rawValue: type)!)
    if !app.permittedIdentifiers.contains(id) {
      throw s.value("identifier")!.error(
        "'\(id)' is submitted but not in permitted_identifiers\(NearestName.hint(id, among: app.permittedIdentifiers)); add it there"
      )
    }
    if let e = s.value("earliest_begin"), let text = e.scalar, text.contains(":") {
      // A time of day, `"06:00"`, or a time of day plus a delay, `"06:00 + 30m"`.
      let parts = text.split(separator: "+", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard let seconds = ClockText.secondsOfDay(parts[0]) else {
        throw e.error("'\(parts[0])' is not a time of day; write HH:MM from 00:00 to 23:59, e.g. \"06:00\"")
      }
      earliestBeginTimeOfDay = seconds
      if parts.count == 2 {
        guard let delay = DurationText.parseSeconds(parts[1]), delay >= 0, delay <= 1e9 else {
          throw e.error(
            "'\(parts[1])' is not a duration; write a time of day plus a delay, e.g. \"06:00 + 30m\"")
        }
        earliestBegin = .constant(Constant(delay))
      }
    } else if s.has("earliest_begin") {
      earliestBegin = try s.distribution("earliest_begin", default: .constant(Constant(0)), duration: true)
    }
    requiresNetworkConnectivity = try s.flag("requires_network", default: false)
    requiresExternalPower = try s.flag("requires_external_power", default: false)
    requiresExternalPowerGiven = s.has("requires_external_power")
    if kind != .processing, s.has("requires_network") || s.has("requires_external_power") {
      let key = s.has("requires_external_power") ? "requires_external_power" : "requires_network"
      throw s.value(key)!.error(
        "\(key) is an option of processing requests; a \(kind.rawValue) request cannot ask for it")
    }
    if let list = try s.list("submit") {
      var policies: Set<SubmitPolicy> = []
      for item in list {
        guard let p = SubmitPolicy(rawValue: item.text) else {
          let names = SubmitPolicy.allCases.map(\.rawValue)
          throw item.tree.error(
            "unknown submit policy '\(item.text)'\(NearestName.hint(item.text, among: names)) (policies: \(names.joined(separator: ", ")))"
          )
        }
        policies.insert(p)
      }
      submit = policies
    }
    work = try s.distribution("work", default: work, duration: true)
    networkBytes = Double(
      try s.integer("network_bytes", default: Int(networkBytes), range: 0...1_000_000_000_000))
    cpuShare = try s.number("cpu_share", default: cpuShare, range: 0...1)
    successProbability = try s.probability("success_probability", default: successProbability)
    honoursExpiration = try s.flag("honours_expiration", default: honoursExpiration)
    callsSetTaskCompleted = try s.flag("calls_set_task_completed", default: callsSetTaskCompleted)
    if let st = try s.text("strategy", default: nil, allowed: ["queue", "fail"]) {
      guard kind == .continuedProcessing else {
        throw s.value("strategy")!.error("strategy applies to continued requests only")
      }
      strategy = BGContinuedProcessingTaskRequest.SubmissionStrategy(rawValue: st)!
    }
  }
}
