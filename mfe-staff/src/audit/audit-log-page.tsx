import { useApiData } from '@samgyup/shared';
import { formatRestaurantDateTime } from '@samgyup/shared/reservation';
import type { AuditEntry } from '@samgyup/shared/validation';
import { useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded } from '../layout/staff-messages';
import { staffErrorMessage, staffRequest } from '../session/staff-session';

interface AuditPage {
  data: AuditEntry[];
  next_before: number | null;
}

const PAGE_SIZE = 25;

/** The resources whose changes are logged, as the filter offers them. */
const RESOURCES = [
  ['', 'Everything'],
  ['settings', 'Settings and payment details'],
  ['closed-date', 'Closed dates'],
  ['table', 'Tables'],
  ['reservation', 'Reservations'],
  ['menu-item', 'Menu items'],
  ['staff-account', 'Staff accounts'],
] as const;

function readAuditPage(resource: string, before: number | null, signal?: AbortSignal): Promise<AuditPage> {
  return staffRequest<AuditPage>('/api/staff/audit-log', { signal, query: { limit: PAGE_SIZE, resource: resource || undefined, before: before ?? undefined } });
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const isChange = (value: unknown): value is { before: unknown; after: unknown } => typeof value === 'object' && value !== null && 'before' in value && 'after' in value;

/** A change's details in words: each field, and "before → after" where both are kept. */
function describe(details: Record<string, unknown>): string[] {
  if (isChange(details)) return [`${show(details.before)} → ${show(details.after)}`];
  return Object.entries(details).map(([key, value]) => (isChange(value) ? `${key}: ${show(value.before)} → ${show(value.after)}` : `${key}: ${show(value)}`));
}

/** /staff/audit-log (admin): who changed what and when, newest first, paging back, filtered by resource. */
export function AuditLogPage() {
  return (
    <StaffPage title="Audit log" adminOnly adminOnlyMessage="Only an admin can read the audit log.">
      {() => <AuditLogBoard />}
    </StaffPage>
  );
}

function AuditLogBoard() {
  const [resource, setResource] = useState('');
  const first = useApiData(`audit-log-${resource}`, (signal) => readAuditPage(resource, null, signal));
  const [older, setOlder] = useState<{ resource: string; entries: AuditEntry[]; next: number | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderProblem, setOlderProblem] = useState<string | null>(null);

  if (first.state.status !== 'ready') return <NotLoaded state={first.state} loading="Loading the audit log…" what="the audit log" onRetry={first.retry} />;
  const kept = older?.resource === resource ? older : null;
  const entries = [...first.state.data.data, ...(kept?.entries ?? [])];
  const next = kept ? kept.next : first.state.data.next_before;

  async function loadOlder() {
    if (next === null) return;
    setLoadingOlder(true);
    setOlderProblem(null);
    try {
      const page = await readAuditPage(resource, next);
      setOlder({ resource, entries: [...(kept?.entries ?? []), ...page.data], next: page.next_before });
    } catch (error) {
      setOlderProblem(staffErrorMessage(error, 'Older entries could not be loaded. Please try again.'));
    } finally {
      setLoadingOlder(false);
    }
  }

  return (
    <>
      <label className="audit-filter">
        Show{' '}
        <select value={resource} onChange={(event) => setResource(event.target.value)}>
          {RESOURCES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {entries.length === 0 ? (
        <p>No changes recorded yet.</p>
      ) : (
        <ol className="staff-list audit-log" aria-label="Changes, newest first">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p>
                <strong>{entry.subject}</strong> · {entry.action}
              </p>
              <p className="audit-log__who">
                {entry.actor_email} · <time dateTime={entry.at}>{formatRestaurantDateTime(entry.at)}</time>
              </p>
              {Object.keys(entry.details).length > 0 && (
                <ul className="audit-log__details">
                  {describe(entry.details).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {olderProblem && (
        <p className="staff-problem" role="alert">
          {olderProblem}
        </p>
      )}
      {next !== null && (
        <button type="button" className="button button--secondary" onClick={() => void loadOlder()} disabled={loadingOlder} aria-busy={loadingOlder}>
          {loadingOlder ? 'Loading older entries…' : 'Older entries'}
        </button>
      )}
    </>
  );
}
