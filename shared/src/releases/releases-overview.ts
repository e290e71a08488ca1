/** How one version of a part does in diners' browsers, from their reports over some window. */
export interface VersionHealth {
  part: string;
  version: string;
  page_views: number;
  loads_ok: number;
  failed_loads: number;
  errors: number;
  /** Errors per page view. */
  error_rate: number | null;
  /** Failed remote loads per load tried. */
  failed_load_rate: number | null;
  lcp_p75_ms: number | null;
  inp_p75_ms: number | null;
  cls_p75: number | null;
  ttfb_p75_ms: number | null;
  /** How many LCP and INP values the p75s come from. */
  lcp_samples: number;
  inp_samples: number;
}

/** One step of a version's counts, for the Releases screen's charts. */
export interface VersionPoint {
  at: string;
  version: string;
  page_views: number;
  failed_loads: number;
  errors: number;
}

/** A canary: a newer version live for `percent` of visitors while the rest keep the part's live version. */
export interface LiveCanary {
  version: string;
  percent: number;
  /** When it started. */
  since: string;
  commit: string | null;
  uncommitted: boolean | null;
  /** Since it started; `health` of the part is the live version's over the same window. */
  health: VersionHealth | null;
}

/** A step of a part's release history: a release, a canary started, promoted or rolled back, by a person or by the API's judge. */
export interface CanaryDecision {
  version: string;
  action: string;
  at: string;
  /** Who decided: `judge` (the API, from diners' reports), an admin's email, or absent for a command. */
  by?: string;
  /** Why, in words (the judge names the figure that decided). */
  reason?: string;
  /** The figures the judge compared: the canary's and the live version's. */
  figures?: { canary: VersionHealth | null; stable: VersionHealth | null };
}

/** GET /api/staff/releases: one part's live release, its canary, their health and its latest decisions. */
export interface PartRelease {
  part: string;
  label: string;
  version: string;
  /** When it went live (its latest release, rollback or promotion). */
  since: string | null;
  commit: string | null;
  uncommitted: boolean | null;
  /** The version live before it, and from when. */
  previous: { version: string; since: string } | null;
  /** Since it went live, or since the canary started when there is one. */
  health: VersionHealth | null;
  previous_health: VersionHealth | null;
  canary: LiveCanary | null;
  /** The latest steps of its history, newest first. */
  decisions: CanaryDecision[];
  /** The part's versions over the last hours, in steps. */
  series: VersionPoint[];
}

export interface ReleasesOverview {
  /** False when the API cannot read the release registry (RELEASES_DIR). */
  registry: boolean;
  /** Hours the series cover, and the step between points. */
  hours: number;
  step_minutes: number;
  parts: PartRelease[];
}
