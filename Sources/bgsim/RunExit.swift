import ArgumentParser
import Results

/// How a command that ends a run (`run`, `merge`, `advise`) exits: 1 when a claim fails
/// (for `advise`, when no option meets the goal), else 4 when it printed a warning (a
/// warning never ends in 0: the figures it casts doubt on are not a clean answer), else
/// 3 when a claim is inconclusive, else 0.
enum RunExit {
  static func check(_ result: SummaryTables.Verdict.Result, warned: Bool) throws {
    if result == .fail { throw ExitCode(1) }
    if warned { throw ExitCode(4) }
    if result == .inconclusive { throw ExitCode(3) }
  }
}
