import FileFormats
import Foundation
import Randomness

extension Persona {
  /// The top-level keys of a persona file.
  public static let keys = [
    "name", "description", "usage", "battery", "charging", "network", "thermal", "restarts",
  ]

  /// Reads a persona file, applying `overrides` (dotted key paths) on top.
  public static func load(
    file: String, overrides: [(path: String, value: ConfigTree)] = []
  ) throws(ConfigError) -> Persona {
    let tree = try ConfigTree.load(file: file)
    if let misplaced = ConfigFileKind.misplaced(tree, readAs: .persona) { throw misplaced }
    return try Persona(tree: tree.applying(overrides))
  }

  /// Decodes a persona from a parsed YAML tree; every key is checked.
  public init(tree: ConfigTree) throws(ConfigError) {
    self.init()
    let root = try ConfigSection(tree, keys: Self.keys)
    name = try root.text("name", default: name) ?? name
    summary = try root.text("description", default: "") ?? ""
    if let s = try root.section("usage", keys: UsageSpec.keys) { usage = try UsageSpec(s) }
    if let s = try root.section("battery", keys: BatterySpec.keys) { battery = try BatterySpec(s) }
    if let s = try root.section("charging", keys: ChargingSpec.keys) { charging = try ChargingSpec(s) }
    if let s = try root.section("network", keys: NetworkSpec.keys) { network = try NetworkSpec(s) }
    if let s = try root.section("thermal", keys: ThermalSpec.keys) { thermal = try ThermalSpec(s) }
    if let s = try root.section("restarts", keys: RestartSpec.keys) { restarts = try RestartSpec(s) }
  }
}

extension UsageSpec {
  static let keys = [
    "unlocks_per_day", "unlock_profile", "session_length", "max_session", "app_opens_per_day",
    "app_profile", "app_session_length", "force_quit_probability", "app_opens_owner_sigma",
    "unlocks_owner_sigma",
  ]

  init(_ s: ConfigSection) throws(ConfigError) {
    self.init()
    unlocksPerDay = try s.number("unlocks_per_day", default: unlocksPerDay, range: 0...2000)
    unlockProfile = try s.profile("unlock_profile", default: unlockProfile)
    sessionLength = try s.distribution("session_length", default: sessionLength, duration: true)
    maxSessionSeconds = try s.duration("max_session", default: maxSessionSeconds, range: 1...86_400)
    appOpensPerDay = try s.number("app_opens_per_day", default: appOpensPerDay, range: 0...500)
    appProfile = try s.profile("app_profile", default: s.has("unlock_profile") ? unlockProfile : appProfile)
    appSessionLength = try s.distribution("app_session_length", default: appSessionLength, duration: true)
    forceQuitProbability = try s.probability("force_quit_probability", default: forceQuitProbability)
    appOpensOwnerSigma = try s.number("app_opens_owner_sigma", default: appOpensOwnerSigma, range: 0...3)
    unlocksOwnerSigma = try s.number("unlocks_owner_sigma", default: unlocksOwnerSigma, range: 0...3)
    if unlockProfile.peakRate == 0, unlocksPerDay > 0 {
      throw s.value("unlock_profile")!.error(
        "every rate is 0, so no unlock could happen; give some hours a rate > 0")
    }
  }
}

extension RestartSpec {
  static let keys = [
    "owner_per_day", "updates_per_day", "inactivity_reboot", "restart_duration", "update_duration",
  ]

  init(_ s: ConfigSection) throws(ConfigError) {
    self.init()
    ownerPerDay = try s.number("owner_per_day", default: ownerPerDay, range: 0...1)
    updatesPerDay = try s.number("updates_per_day", default: updatesPerDay, range: 0...1)
    inactivityRebootSeconds = try s.duration(
      "inactivity_reboot", default: inactivityRebootSeconds, range: 0...31_536_000)
    restartSeconds = try s.duration("restart_duration", default: restartSeconds, range: 0...86_400)
    updateSeconds = try s.duration("update_duration", default: updateSeconds, range: 0...86_400)
  }
}

extension BatterySpec {
  static let keys = [
    "capacity_wh", "initial_pct", "screen_on_drain_pct_per_h", "idle_drain_pct_per_h",
    "cellular_extra_pct_per_h", "background_drain_pct_per_h", "low_power_accept_probability",
    "low_power_drain_factor", "boot_delay",
  ]

  init(_ s: ConfigSection) throws(ConfigError) {
    self.init()
    capacityWh = try s.number("capacity_wh", default: capacityWh, range: 0.5...200)
    initialPercent = try s.distribution("initial_pct", default: initialPercent, duration: false)
    if initialPercent.lowerBound < 0 || initialPercent.cdf(100) < 1 - 1e-12 {
      throw s.value("initial_pct")!.error(
        "levels must stay in [0, 100]; use e.g. truncnormal(mean: 70, sd: 15, min: 20, max: 100)")
    }
    screenOnDrainPerHour = try s.number(
      "screen_on_drain_pct_per_h", default: screenOnDrainPerHour, range: 0...100)
    idleDrainPerHour = try s.number("idle_drain_pct_per_h", default: idleDrainPerHour, range: 0...100)
    cellularExtraPerHour = try s.number(
      "cellular_extra_pct_per_h", default: cellularExtraPerHour, range: 0...100)
    backgroundDrainPerHour = try s.number(
      "background_drain_pct_per_h", default: backgroundDrainPerHour, range: 0...100)
    lowPowerAcceptProbability = try s.probability(
      "low_power_accept_probability", default: lowPowerAcceptProbability)
    lowPowerDrainFactor = try s.number("low_power_drain_factor", default: lowPowerDrainFactor, range: 0...1)
    bootDelaySeconds = try s.duration("boot_delay", default: bootDelaySeconds, range: 0...86_400)
  }
}

extension ChargingSpec {
  static let keys = [
    "fast_rate_pct_per_h", "taper_start_pct", "trickle_rate_pct_per_h", "optimized", "optimized_min_plug",
    "optimized_finish_before", "overnight_probability", "overnight_plug_in", "overnight_unplug",
    "weekend_unplug_delay", "topups_per_day", "topup_profile", "topup_duration", "low_battery_plug_pct",
    "low_battery_plug_probability", "low_battery_charge",
  ]

  init(_ s: ConfigSection) throws(ConfigError) {
    self.init()
    fastRatePerHour = try s.number("fast_rate_pct_per_h", default: fastRatePerHour, range: 1...1000)
    taperStartPercent = try s.number("taper_start_pct", default: taperStartPercent, range: 5...100)
    if taperStartPercent.truncatingRemainder(dividingBy: 5) != 0 {
      throw s.value("taper_start_pct")!.error("must be a multiple of 5 (levels are tracked in 5 % bands)")
    }
    trickleRatePerHour = try s.number("trickle_rate_pct_per_h", default: trickleRatePerHour, range: 1...1000)
    optimized = try s.flag("optimized", default: optimized)
    optimizedMinimumPlugSeconds = try s.duration(
      "optimized_min_plug", default: optimizedMinimumPlugSeconds, range: 0...86_400)
    optimizedFinishBeforeSeconds = try s.duration(
      "optimized_finish_before", default: optimizedFinishBeforeSeconds, range: 0...86_400)
    overnightProbability = try s.probability("overnight_probability", default: overnightProbability)
    overnightPlugIn = try s.distribution(
      "overnight_plug_in", default: overnightPlugIn, duration: true, minimum: -.infinity)
    overnightUnplug = try s.distribution(
      "overnight_unplug", default: overnightUnplug, duration: true, minimum: -.infinity)
    weekendUnplugDelaySeconds = try s.duration(
      "weekend_unplug_delay", default: weekendUnplugDelaySeconds, range: 0...43_200)
    topupsPerDay = try s.number("topups_per_day", default: topupsPerDay, range: 0...50)
    topupProfile = try s.profile("topup_profile", default: topupProfile)
    topupDuration = try s.distribution("topup_duration", default: topupDuration, duration: true)
    lowBatteryPlugPercent = try s.number(
      "low_battery_plug_pct", default: lowBatteryPlugPercent, range: 5...95)
    if lowBatteryPlugPercent.truncatingRemainder(dividingBy: 5) != 0 {
      throw s.value("low_battery_plug_pct")!.error(
        "must be a multiple of 5 (levels are tracked in 5 % bands)")
    }
    lowBatteryPlugProbability = try s.probability(
      "low_battery_plug_probability", default: lowBatteryPlugProbability)
    lowBatteryChargeDuration = try s.distribution(
      "low_battery_charge", default: lowBatteryChargeDuration, duration: true)
  }
}

extension NetworkSpec {
  static let keys = [
    "home_wifi", "home_wifi_share", "leave_home", "return_home", "weekend_outing_probability",
    "weekend_outing_start",
    "weekend_outing_length", "away_wifi_share", "away_period", "no_service_share", "no_service_period",
  ]

  init(_ s: ConfigSection) throws(ConfigError) {
    self.init()
    homeWifi = try s.flag("home_wifi", default: homeWifi)
    homeWifiShare = try s.probability("home_wifi_share", default: homeWifiShare)
    leaveHome = try s.distribution("leave_home", default: leaveHome, duration: true, minimum: -.infinity)
    returnHome = try s.distribution("return_home", default: returnHome, duration: true, minimum: -.infinity)
    // The return is timed from the midnight before the leave: one before the leave made
    // every weekday trip the 30-min floor, with no word.
    if returnHome.mean <= leaveHome.mean, let key = s.value("return_home") ?? s.value("leave_home") {
      let hours = { (seconds: Double) in DurationText.formatNumber((seconds / 36).rounded() / 100) + "h" }
      throw key.error(
        "return_home's mean (\(hours(returnHome.mean))) is not after leave_home's (\(hours(leaveHome.mean))), so each weekday trip would last 30 min; for a night away, time the return from the midnight before the leave, e.g. 31h for 07:00 the next morning"
      )
    }
    weekendOutingProbability = try s.probability(
      "weekend_outing_probability", default: weekendOutingProbability)
    weekendOutingStart = try s.distribution(
      "weekend_outing_start", default: weekendOutingStart, duration: true, minimum: -.infinity)
    weekendOutingLength = try s.distribution(
      "weekend_outing_length", default: weekendOutingLength, duration: true)
    awayWifiShare = try s.probability("away_wifi_share", default: awayWifiShare)
    awayPeriod = try s.distribution("away_period", default: awayPeriod, duration: true)
    noServiceShare = try s.probability("no_service_share", default: noServiceShare)
    noServicePeriod = try s.distribution("no_service_period", default: noServicePeriod, duration: true)
    if awayWifiShare + noServiceShare > 1 {
      throw s.value("no_service_share")!.error("away_wifi_share + no_service_share must not exceed 1")
    }
  }
}

extension ThermalSpec {
  static let keys = ["heavy_use_after", "fast_charging_warms"]

  init(_ s: ConfigSection) throws(ConfigError) {
    self.init()
    heavyUseAfterSeconds = try s.duration("heavy_use_after", default: heavyUseAfterSeconds, range: 1...86_400)
    fastChargingWarms = try s.flag("fast_charging_warms", default: fastChargingWarms)
  }
}
