import { useEffect, useRef } from 'react';

/** The error banner at the top of a form; it scrolls into view and is announced. */
export function FormBanner({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'info' }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message) return;
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
    ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} tabIndex={-1} className={`form-banner form-banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </div>
  );
}
