import type { PAYMENT_PROOF_TYPES } from '@samgyup/shared/constants';

export type PaymentProofType = (typeof PAYMENT_PROOF_TYPES)[number];

/**
 * What a file really is, from its first bytes: the name and the declared type
 * are the sender's word, the content is not.
 */
export function sniffProofType(head: Uint8Array): PaymentProofType | null {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...head.subarray(8, 12)) === 'WEBP') return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

/** A file name safe to store and to send back in a header: letters, digits, dot, dash, underscore. */
export function cleanFileName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
  return cleaned || 'payment-proof';
}
