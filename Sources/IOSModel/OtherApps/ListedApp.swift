import FileFormats
import Randomness

/// One of the owner's other apps named in the experiment rather than drawn from the
/// catalogue: an archetype under its own bundle identifier (with its own interval if
/// given), or an app file, whose background work the system scheduler then judges
/// beside the app under study's.
///
/// ```yaml
/// other_apps:
///   apps:
///     - {bundle: com.chat.app, archetype: messenger, every: 10m, rank: 1}
///     - {file: apps/news.yaml, rank: 3}
/// ```
///
/// An app file's work, as the other apps have it: each task it may submit (a
/// `refresh` or `processing` task in `permitted_identifiers`) asks again `earliest_begin`
/// after each run ends, whatever its `submit` policies (`once`: one run only), and runs
/// for a draw of its `work`, cut at the task's time limit; legacy fetch (the `fetch`
/// mode and `minimum_background_fetch_interval`, no permitted identifiers) every
/// interval for a draw of `fetch_work`; silent pushes at `silent_pushes_per_hour` with
/// the `remote-notification` mode.
public struct ListedApp: Sendable, Hashable {
  public var bundle: String
  /// What the app asks for, one entry per task or path.
  public var work: [AppArchetype.Work]
  /// Its rank in the owner's use (1: the most opened); nil: drawn like the others'.
  public var rank: Int?
  /// The archetype it was named as; nil for an app file.
  public var archetype: AppArchetype?

  public static let keys = ["bundle", "archetype", "every", "file", "rank"]

  public init(bundle: String, work: [AppArchetype.Work], rank: Int? = nil, archetype: AppArchetype? = nil) {
    self.bundle = bundle
    self.work = work
    self.rank = rank
    self.archetype = archetype
  }

  /// Decodes one entry of `other_apps.apps`; `resolve` turns a file path named in the
  /// experiment into one relative to the working directory.
  public init(tree: ConfigTree, resolve: (String) -> String) throws(ConfigError) {
    let s = try ConfigSection(tree, keys: Self.keys)
    rank = s.has("rank") ? try s.integer("rank", default: 1, range: 1...AppPopulation.maximumApps) : nil
    if let path = try s.text("file", default: nil) {
      for key in ["bundle", "archetype", "every"] where s.has(key) {
        throw s.value(key)!.error(
          "an app file names its own \(key == "bundle" ? "bundle" : "work"); drop \(key)")
      }
      let spec: AppSpec
      do { spec = try AppSpec.load(file: resolve(path)) } catch {
        // A file that cannot be read is named at the experiment's line; a problem inside
        // it at its own.
        throw error.line > 0 ? error : s.value("file")!.error("\(path): \(error.message)")
      }
      bundle = spec.configuration.bundleIdentifier
      archetype = nil
      work = try Self.work(of: spec, at: s.value("file")!)
      return
    }
    let names = AppArchetype.allCases.map(\.rawValue)
    guard let name = try s.text("archetype", default: nil) else {
      throw tree.error(
        "name an archetype (\(names.joined(separator: ", "))) or an app file (file: apps/x.yaml)")
    }
    guard let a = AppArchetype(rawValue: name) else {
      throw s.value("archetype")!.error(
        "unknown archetype '\(name)'\(NearestName.hint(name, among: names)); the catalogue has \(names.joined(separator: ", "))"
      )
    }
    guard let bundle = try s.text("bundle", default: nil), !bundle.isEmpty else {
      throw tree.error("a listed app needs its bundle identifier (bundle: com.example.chat)")
    }
    self.bundle = bundle
    archetype = a
    var w = a.work
    w.intervalSeconds = try s.duration("every", default: w.intervalSeconds, range: 60...30 * 86_400)
    work = [w]
  }

  /// The background work of an app file that the system scheduler judges.
  static func work(of spec: AppSpec, at tree: ConfigTree) throws(ConfigError) -> [AppArchetype.Work] {
    let c = spec.configuration
    var out: [AppArchetype.Work] = []
    for task in spec.tasks where c.canSubmit(task) {
      guard task.kind != .continuedProcessing else {
        throw tree.error(
          "\(task.identifier) is a continued-processing task, which the owner starts; other apps may have refresh and processing tasks only"
        )
      }
      guard task.earliestBeginTimeOfDay == nil else {
        throw tree.error(
          "\(task.identifier) begins at a time of day, which other apps do not model; give earliest_begin a duration"
        )
      }
      let processing = task.kind == .processing
      var w = AppArchetype.Work(
        kind: processing ? .processing : .refresh, intervalSeconds: max(0, task.earliestBegin?.mean ?? 0),
        runSeconds: task.work.mean, bytes: task.networkBytes,
        requiresExternalPower: processing && task.requiresExternalPower,
        requiresNetwork: task.requiresNetworkConnectivity || task.networkBytes > 0)
      w.run = task.work
      w.timeLimitSeconds = processing ? c.processingTimeLimitSeconds : c.refreshTimeLimitSeconds
      w.resubmits = task.submit != [.once]
      out.append(w)
    }
    if c.usesLegacyFetch, let interval = c.minimumBackgroundFetchIntervalSeconds {
      var w = AppArchetype.Work(
        kind: .legacyFetch, intervalSeconds: interval, runSeconds: spec.fetchWork.mean, bytes: spec.fetchBytes
      )
      w.run = spec.fetchWork
      w.timeLimitSeconds = c.legacyLaunchTimeLimitSeconds
      out.append(w)
    }
    if c.receivesSilentPushes, c.silentPushesPerHour > 0 {
      var w = AppArchetype.Work(
        kind: .silentPush, intervalSeconds: 3600 / c.silentPushesPerHour, runSeconds: spec.fetchWork.mean,
        bytes: spec.fetchBytes)
      w.run = spec.fetchWork
      w.timeLimitSeconds = c.legacyLaunchTimeLimitSeconds
      out.append(w)
    }
    guard !out.isEmpty else {
      throw tree.error(
        "\(c.bundleIdentifier) has no background work iOS would run (no permitted refresh or processing task, legacy fetch or silent pushes); list an app that has some"
      )
    }
    return out
  }
}
