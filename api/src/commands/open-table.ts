/**
 * Opens a dining session from the command line (staff usually do it from the
 * staff console): `npm run table:open -- <table number> [minutes]`.
 */
import { callApiAsCommandLine } from './command-line-api';

async function main() {
  const [tableArg, minutesArg] = process.argv.slice(2);
  const tableNumber = Number(tableArg);
  const minutes = minutesArg === undefined ? undefined : Number(minutesArg);
  if (!Number.isInteger(tableNumber) || tableNumber <= 0 || (minutes !== undefined && !(minutes > 0))) {
    console.error('Usage: npm run table:open -- <table number> [minutes]   e.g. npm run table:open -- 3 90');
    process.exit(2);
  }
  const answer = await callApiAsCommandLine(
    '/api/staff/dining-sessions',
    { table_number: tableNumber, ...(minutes === undefined ? {} : { duration_sec: Math.round(minutes * 60) }) },
    'staff',
  );
  const data = answer.data as { table_code: string; ends_at: string };
  console.log(`${answer.message}\nTable code: ${data.table_code}\nEnds at:    ${new Date(data.ends_at).toLocaleString()}`);
}

void main();
