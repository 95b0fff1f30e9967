import ArgumentParser
import Experiments

/// `bgsim explain`: why a task ran when it did, or why it did not run.
struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run a scenario and explain the scheduler's decisions for a task.",
    discussion: """
      SCENARIO is a YAML file (see experiments/scenarios/): one phone, one app, one \
      scheduler, for a few days. Each decision shows the trigger, the policy that vetoed \
      it ("Must Not Proceed") or the weighted score against the threshold.
      """
  )

  @Argument(help: "A scenario YAML file.")
  var scenario: String

  @Option(help: "The task identifier to explain (default: every identifier).")
  var task: String?

  @Option(help: "Override the scenario's number of days (≥ 1).")
  var days: Int?

  @Option(help: "Most decision lines to show per task.")
  var limit = 60

  func validate() throws {
    if let days, days < 1 { throw ValidationError("--days must be at least 1 (got \(days))") }
    guard limit >= 1 else { throw ValidationError("--limit must be at least 1 (got \(limit))") }
  }

  func run() throws {
    var s = try Scenario.load(file: scenario)
    if let days { s.days = days }
    print(DecisionReport.render(s.run(), identifier: task, limit: limit))
  }
}
