import { apiRequest } from '@samgyup/shared';

/** The server's clock for this table (GET /api/tables/{code}/timer); null when it cannot say. */
export async function getServerTimer(tableCode: string, signal?: AbortSignal) {
  try {
    return await apiRequest<{ remainingSec?: number; durationSec?: number }>(`/api/tables/${encodeURIComponent(tableCode)}/timer`, { signal, timeoutMs: 8000 });
  } catch (error) {
    if (!signal?.aborted) console.warn('Server timer unavailable; using the local timer', error);
    return null;
  }
}
