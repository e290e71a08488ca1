import { apiRequest } from '@samgyup/shared';

export interface AvailableTable {
  id: number;
  table_number: number;
  capacity?: number;
}

/** GET /api/tables/available?date=YYYY-MM-DD&time=HH:MM for the date chosen (docs/decisions.md 5). */
export async function getAvailableTables(date: string, time: string, signal?: AbortSignal): Promise<AvailableTable[]> {
  const answer = await apiRequest<{ data?: AvailableTable[] }>('/api/tables/available', { query: { date, time }, signal });
  if (!Array.isArray(answer?.data)) throw new Error('The table list had no data');
  return answer.data.filter((table) => Number.isInteger(table?.id) && Number.isInteger(table?.table_number));
}
