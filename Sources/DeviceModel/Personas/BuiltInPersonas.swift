/// The shipped personas, `experiments/personas/<name>.yaml`, built into the binary so
/// that `bgsim` finds them when it runs outside a checkout. A test checks that each
/// copy equals its file.
package enum BuiltInPersonas {
  package static let texts: [String: String] = [
    "typical": """
    # The typical owner: about 70 unlocks a day, charges overnight on most nights,
    # Wi-Fi about 60 % of the time. Every key is listed here with its unit; sources are
    # in the calibration notes (Sources/Calibration/Documentation.docc/CalibrationNotes.md).
    name: typical
    description: ~70 unlocks a day, overnight charger on most nights, Wi-Fi ~60 % of the time
    usage:
      unlocks_per_day: 70                                   # [1/day]
      unlock_profile: "profile(weekday: [0.8, 0.4, 0.2, 0.15, 0.15, 0.3, 1.2, 2.8, 3.6, 3.4, 3.3, 3.4, 3.8, 3.6, 3.4, 3.5, 3.8, 4.3, 4.8, 5.2, 5.4, 5, 3.8, 2], weekend: [1.2, 0.8, 0.4, 0.2, 0.15, 0.15, 0.3, 0.8, 1.8, 3, 3.6, 3.8, 4, 3.8, 3.6, 3.6, 3.8, 4.2, 4.6, 5, 5.2, 5, 4, 2.4])"
      session_length: "lognormal(median: 30s, sigma: 1.7)"  # one screen session
      max_session: 2h
      app_opens_per_day: 5                                  # the app under study [1/day]
      app_session_length: "lognormal(median: 40s, sigma: 1.1)"
      force_quit_probability: 0.1                           # swipe-away after use [0..1]
      app_opens_owner_sigma: 0.56                           # owners' spread in opens of the app [log sigma]
      unlocks_owner_sigma: 0.56                             # owners' spread in unlocks [log sigma]
    battery:
      capacity_wh: 12.98                                    # iPhone 15 [Wh]
      initial_pct: "truncnormal(mean: 70, sd: 15, min: 20, max: 100)"
      screen_on_drain_pct_per_h: 10                         # extra while the screen is on [%/h]
      idle_drain_pct_per_h: 0.7                             # screen off [%/h]
      cellular_extra_pct_per_h: 0.3                         # on cellular rather than Wi-Fi [%/h]
      background_drain_pct_per_h: 6                         # while background work runs [%/h]
      low_power_accept_probability: 0.5                     # offered at 20 % and 10 % [0..1]
      low_power_drain_factor: 0.85                          # [0..1]
      boot_delay: 3m                                        # flat phone on a charger
    charging:
      fast_rate_pct_per_h: 100                              # 0 -> 50 % in 30 min [%/h]
      taper_start_pct: 80                                   # [%]
      trickle_rate_pct_per_h: 20                            # [%/h]
      optimized: true                                       # Optimized Battery Charging
      optimized_min_plug: 5h
      optimized_finish_before: 30m
      overnight_probability: 0.9                            # [0..1]
      overnight_plug_in: "normal(mean: 23h, sd: 75m)"       # time of day
      overnight_unplug: "normal(mean: 7h, sd: 45m)"         # time of day
      weekend_unplug_delay: 90m
      topups_per_day: 0.6                                   # [1/day]
      topup_profile: "profile(hourly: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0])"
      topup_duration: "lognormal(median: 35m, sigma: 0.7)"
      low_battery_plug_pct: 15                              # [%]
      low_battery_plug_probability: 0.5                     # [0..1]
      low_battery_charge: "lognormal(median: 1h, sigma: 0.5)"
    network:
      home_wifi: true
      home_wifi_share: 0.9                                  # [0..1]
      leave_home: "normal(mean: 8.25h, sd: 45m)"            # weekdays, time of day
      return_home: "normal(mean: 19h, sd: 75m)"             # weekdays, time of day
      weekend_outing_probability: 0.8                       # [0..1]
      weekend_outing_start: "normal(mean: 13h, sd: 2h)"
      weekend_outing_length: "lognormal(median: 4h, sigma: 0.5)"
      away_wifi_share: 0.1                                  # of time away [0..1]
      away_period: "lognormal(median: 40m, sigma: 1)"
      no_service_share: 0.02                                # of time away [0..1]
      no_service_period: "lognormal(median: 4m, sigma: 1)"
    thermal:
      heavy_use_after: 15m
      fast_charging_warms: true
    restarts:
      owner_per_day: 0                                      # the owner's restarts [1/day]
      updates_per_day: 0.047                                # iOS updates, installed overnight [1/day]
      inactivity_reboot: 72h                                # iOS 18 and later; 0 = never
      restart_duration: 1m
      update_duration: 20m
    """,
    "heavy-night-charger": """
    # A heavy user with one strict charge, 00:30 to 07:00, that starts at 15-25 %:
    # evenings often cross the 20 % line and Low Power Mode. Keys not given here take the
    # typical owner's values.
    name: heavy-night-charger
    description: ~130 unlocks and 4-5 h of screen a day; one strict charge 00:30-07:00 from 15-25 %
    usage:
      unlocks_per_day: 160
      app_opens_per_day: 8
    battery:
      initial_pct: "truncnormal(mean: 90, sd: 5, min: 70, max: 100)"
      screen_on_drain_pct_per_h: 16
      idle_drain_pct_per_h: 0.9
      low_power_accept_probability: 0.6
    charging:
      overnight_probability: 1
      overnight_plug_in: "normal(mean: 24.5h, sd: 15m)"
      overnight_unplug: "normal(mean: 7h, sd: 15m)"
      weekend_unplug_delay: 0s
      topups_per_day: 0.05
      low_battery_plug_probability: 0.15
    network:
      return_home: "normal(mean: 18.5h, sd: 60m)"
    """,
    "light-opportunistic": """
    # A light user who charges whenever a charger is at hand: overnight on only 30 % of
    # nights, 1-3 daytime charges of 20-90 min that start at 40-70 %. Keys not given here
    # take the typical owner's values.
    name: light-opportunistic
    description: ~35 unlocks and ~1 h of screen a day; overnight on 30 % of nights, 1-3 short daytime charges
    usage:
      unlocks_per_day: 35
      session_length: "lognormal(median: 30s, sigma: 1.5)"
      app_opens_per_day: 2
    battery:
      initial_pct: "truncnormal(mean: 60, sd: 15, min: 20, max: 100)"
      screen_on_drain_pct_per_h: 12
      idle_drain_pct_per_h: 1.6
    charging:
      fast_rate_pct_per_h: 60
      overnight_probability: 0.3
      topups_per_day: 1.6
      topup_profile: "profile(hourly: [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.5, 0])"
      topup_duration: "lognormal(median: 40m, sigma: 0.4)"
    """,
    "commuter-poor-connectivity": """
    # A commuter with bursts of use at 07-09 and 17-19, Wi-Fi only at home (about half
    # the time), 5-10 % of the time with no service, and a car top-up most days. Keys not
    # given here take the typical owner's values.
    name: commuter-poor-connectivity
    description: ~70 unlocks a day with commute bursts; Wi-Fi only at home; 5-10 % no service; car top-ups
    usage:
      unlocks_per_day: 70
      unlock_profile: "profile(weekday: [0.5, 0.2, 0.1, 0.1, 0.1, 0.4, 2, 6.5, 6.5, 3, 2.5, 2.5, 3.5, 3, 2.5, 2.5, 3, 6.5, 6.5, 4.5, 4.5, 4, 3, 1.5], weekend: [1.2, 0.8, 0.4, 0.2, 0.15, 0.15, 0.3, 0.8, 1.8, 3, 3.6, 3.8, 4, 3.8, 3.6, 3.6, 3.8, 4.2, 4.6, 5, 5.2, 5, 4, 2.4])"
    charging:
      topups_per_day: 0.85
      topup_profile: "profile(weekday: [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0], weekend: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0])"
      topup_duration: "lognormal(median: 30m, sigma: 0.3)"
    network:
      home_wifi_share: 0.95
      leave_home: "normal(mean: 6.75h, sd: 30m)"
      return_home: "normal(mean: 20.5h, sd: 60m)"
      weekend_outing_probability: 0.9
      weekend_outing_length: "lognormal(median: 7h, sigma: 0.4)"
      away_wifi_share: 0
      no_service_share: 0.14
      no_service_period: "lognormal(median: 6m, sigma: 1)"
    """,
  ]
}
