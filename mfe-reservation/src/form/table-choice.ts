/**
 * What the diner picked in the table picker: one table, tables the restaurant
 * joins for a group, or "let the restaurant choose" (the API takes the best fit
 * when it saves the booking).
 */
export type TableChoice =
  { kind: 'table'; table_id: number; table_numbers: number[] } | { kind: 'joined'; table_id: number; combination_id: number; table_numbers: number[] } | { kind: 'best' };

/** The booking's fields for a choice (none chosen: neither, which the form refuses). */
export function choiceFields(choice: TableChoice | null): { table_id: number | null; combination_id: number | null; best_table: boolean } {
  if (!choice) return { table_id: null, combination_id: null, best_table: false };
  if (choice.kind === 'best') return { table_id: null, combination_id: null, best_table: true };
  return { table_id: choice.table_id, combination_id: choice.kind === 'joined' ? choice.combination_id : null, best_table: false };
}

/** One key per choice, for radio values and comparisons. */
export function choiceKey(choice: TableChoice | null): string {
  if (!choice) return '';
  if (choice.kind === 'best') return 'best';
  return choice.kind === 'joined' ? `joined-${choice.combination_id}` : `table-${choice.table_id}`;
}
