extension CompiledPolicy {
  /// A model's policies, compiled: the built-in ones as cases, the others in `others`,
  /// with what each declares (``SchedulingPolicy/reads``, ``SchedulingPolicy/scoreWeight(for:)``)
  /// read once, for the scheduler's shortcuts (``DecisionShortcuts``).
  struct List: Sendable {
    var policies: [CompiledPolicy] = []
    var others: [any SchedulingPolicy] = []
    /// Each policy's name, as its verdicts give it.
    var names: [String] = []
    /// Each policy's declared inputs.
    var reads: [PolicyInputs] = []
    /// Whether each policy's veto depends only on the state a standing veto keeps.
    var vetoesOnStateAlone: [Bool] = []
    /// Index of the first policy that reads the usage predictions (the count if none):
    /// the predictions are made just before it is asked.
    var predictionsNeededAt = 0
    /// The policies whose answer can change from one moment to the next of an optimum's
    /// scan (``SystemScheduler/predictOptimum(_:start:windowEnd:base:for:)``): they read the
    /// predictions or the time; the others answer once per scan.
    var variesAcrossScan: [Int] = []
    var constantAcrossScan: [Int] = []
    /// ``variesAcrossScan`` split: the policies that do not read the device-use
    /// prediction, and those that do, which a step of the scan asks only when it could
    /// beat the best so far.
    var scanWithoutDeviceUse: [Int] = []
    var scanReadingDeviceUse: [Int] = []
    /// The out-of-reach bound of each kind of activity, by ``weightRow(_:)`` (nil: some
    /// policy declares too little for one).
    var bounds: [ScoreBound?] = []
    /// Whether some policy reads the device-use prediction for each kind of activity, by
    /// ``weightRow(_:)``: it scores the kind, or its veto reads it. Not for a push or a
    /// transfer in the built-in model (device activity skips them).
    var readsDeviceUse: [Bool] = []
    /// The model's rate limit, if it has one: when a held push's spacing ends.
    var rateLimit: RateLimitPolicy?

    init(_ list: [any SchedulingPolicy]) {
      for policy in list {
        if let compiled = CompiledPolicy(policy) {
          policies.append(compiled)
        } else {
          others.append(policy)
          policies.append(.other(index: others.count - 1))
        }
        if case .rateLimit(let rate) = policies[policies.count - 1] { rateLimit = rate }
        names.append(policy.name)
        reads.append(policy.reads)
        vetoesOnStateAlone.append(policy.vetoesOnStateAlone)
      }
      predictionsNeededAt = list.firstIndex(where: \.needsPredictions) ?? list.count
      let scanned: PolicyInputs = PolicyInputs.predictions.union([.time, .daysSinceAppOpened])
      for i in reads.indices {
        if reads[i].isDisjoint(with: scanned) {
          constantAcrossScan.append(i)
        } else {
          variesAcrossScan.append(i)
          if reads[i].contains(.deviceUsePrediction) {
            scanReadingDeviceUse.append(i)
          } else {
            scanWithoutDeviceUse.append(i)
          }
        }
      }
      let rows = Activity.Kind.allCases.count * 2
      bounds = Array(repeating: nil, count: rows)
      readsDeviceUse = Array(repeating: true, count: rows)
      for kind in Activity.Kind.allCases {
        for discretionary in [false, true] {
          var a = Activity(kind: kind, name: TaskName(""), priority: .utility, submittedAt: .zero)
          a.discretionary = discretionary
          let row = weightRow(a)
          // The weight each policy scores this kind with (nil: never; infinity: undeclared).
          let weights = list.map { $0.scoreWeight(for: a) }
          bounds[row] = ScoreBound(
            reads: reads, weights: weights, predictionsNeededAt: predictionsNeededAt)
          readsDeviceUse[row] = list.indices.contains { i in
            reads[i].contains(.deviceUsePrediction)
              && (weights[i] != nil || list[i].vetoReads.contains(.deviceUsePrediction))
          }
        }
      }
    }

    /// The row of ``bounds`` for an activity's kind and `discretionary` flag.
    @inline(__always)
    func weightRow(_ a: Activity) -> Int {
      let kind: Int
      switch a.kind {
      case .refresh: kind = 0
      case .processing: kind = 1
      case .legacyFetch: kind = 2
      case .silentPush: kind = 3
      case .backgroundTransfer: kind = 4
      }
      return kind * 2 + (a.discretionary ? 1 : 0)
    }
  }
}
