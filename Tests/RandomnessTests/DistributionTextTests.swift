import Testing

@testable import Randomness

@Suite struct DistributionTextTests {
  static let forms: [String] = [
    "30s", "0.5", "250ms",
    "exponential(mean: 40m)", "exponential(mean: 2.5)",
    "normal(mean: 23h, sd: 75m)", "normal(mean: -3, sd: 0.25)",
    "truncnormal(mean: 40, sd: 20, min: 5, max: 95)",
    "truncnormal(mean: 7h, sd: 45m, min: 5h, max: 11h)",
    "lognormal(median: 30s, sigma: 1.7)", "lognormal(mean: 2m, sd: 5m)",
    "gamma(shape: 2, scale: 10m)", "weibull(shape: 0.4, scale: 250s)",
    "beta(a: 2, b: 5)", "poisson(mean: 3.5)", "bernoulli(p: 0.3)",
    "categorical(weights: [1, 2, 3])", "categorical(values: [1m, 5m, 1h], weights: [5, 3, 2])",
    "empirical(samples: [12s, 30s, 2m])", "empirical(x: [0s, 1m, 10m], p: [0, 0.8, 1])",
  ]

  @Test(arguments: forms)
  func textFormRoundTrips(text: String) throws {
    let d = try RandomDistribution(parsing: text)
    let printed = d.description
    let again = try RandomDistribution(parsing: printed)
    #expect(again == d)
    #expect(again.description == printed)
  }

  @Test func canonicalFormsPrintAsWritten() throws {
    for text in Self.forms {
      #expect(try RandomDistribution(parsing: text).description == text)
    }
  }

  @Test func durationsUseTheirUnits() throws {
    #expect(try RandomDistribution(parsing: "exponential(mean: 40m)").mean == 2400)
    #expect(try RandomDistribution(parsing: "exponential(mean: 1.5h)").mean == 5400)
    #expect(try RandomDistribution(parsing: "exponential(mean: 2d)").mean == 172_800)
    #expect(try RandomDistribution(parsing: "250ms").mean == 0.25)
    #expect(try RandomDistribution(parsing: "exponential(mean: 90m)").description == "exponential(mean: 90m)")
    #expect(try RandomDistribution(parsing: "exponential(mean: 120m)").description == "exponential(mean: 2h)")
    #expect(
      try RandomDistribution(parsing: " lognormal( median:30s ,sigma : 1.7 ) ").description
        == "lognormal(median: 30s, sigma: 1.7)")
  }

  @Test func durationFormattingRoundTripsAwkwardValues() {
    let values: [Double] = [0.001, 0.1, 1.5, 59.999, 3601, 86_400 * 3, 1e-7, 12345.678]
    for seconds in values {
      let text = DurationText.format(seconds: seconds)
      #expect(DurationText.parseSeconds(text) == seconds, "\(seconds) → \(text)")
    }
  }

  @Test(arguments: [
    ("lognormal(median: -3s)", "median must be greater than 0"),
    ("gamma(shape: 0)", "shape must be greater than 0"),
    ("weibull(scale: 1)", "missing argument 'shape'"),
    ("exponential(mean: 0s)", "mean must be greater than 0"),
    ("exponential(meen: 4s)", "did you mean 'mean'"),
    ("exponentail(mean: 4s)", "did you mean 'exponential'"),
    ("normal(mean: 5m, sd: 30)", "all be durations"),
    ("lognormal(median: 30s, sigma: 2s)", "takes no unit"),
    ("bernoulli(p: 1.5)", "p must be in [0, 1]"),
    ("poisson(mean: 3", "expected ')'"),
    ("exponential(mean: 4x)", "'4x' is not a number or a duration"),
    ("truncnormal(mean: 0, sd: 1, min: 3, max: 2)", "min must be less than max"),
    ("categorical(values: [1, 2], weights: [1])", "values has 2 entries"),
    ("empirical(x: [0, 1], p: [0.2, 1])", "rising from 0 to 1"),
    ("normal(mean: 1, mean: 2)", "given twice"),
    ("", "empty text"),
  ])
  func malformedTextIsRejectedWithAClearReason(text: String, reason: String) {
    do {
      _ = try RandomDistribution(parsing: text)
      Issue.record("'\(text)' was accepted")
    } catch {
      #expect(error.description.contains(reason), "got: \(error.description)")
      #expect(error.description.contains("'\(text)'"))
      #expect(!error.description.contains("\n"))
    }
  }
}
