import FileFormats
import Testing

@testable import IOSModel

/// Every built-in policy is listed once (``CompiledPolicy/builtIn``): the `ios` model,
/// the configuration reader and the compiled loop derive from that list.
@Suite struct BuiltInPolicyTests {
  @Test func theIOSModelJudgesEveryBuiltInPolicyInTheListsOrder() {
    let names = SchedulingModel.ios().policies.map(\.name)
    #expect(names == CompiledPolicy.builtIn.map { $0.init().name })
    #expect(Set(names).count == names.count, "a policy name twice")
  }

  @Test func everyBuiltInPolicyIsCompiledToItsOwnCase() {
    var cases = Set<String>()
    for type in CompiledPolicy.builtIn {
      let compiled = CompiledPolicy(type.init())
      #expect(compiled != nil, "\(type) is not compiled")
      guard let compiled else { continue }
      if case .other = compiled { Issue.record("\(type) runs through the protocol") }
      cases.insert("\(compiled)".prefix { $0 != "(" }.description)
    }
    #expect(cases.count == CompiledPolicy.builtIn.count, "two policies share a case: \(cases.sorted())")
  }

  /// Each key a policy's section takes is read by that policy: a value of the wrong
  /// kind is refused with the key's path. A key listed but not read would be accepted
  /// and do nothing.
  @Test func everyKeyOfEveryConfigurablePolicyIsRead() throws {
    var configurable = 0
    for type in CompiledPolicy.builtIn {
      guard let section = type.configKey else { continue }
      configurable += 1
      #expect(section == type.init().name)
      for key in type.configKeys {
        let yaml = "policies:\n  \(section): {\(key): not-a-value}\n"
        #expect(throws: ConfigError.self, "\(section).\(key) is listed but not read") {
          try SchedulerSpec(tree: try ConfigTree.parse(yaml: yaml, file: "s.yaml"))
        }
        do {
          _ = try SchedulerSpec(tree: try ConfigTree.parse(yaml: yaml, file: "s.yaml"))
        } catch {
          #expect("\(error)".contains("policies.\(section).\(key)"), "\(error)")
        }
      }
      // And it can be switched off.
      let off = try SchedulerSpec(
        tree: try ConfigTree.parse(yaml: "policies:\n  \(section): {enabled: false}\n", file: "s.yaml"))
      #expect(!off.model.policies.contains { $0.name == section })
    }
    // os_release is configured by scheduler.owners.stalled_release_share instead.
    #expect(configurable == CompiledPolicy.builtIn.count - 1)
  }
}
