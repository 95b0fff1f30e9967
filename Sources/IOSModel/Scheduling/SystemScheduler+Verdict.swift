extension SystemScheduler {
  /// What judging one activity came to.
  enum Verdict {
    /// The policy at this index vetoed it.
    case vetoed(Int)
    /// The weighted mean of the scores.
    case scored(Double)
    /// Below the threshold whatever the policies after the predictions answer
    /// (a shortcut's answer: ``OutOfReach``).
    case outOfReach
  }
}
