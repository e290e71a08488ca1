// Types only: the API answers them, the staff console's Releases screen draws them.
export type { CanaryDecision, LiveCanary, PartRelease, ReleasesOverview, VersionHealth, VersionPoint } from './releases-overview';
