import FileFormats
import Foundation
import Randomness

/// A fit's posterior sample (`posterior.csv` of `bgsim fit`), for `bgsim run --posterior`:
/// each replication of the experiment runs with one parameter set drawn from it, so that
/// the replications differ as much as what the fit left unknown.
///
/// The file's header is `draw`, one column per parameter (a dotted key of `scheduler`,
/// `app` or `persona`), `distance`, `weight`; durations are in seconds.
public struct PosteriorSample: Sendable {
  public let file: String
  public let keys: [String]
  /// Each parameter set's values, in the order of ``keys``.
  public let rows: [[Double]]
  /// Each set's weight, summing to 1.
  public let weights: [Double]

  /// The most parameter sets a sample may hold.
  public static let maximumRows = 100_000

  public static func load(file: String) throws(UserError) -> PosteriorSample {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw UserError(
        "\(file): \(FileManager.default.fileExists(atPath: file) ? "cannot be read" : "no such file")")
    }
    guard data.count <= 256 << 20 else {
      throw UserError("\(file): a posterior sample may hold at most 256 MiB")
    }
    return try parse(TextFiles.text(of: data), file: file)
  }

  static func parse(_ text: String, file: String) throws(UserError) -> PosteriorSample {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init),
      header.count >= 4, header.first == "draw", header.suffix(2) == ["distance", "weight"]
    else {
      throw UserError(
        "\(file):1: not a posterior sample: the header must be draw, the parameters, distance, weight (bgsim fit's posterior.csv)"
      )
    }
    let keys = Array(header[1..<(header.count - 2)])
    for key in keys {
      let section = key.split(separator: ".").first.map(String.init) ?? ""
      guard key.contains("."), ParameterSetting.sections.contains(section) else {
        throw UserError(
          "\(file):1: \(key): not a parameter; a column names a key of \(ParameterSetting.sections.joined(separator: ", "))"
        )
      }
    }
    guard lines.count - 1 <= maximumRows else {
      throw UserError("\(file): more than \(maximumRows) parameter sets")
    }
    var rows: [[Double]] = []
    var weights: [Double] = []
    for (i, line) in lines.enumerated().dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count == header.count else {
        throw UserError("\(file):\(i + 1): expected \(header.count) fields, found \(fields.count)")
      }
      var values: [Double] = []
      for (k, f) in fields.enumerated() {
        guard let x = Double(f), x.isFinite, abs(x) < 1e15 else {
          throw UserError("\(file):\(i + 1): \(header[k]): '\(f)' is not a finite number")
        }
        values.append(x)
      }
      guard values.last! >= 0 else { throw UserError("\(file):\(i + 1): weight: a weight is not negative") }
      rows.append(Array(values[1..<(values.count - 2)]))
      weights.append(values.last!)
    }
    let total = weights.reduce(0, +)
    guard !rows.isEmpty, total > 0 else {
      throw UserError("\(file): no parameter set with a positive weight")
    }
    return PosteriorSample(file: file, keys: keys, rows: rows, weights: weights.map { $0 / total })
  }

  /// The parameter set of `replication`: a weighted draw from its own random stream, so
  /// that the choice depends on the seed and the replication alone.
  public func row(seed: UInt64, replication: Int) -> Int {
    let u = RandomStreams(seed: seed, replication: replication).stream("posterior").uniform()
    var cumulative = 0.0
    for (i, w) in weights.enumerated() {
      cumulative += w
      if u < cumulative { return i }
    }
    return rows.count - 1
  }

  /// The settings of parameter set `row`. A value is written as a number; a key that
  /// takes a duration gets it in seconds (``ExperimentSpec/applying(posterior:row:)``).
  func settings(row: Int, durations: Set<String> = []) -> [ParameterSetting] {
    zip(keys, rows[row]).map { key, x in
      ParameterSetting(key: key, value: durations.contains(key) ? "\(x)s" : "\(x)", file: file, line: row + 2)
    }
  }
}
