import FileFormats
import Randomness

/// The owner's other apps, as an experiment describes them: how many are installed,
/// how many the owner opens at all and how unevenly, and how many ask for background
/// work, of which archetypes. The app under study is not among them.
///
/// ```yaml
/// other_apps:
///   background_active: 10   # other apps with background work [0…500]
///   installed: 90           # other apps installed [0…500]
///   used: 30                # of those, the ones the owner opens at all
///   usage_exponent: 1.3     # opens by usage rank r ∝ r^−exponent (Zipf)
///   archetypes: {messenger: 0.25, news: 0.25, fitness: 0.15, weather: 0.15, photo_backup: 0.1, podcast: 0.1}
///   apps:                   # more, named: an archetype or an app file (``ListedApp``)
///     - {bundle: com.chat.app, archetype: messenger, every: 10m, rank: 1}
///   apple_maintenance: {icloud_backup: 10m, photo_analysis: 20m}   # 0s: off
/// ```
///
/// Sources (the calibration notes): more than 80 apps installed, about 30–40 used in a
/// month (App Annie 2017); opens by rank follow Zipf (Lee et al., UbiComp 2016), the top
/// app about 40 % of app time (comScore 2014), which an exponent of 1.3 over 30 apps
/// gives. How many apps use background work, and of which kinds, has no published figure.
public struct AppPopulation: Sendable, Hashable {
  /// Other apps with background work [apps].
  public var backgroundActive = 0
  /// Other apps installed [apps].
  public var installed = 90
  /// Other apps the owner opens at all [apps].
  public var used = 30
  /// The Zipf exponent of opens by usage rank.
  public var usageExponent = 1.3
  /// The share of background-active apps of each archetype [0…1], summing to 1.
  public var shares: [AppArchetype: Double] = Dictionary(
    uniqueKeysWithValues: AppArchetype.defaultShares)
  /// Other apps named one by one, besides the `backgroundActive` drawn from the catalogue.
  public var listed: [ListedApp] = []
  /// Apple's own maintenance on the charger at night, each entry's run [s] (0: none).
  /// None without an `other_apps` section; with one, every entry at its default unless
  /// `apple_maintenance` says otherwise.
  public var maintenance: [AppleMaintenance: Double] = [:]

  /// The most apps a phone may hold.
  public static let maximumApps = 500
  public static let keys = [
    "background_active", "installed", "used", "usage_exponent", "archetypes", "apps", "apple_maintenance",
  ]

  public init() {}

  /// Whether the phone has no other background work: no other apps, no Apple maintenance.
  public var isEmpty: Bool {
    backgroundActive == 0 && listed.isEmpty && !maintenance.values.contains { $0 > 0 }
  }

  /// Whether Apple's maintenance runs on the phone (an entry with a run of over 0 s).
  public var hasAppleMaintenance: Bool { maintenance.values.contains { $0 > 0 } }

  /// Other apps with background work, drawn and listed [apps].
  public var total: Int { backgroundActive + listed.count }

  /// Decodes an `other_apps` section; every key, count, share and listed app is
  /// checked. `resolve` turns an app file's path into one from the working directory.
  public init(tree: ConfigTree, resolve: (String) -> String = { $0 }) throws(ConfigError) {
    let s = try ConfigSection(tree, keys: Self.keys)
    var items: [ConfigTree] = []
    if let list = s.value("apps") {
      guard case .sequence(let entries) = list.value else {
        throw list.error("expected a list of apps, e.g. [{bundle: com.chat.app, archetype: messenger}]")
      }
      items = entries
      for item in items { listed.append(try ListedApp(tree: item, resolve: resolve)) }
      try Self.checkListed(listed, items: items)
    }
    let limit = Double(Self.maximumApps)
    for key in ["background_active", "installed", "used"] {
      if let v = s.value(key), let text = v.scalar, let x = Double(text.trimmed()), x > limit {
        throw v.error("\(text) apps is more than a phone holds here; use at most \(Self.maximumApps)")
      }
    }
    backgroundActive = try s.integer(
      "background_active", default: backgroundActive, range: 0...Self.maximumApps)
    if total > Self.maximumApps {
      throw (s.value("apps") ?? tree).error(
        "\(backgroundActive) drawn and \(listed.count) listed apps are more than a phone holds here; use at most \(Self.maximumApps) in all"
      )
    }
    installed = try s.integer(
      "installed", default: max(installed, total), range: 0...Self.maximumApps)
    used = try s.integer("used", default: min(used, installed), range: 0...Self.maximumApps)
    usageExponent = try s.number("usage_exponent", default: usageExponent, range: 0...10)
    if total > installed {
      throw (s.value("installed") ?? tree).error(
        "\(total) background-active apps do not fit in \(installed) installed; raise installed")
    }
    for (app, item) in zip(listed, items) where (app.rank ?? 0) > installed {
      throw item.error(
        "\(app.bundle) has usage rank \(app.rank ?? 0), beyond the \(installed) apps installed")
    }
    if used > installed {
      throw (s.value("used") ?? tree).error(
        "\(used) used apps do not fit in \(installed) installed; lower used")
    }
    if let a = s.value("archetypes") { shares = try Self.shares(a) }
    maintenance = AppleMaintenance.defaults
    if let m = try s.section("apple_maintenance", keys: AppleMaintenance.allCases.map(\.rawValue)) {
      for entry in AppleMaintenance.allCases {
        maintenance[entry] = try m.duration(entry.rawValue, default: entry.defaultSeconds, range: 0...86_400)
      }
    }
  }

  /// The archetypes' shares: known names, none negative, summing to 1.
  static func shares(_ tree: ConfigTree) throws(ConfigError) -> [AppArchetype: Double] {
    guard case .mapping(let entries) = tree.value, !entries.isEmpty else {
      throw tree.error("expected archetypes and their shares, e.g. {messenger: 0.5, news: 0.5}")
    }
    let names = AppArchetype.allCases.map(\.rawValue)
    var shares: [AppArchetype: Double] = [:]
    for entry in entries {
      guard let archetype = AppArchetype(rawValue: entry.key) else {
        throw ConfigError(
          file: entry.value.file, line: entry.line, key: entry.value.path,
          message:
            "unknown archetype '\(entry.key)'\(NearestName.hint(entry.key, among: names)); the catalogue has \(names.joined(separator: ", "))"
        )
      }
      guard let text = entry.value.scalar, let x = Double(text.trimmed()), x.isFinite else {
        throw entry.value.error("expected a share in [0, 1]")
      }
      guard (0...1).contains(x) else {
        throw entry.value.error("\(text) is not a share; use a value in [0, 1]")
      }
      shares[archetype] = x
    }
    let sum = shares.values.reduce(0, +)
    guard abs(sum - 1) <= 1e-6 else {
      throw tree.error("the archetypes' shares sum to \(sum), not 1; make them add up to 1")
    }
    return shares
  }

  /// The bundle identifiers of the other apps: the drawn ones in catalogue order, then
  /// the listed ones.
  public var bundles: [String] {
    counts().flatMap { archetype, count in (0..<count).map { Self.bundle(archetype, $0) } }
      + listed.map(\.bundle)
  }

  /// Refuses `bundle`, the app under study's, when one of the other apps has it too;
  /// the error is placed at `tree`.
  public func refuse(underStudy bundle: String, at tree: ConfigTree) throws(ConfigError) {
    guard bundles.contains(bundle) else { return }
    throw tree.error("the app under study's bundle \(bundle) is also one of the other apps'; give it another")
  }

  /// Listed apps have bundles of their own, not those of the drawn apps, and ranks of
  /// their own.
  static func checkListed(_ listed: [ListedApp], items: [ConfigTree]) throws(ConfigError) {
    var bundles: [String: Int] = [:]
    var ranks: [Int: Int] = [:]
    for (k, app) in listed.enumerated() {
      if let first = bundles[app.bundle] {
        throw items[k].error(
          "two apps with the bundle \(app.bundle) (line \(items[first].line) and here); give each its own")
      }
      if app.bundle.hasPrefix("com.other.") {
        throw items[k].error(
          "\(app.bundle): com.other.… names the apps drawn from the catalogue; give the listed app another bundle"
        )
      }
      bundles[app.bundle] = k
      if let rank = app.rank {
        if let first = ranks[rank] {
          throw items[k].error(
            "two apps with usage rank \(rank) (\(listed[first].bundle) and \(app.bundle)); give each its own")
        }
        ranks[rank] = k
      }
    }
  }

  /// The bundle identifier of the `index`-th app (from 0) of `archetype`.
  static func bundle(_ archetype: AppArchetype, _ index: Int) -> String {
    "com.other.\(archetype.rawValue)-\(index + 1)"
  }

  /// How many of `count` background-active apps are of each archetype, in catalogue
  /// order: the largest remainders get the apps left over, so the counts add up to
  /// `count` and follow the shares as closely as whole apps can.
  public func counts() -> [(AppArchetype, Int)] {
    let ideal = AppArchetype.allCases.map { Double(backgroundActive) * (shares[$0] ?? 0) }
    var whole = ideal.map { Int($0.rounded(.down)) }
    let order = ideal.indices.sorted { a, b in
      let (ra, rb) = (ideal[a] - Double(whole[a]), ideal[b] - Double(whole[b]))
      return ra != rb ? ra > rb : a < b
    }
    for k in order.prefix(backgroundActive - whole.reduce(0, +)) { whole[k] += 1 }
    return zip(AppArchetype.allCases, whole).map { ($0, $1) }
  }
}
