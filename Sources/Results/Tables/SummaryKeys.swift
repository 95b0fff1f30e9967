extension SummaryTables {
  /// One arm of one sweep cell: the key of its sums.
  package struct ArmKey: Hashable, Sendable {
    package let cell: Int
    package let arm: String

    package init(cell: Int, arm: String) {
      self.cell = cell
      self.arm = arm
    }
  }

  /// Two arms of one sweep cell, by their index in the experiment (`first` < `second`):
  /// the key of their paired differences.
  package struct PairKey: Hashable, Sendable {
    package let cell: Int
    package let first: Int
    package let second: Int
  }
}
