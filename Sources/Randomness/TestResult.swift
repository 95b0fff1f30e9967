/// The outcome of a hypothesis test.
public struct TestResult: Hashable, Sendable {
  /// The test statistic (t, z or D, depending on the test).
  public let statistic: Double
  /// Two-sided p-value.
  public let pValue: Double
  /// Degrees of freedom, where the test has them.
  public let degreesOfFreedom: Double?

  public init(statistic: Double, pValue: Double, degreesOfFreedom: Double? = nil) {
    self.statistic = statistic
    self.pValue = pValue
    self.degreesOfFreedom = degreesOfFreedom
  }
}
