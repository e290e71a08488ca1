import { apiRequest } from '@samgyup/shared';
import type { TableOption, TableOptionsAnswer } from '@samgyup/shared/reservation';

const isOption = (option: TableOption) =>
  Number.isInteger(option?.table_id) &&
  (option.combination_id === null || Number.isInteger(option.combination_id)) &&
  Array.isArray(option.table_numbers) &&
  option.table_numbers.length > 0 &&
  Number.isInteger(option.seats);

/** GET /api/tables/options: what seats the party on the slot, best fit first, or where else it fits. */
export async function getTableOptions(date: string, time: string, guests: number, signal?: AbortSignal): Promise<TableOptionsAnswer> {
  const answer = await apiRequest<{ data?: Partial<TableOptionsAnswer> }>('/api/tables/options', { query: { date, time, guests: String(guests) }, signal });
  if (!Array.isArray(answer?.data?.options)) throw new Error('The table choices had no data');
  return {
    options: answer.data.options.filter(isOption),
    other_slots: Array.isArray(answer.data.other_slots) ? answer.data.other_slots : [],
    phone: typeof answer.data.phone === 'string' ? answer.data.phone : '',
  };
}
