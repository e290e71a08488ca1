import { useEffect, useState } from 'react';
import { fetchPaymentProof } from './staff-reservation';

/** The uploaded proof: an image shown inline, a PDF opened in a new tab. */
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
  return <img className="staff-proof" src={proof.url} alt={`Proof of payment for reservation #${reservationId}`} />;
}
