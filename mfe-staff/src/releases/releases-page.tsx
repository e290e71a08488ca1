import type { PartRelease, ReleasesOverview, VersionHealth } from '@samgyup/shared/releases';
import { formatRestaurantDateTime } from '@samgyup/shared/reservation';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded } from '../layout/staff-messages';
import { useStaffData } from '../layout/use-staff-data';
import '../styles/dashboard.css';
import '../styles/releases.css';

/** Diners' reports add up by the minute: the screen reads them again every minute while it is open. */
const REFRESH_MS = 60_000;

const percent = (rate: number | null) => (rate === null ? 'no page views yet' : `${(rate * 100).toFixed(1)}%`);
const milliseconds = (value: number | null) => (value === null ? 'not measured yet' : `${value} ms`);

/** Each figure of a version, in words, and whether more is worse (the live column is compared with the one before). */
const FIGURES: { name: string; show: (health: VersionHealth) => string; value: (health: VersionHealth) => number | null }[] = [
  { name: 'Page views', show: (health) => String(health.page_views), value: () => null },
  { name: 'Errors per page view', show: (health) => percent(health.error_rate), value: (health) => health.error_rate },
  { name: 'Failed loads', show: (health) => `${health.failed_loads} (${percent(health.failed_load_rate)})`, value: (health) => health.failed_load_rate },
  { name: 'Largest contentful paint, p75', show: (health) => milliseconds(health.lcp_p75_ms), value: (health) => health.lcp_p75_ms },
  { name: 'Interaction to next paint, p75', show: (health) => milliseconds(health.inp_p75_ms), value: (health) => health.inp_p75_ms },
];

/** /staff/releases (admin): what is live of each part, since when, built from which commit, and how it does against the version before. */
export function ReleasesPage() {
  return (
    <StaffPage title="Releases" adminOnly adminOnlyMessage="Only an admin can see the site's releases.">
      {() => <ReleasesBoard />}
    </StaffPage>
  );
}

function ReleasesBoard() {
  const { state, refresh } = useStaffData<ReleasesOverview>('staff-releases', '/api/staff/releases', REFRESH_MS);
  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading the releases…" what="the releases" onRetry={refresh} />;
  const { registry, parts } = state.data;
  if (!registry) return <p>The restaurant system cannot read the release registry (its RELEASES_DIR setting), so it cannot say what is live.</p>;
  if (parts.length === 0) return <p>Nothing is released yet.</p>;
  return (
    <>
      <p>Figures from diners' browsers since each version went live, beside the version live before it. They refresh every minute.</p>
      {parts.map((part) => (
        <PartHealth key={part.part} release={part} />
      ))}
    </>
  );
}

function PartHealth({ release }: { release: PartRelease }) {
  const titleId = `release-${release.part}`;
  const { health, previous_health: before } = release;
  return (
    <section className="staff-release" aria-labelledby={titleId}>
      <h2 id={titleId}>{release.label}</h2>
      <dl className="staff-release__facts">
        <dt>Live version</dt>
        <dd>{release.version}</dd>
        <dt>Live since</dt>
        <dd>{release.since ? <time dateTime={release.since}>{formatRestaurantDateTime(release.since)}</time> : 'not recorded'}</dd>
        <dt>Built from</dt>
        <dd>{release.commit ? `commit ${release.commit.slice(0, 10)}${release.uncommitted ? ', with uncommitted changes' : ''}` : 'not recorded (built before builds said so)'}</dd>
      </dl>
      {!health && !before ? (
        <p>No reports from diners' browsers yet.</p>
      ) : (
        <table className="dashboard-table staff-release__health">
          <caption>
            {release.label}: {release.version} against {release.previous ? release.previous.version : 'no earlier version'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Live version</th>
              <th scope="col">Version before</th>
            </tr>
          </thead>
          <tbody>
            {FIGURES.map((figure) => (
              <tr key={figure.name}>
                <th scope="row">{figure.name}</th>
                <td>
                  {health ? figure.show(health) : 'no reports yet'}
                  {health && before && worse(figure.value(health), figure.value(before)) && <strong className="staff-release__worse"> (worse)</strong>}
                </td>
                <td>{before ? figure.show(before) : release.previous ? 'no reports' : 'none'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Clearly worse: more than a tenth above the version before (and more than nothing). */
function worse(live: number | null, before: number | null): boolean {
  if (live === null || before === null) return false;
  return live > before * 1.1 && live > 0;
}
