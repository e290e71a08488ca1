import { apiRequest, isApiError, writeString } from '@samgyup/shared';
import { refillMessages } from '@samgyup/shared/validation';
import { refillStorageKeys } from '../storage/refill-storage';

export interface TableCheck {
  id: number;
  table_code: string;
  table_number: number | null;
  /** True when the restaurant's system could not be reached (the first version's offline mode, id 0). */
  offline: boolean;
}

/** Thrown when the server looked at the code and said no; its message is for the diner. */
export class TableCodeRejected extends Error {}

/**
 * Checks a code with the API. A refusal throws TableCodeRejected with the
 * server's words; no answer at all (network, no backend) is the first version's offline
 * mode: the diner carries on with table id 0.
 */
export async function validateTable(tableCode: string): Promise<TableCheck> {
  try {
    const answer = await apiRequest<{ id?: number; table_code?: string; table_number?: number }>('/api/refill-requests/validate-table', {
      method: 'POST',
      body: { table_code: tableCode },
    });
    if (typeof answer?.id !== 'number') throw new TableCodeRejected(refillMessages.tableCodeInvalid);
    return { id: answer.id, table_code: answer.table_code ?? tableCode, table_number: answer.table_number ?? null, offline: false };
  } catch (error) {
    if (error instanceof TableCodeRejected) throw error;
    const noBackend = !isApiError(error) || error.kind === 'network' || error.kind === 'timeout' || error.kind === 'invalid-response' || error.status >= 500;
    if (noBackend) {
      console.warn('Table code check unavailable; continuing offline', error);
      return { id: 0, table_code: tableCode, table_number: null, offline: true };
    }
    throw new TableCodeRejected(error.serverMessage ?? refillMessages.tableCodeInvalid);
  }
}

/** Remembers the table under the first version's storage keys. */
export function rememberTable(table: TableCheck): void {
  writeString(refillStorageKeys.refillTableCode, table.table_code);
  writeString(refillStorageKeys.refillTableNumber, table.table_number === null ? null : String(table.table_number));
  writeString(refillStorageKeys.refillTableId, String(table.id));
  writeString(refillStorageKeys.refillStatus, 'On-going');
}
