/** A screen's list could not be loaded: say so, and offer to ask again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="staff-problem">
      <p>Unable to load {what}. Check the connection and try again.</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export interface StaffMessageText {
  text: string;
  problem: boolean;
}

/** The outcome of the last action: announced politely when it worked, as an alert when it did not. */
export function StaffMessage({ message }: { message: StaffMessageText | null }) {
  if (!message) return null;
  return (
    <p className={message.problem ? 'staff-problem' : 'staff-notice'} role={message.problem ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}

/** A screen's data before it is there: "Loading …" while it is read, LoadFailed when it could not be. */
export function NotLoaded({ state, loading, what, onRetry }: { state: { status: 'loading' | 'error' }; loading: string; what: string; onRetry: () => void }) {
  return state.status === 'loading' ? <p role="status">{loading}</p> : <LoadFailed what={what} onRetry={onRetry} />;
}
