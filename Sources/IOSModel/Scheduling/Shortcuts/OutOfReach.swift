import DeviceModel
import SimKernel

/// The only due activity was out of reach: while the kept state holds and the policies
/// asked again do not veto, a later point needs only its app-open prediction to be
/// judged out of reach again (or in full, with that prediction).
struct OutOfReach {
  var activity: Activity
  var bound: ScoreBound
  /// The tally of the policies before the predictions at best (``ScoreBound/tallyAtBest(_:_:model:)``).
  var atBest: ScoreTally
  var inputs: StateInputs
  var appState: ApplicationState
  /// The activity's threshold as last set (its relative threshold, or the model's), and
  /// until when it holds (``SystemScheduler/setRelativeThreshold(_:at:for:)`` keeps a
  /// relative threshold until its slot ends): the memo's points read it here instead of
  /// looking it up in the scheduler's table each time.
  var threshold = Double.nan
  var thresholdUntil = SimTime.zero

  /// A memo for `activity`, judged out of reach in `context`; nil where the model's
  /// policies declare too little for a bound.
  init?(
    _ activity: Activity, _ context: PolicyContext, app: some LaunchableApp, device: some DeviceConditions,
    model: SchedulingModel
  ) {
    guard let bound = model.compiled.bounds[model.compiled.weightRow(activity)],
      let atBest = bound.tallyAtBest(activity, context, model: model)
    else { return nil }
    self.activity = activity
    self.bound = bound
    self.atBest = atBest
    inputs = StateInputs(app: app, device: device)
    appState = app.state
  }

  /// Whether the policies before the predictions answer now as the memo has them: the
  /// kept state and the app's state are the same, and none of the policies asked again
  /// vetoes in `context`.
  @inline(__always)
  func holds(
    app: some LaunchableApp, device: some DeviceConditions, _ context: PolicyContext, model: SchedulingModel
  )
    -> Bool
  {
    guard inputs.hold(app: app, device: device), appState == app.state else { return false }
    for i in bound.askedAgain {
      let answer: PolicyVeto = model.compiled.policies[i].answer(
        activity, context, others: model.compiled.others)
      if answer.isVeto { return false }
    }
    return true
  }
}
