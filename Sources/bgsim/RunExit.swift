import ArgumentParser
import Results

/// How a command that ends a run (`run`, `merge`, `advise`) exits, claims first: 1 when
/// a claim fails (for `advise`, when no option meets the goal), else 3 when a claim is
/// undecided, else 4 when it printed a warning (a warning never ends in 0: the figures
/// it casts doubt on are not a clean answer), else 0. A research CI thus tells a false
/// claim from a doubtful one from a warned run without reading the output.
enum RunExit {
  static func code(_ result: SummaryTables.Verdict.Result, warned: Bool) -> Int32 {
    if result == .fail { return 1 }
    if result == .inconclusive { return 3 }
    return warned ? 4 : 0
  }

  static func check(_ result: SummaryTables.Verdict.Result, warned: Bool) throws {
    let code = code(result, warned: warned)
    if code != 0 { throw ExitCode(code) }
  }
}
