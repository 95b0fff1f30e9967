import FileFormats

@testable import Experiments

/// Four days on a charger from 22:30 to 07:15, an app with a processing request (`upload`)
/// and a refresh request (`refresh`), both re-armed in their handlers: V3's setup, for
/// the tests of a request's start and of one launch serving the app's due requests.
enum NightChargerScenario {
  static func make(
    name: String, persona: String = "typical", ios: String? = nil, earliest: String = "5m"
  ) throws -> Scenario {
    let era = ios.map { "\n  ios: \($0)" } ?? ""
    let text = """
      name: \(name)
      days: 4
      seed: 8
      start: 2026-01-05
      persona: \(persona)
      timeline:
        - [22:30, plug]
        - [d1 07:15, unplug]
        - [d1 22:30, plug]
        - [d2 07:15, unplug]
        - [d2 22:30, plug]
        - [d3 07:15, unplug]
      app:\(era)
        background_modes: [fetch, processing]
        permitted_identifiers: [upload, refresh]
        tasks:
          - {identifier: upload, type: processing, earliest_begin: \(earliest), requires_external_power: false, submit: [on_launch, on_completion], work: 10s}
          - {identifier: refresh, type: refresh, earliest_begin: 60s, submit: [on_launch, on_completion], work: 5s}

      """
    return try Scenario.parse(tree: ConfigTree.parse(yaml: text, file: "s.yaml"), file: "s.yaml")
  }
}
