/** A console form's save and cancel buttons. */
export function FormActions({ saveLabel, busy, onCancel }: { saveLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <span className="staff-actions">
      <button type="submit" className="button" disabled={busy}>
        {saveLabel}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancel
      </button>
    </span>
  );
}
