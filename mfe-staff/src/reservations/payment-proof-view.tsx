import { useEffect, useState } from 'react';
import { ModalDialog } from '../layout/modal-dialog';
import { fetchPaymentProof } from './staff-reservation';

/** The uploaded proof: an image shown inline and full size on demand, a PDF opened in a new tab. */
export function PaymentProofView({ reservationId }: { reservationId: number }) {
  const [proof, setProof] = useState<{ url: string; type: string } | 'loading' | 'error'>('loading');

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setProof('loading');
    fetchPaymentProof(reservationId, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setProof({ url, type: blob.type });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the payment proof', error);
        setProof('error');
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [reservationId]);

  if (proof === 'loading') return <p role="status">Loading the proof of payment…</p>;
  if (proof === 'error') return <p role="alert">The proof of payment could not be loaded. Close and open the reservation to try again.</p>;
  if (proof.type === 'application/pdf') {
    return (
      <a className="button button--secondary" href={proof.url} target="_blank" rel="noreferrer">
        Open the proof of payment (PDF)
      </a>
    );
  }
  return <ProofImage url={proof.url} reservationId={reservationId} />;
}

/** The proof beside the reservation, and full size in a dialog where it can be zoomed to the screenshot's own pixels. */
function ProofImage({ url, reservationId }: { url: string; reservationId: number }) {
  const [open, setOpen] = useState(false);
  const [actualSize, setActualSize] = useState(false);
  return (
    <div className="staff-proof-box">
      <img className="staff-proof" src={url} alt={`Proof of payment for reservation #${reservationId}`} />
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        View the proof full size
      </button>
      {open && (
        <ModalDialog title={`Proof of payment, reservation #${reservationId}`} className="staff-dialog--wide" onClose={() => (setOpen(false), setActualSize(false))}>
          {() => (
            <>
              <div className="staff-actions">
                <button type="button" className="button button--secondary" aria-pressed={actualSize} onClick={() => setActualSize((value) => !value)}>
                  {actualSize ? 'Fit to the screen' : 'Zoom to actual size'}
                </button>
                <a className="button button--ghost" href={url} target="_blank" rel="noreferrer">
                  Open in a new tab
                </a>
                <button type="button" className="button" autoFocus onClick={() => (setOpen(false), setActualSize(false))}>
                  Close
                </button>
              </div>
              {/* Scrolls both ways when zoomed; focusable so the keyboard can scroll it. */}
              <div className={`staff-proof-full${actualSize ? ' staff-proof-full--actual' : ''}`} tabIndex={0} role="group" aria-label="The proof, scrollable">
                <img src={url} alt={`Proof of payment for reservation #${reservationId}, full size`} />
              </div>
            </>
          )}
        </ModalDialog>
      )}
    </div>
  );
}
