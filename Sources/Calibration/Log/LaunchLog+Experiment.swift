import Experiments
import FileFormats
import Foundation
import Randomness

extension LaunchLog {
  /// The launch log of owner `device` of an experiment (cell 0, replication 0), in arm
  /// `arm` (default: the first): the same phone and the same draws as `bgsim run`
  /// simulated, logged as an app would log it. A synthetic log, to try `bgsim fit --log`
  /// on a device whose parameters are known.
  public static func of(_ spec: ExperimentSpec, device: Int, arm: String?) throws(UserError) -> LaunchLog {
    guard device >= 0, device < spec.devices else {
      throw UserError(
        "--log-owner \(device) is out of range; the experiment has owners 0…\(spec.devices - 1)")
    }
    let names = spec.arms.map(\.name)
    guard let chosen = arm.map({ a in spec.arms.first { $0.name == a } }) ?? spec.arms.first else {
      throw UserError(
        "--log-arm: no arm '\(arm ?? "")'\(NearestName.hint(arm ?? "", among: names)); the arms are \(names.joined(separator: ", "))"
      )
    }
    let cell: ExperimentSpec
    do { cell = try spec.spec(for: spec.cells[0]) } catch { throw UserError(error.description) }
    return LaunchLog(
      outcome: OwnerSimulation.recipe(
        cell, replication: 0, owner: device, arm: chosen, recordDecisions: false
      )
      .run(days: cell.days))
  }

  /// Writes the log to `path` (whole, or not at all).
  public func write(to path: String) throws(UserError) {
    let writer = try AtomicFileWriter(path: path)
    writer.write(text)
    try writer.commit()
  }
}
