import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A modal dialog on the browser's own <dialog>: it traps focus, makes the page
 * behind it inert, closes on Escape and gives focus back to what opened it.
 */
export function ModalDialog({ title, onClose, className, children }: { title: string; onClose: () => void; className?: string; children: (titleId: string) => ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // What had focus before the dialog (read while rendering: React focuses an autoFocus button before any effect runs).
  const [opener] = useState(() => document.activeElement);
  // A layout effect: its cleanup runs while the dialog is still in the page, so closing it can hand focus back.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      if (opener instanceof HTMLElement && opener.isConnected && (document.activeElement === document.body || element?.contains(document.activeElement))) opener.focus();
    };
  }, [opener]);
  return (
    // Escape fires `cancel` and then `close`; a form with method="dialog" closes it too: either way the owner hears `onClose`.
    <dialog ref={dialog} className={`staff-dialog ${className ?? ''}`} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="staff-dialog__title">
        {title}
      </h2>
      {children(titleId)}
    </dialog>
  );
}

/** Asks before an action that cannot be undone from here; `confirmLabel` does it, "Cancel" (or Escape) does not. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog title={title} onClose={onCancel}>
      {() => (
        <>
          {children}
          <div className="staff-actions">
            {/* Cancel first and focused: Enter on an opened dialog must not end anything. */}
            <button type="button" className="button button--secondary" autoFocus onClick={onCancel}>
              Cancel
            </button>
            <button type="button" className="button" onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
