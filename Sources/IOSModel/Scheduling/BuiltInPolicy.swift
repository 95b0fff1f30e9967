import FileFormats

/// A policy that comes with bgsim: listed once in ``CompiledPolicy/builtIn``, from which
/// the `ios` model's list, the configuration reader and the compiled decision loop all
/// derive. It says how it is configured (its section under `scheduler.policies` and the
/// keys there) and which ``CompiledPolicy`` case runs it.
protocol BuiltInPolicy: SchedulingPolicy {
  /// Its default configuration.
  init()
  /// Its section under `scheduler.policies` (its ``SchedulingPolicy/name``); nil for a
  /// policy configured elsewhere.
  static var configKey: String? { get }
  /// The keys of that section, besides `enabled`.
  static var configKeys: [String] { get }
  /// Reads its keys from its section; every key and range is checked.
  mutating func configure(_ s: ConfigSection) throws(ConfigError)
  /// The policy as the decision loop calls it: a plain value, not a protocol box.
  var compiled: CompiledPolicy { get }
}

extension BuiltInPolicy {
  static var configKeys: [String] { [] }
  mutating func configure(_ s: ConfigSection) throws(ConfigError) {}
}

extension ConfigSection {
  /// A policy's weight at `key`: a number ≥ 0, with a message that names a negative one
  /// as such.
  func weight(_ key: String = "weight", default current: Double) throws(ConfigError) -> Double {
    if let v = value(key), let text = v.scalar, let x = Double(text), x < 0 {
      throw v.error("\(text) is a negative weight; weights must be ≥ 0")
    }
    return try number(key, default: current, range: 0...1e6)
  }
}
