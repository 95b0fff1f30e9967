import ArgumentParser
import Calibration
import Experiments
import Results

/// `bgsim explain`: why a task ran when it did, or why it did not run.
struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract:
      "Explain the scheduler's decisions for a task, in a scenario or for one owner of an experiment.",
    discussion: """
      FILE is a scenario (see experiments/scenarios/: one phone, one app, one scheduler, \
      for a few days) or an experiment (a file with arms). For an experiment, explain \
      replays one owner exactly as 'bgsim run' simulates it: the same launches, now with \
      the decisions behind them. Each decision shows the trigger, the policy that vetoed \
      it ("Must Not Proceed") or the weighted score against the threshold. A validation \
      case (experiments/validation/) is explained for one of the owners 'bgsim \
      calibrate' simulates (--device), with that owner's figure beside the owners' \
      spread, the report's figure and the owners nearest the spread's ends; by default \
      for the case's task.
      """
  )

  @Argument(help: "A scenario, experiment or validation case YAML file.")
  var file: String

  @Option(help: "The task identifier to explain (default: every identifier).")
  var task: String?

  @Option(help: "Override the file's number of days (1…3650).")
  var days: Int?

  @Option(help: "Override the file's master seed.")
  var seed: UInt64?

  @Option(help: "Most decision lines to show per task.")
  var limit = 60

  @Option(help: "Experiments: the arm to explain (default: every arm).")
  var arm: String?

  @Option(help: "Experiments and validation cases: the owner, from 0.")
  var device = 0

  @Option(help: "Experiments: the replication, from 0.")
  var replication = 0

  @Option(help: "Experiments: the sweep cell, from 0.")
  var cell = 0

  func validate() throws {
    if let days, !(1...3650).contains(days) { throw ValidationError("--days must be 1…3650 (got \(days))") }
    guard limit >= 1 else { throw ValidationError("--limit must be at least 1 (got \(limit))") }
    for (name, value) in [("--device", device), ("--replication", replication), ("--cell", cell)]
    where value < 0 {
      throw ValidationError("\(name) must be at least 0 (got \(value))")
    }
  }

  func run() throws {
    if ValidationCase.isCase(file: file) {
      guard arm == nil, replication == 0, cell == 0, days == nil, seed == nil else {
        throw ValidationError(
          "\(file) is a validation case: --arm, --replication, --cell, --days and --seed do not apply; its scenario sets them"
        )
      }
      var request = ValidationCase.ExplainRequest()
      (request.device, request.task, request.limit) = (device, task, limit)
      print(try ValidationCase.explanation(file: file, request))
      return
    }
    var e = Explanation(file: file)
    e.task = task
    e.days = days
    e.seed = seed
    e.limit = limit
    e.arm = arm
    e.device = device
    e.replication = replication
    e.cell = cell
    print(try e.render())
  }
}
