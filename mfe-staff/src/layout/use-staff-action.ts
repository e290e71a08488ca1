import { useState } from 'react';
import { staffErrorMessage } from '../session/staff-session';
import type { StaffMessageText } from './staff-messages';

/**
 * Runs a console action on a thing named `name`: busy while it runs, its
 * outcome as the screen's message ("Name: what the API said"), the list read
 * again after. `run` resolves true when the action worked.
 */
export function useStaffAction(refresh: () => void) {
  const [message, setMessage] = useState<StaffMessageText | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(name: string, action: () => Promise<{ message: string }>): Promise<boolean> {
    setBusy(true);
    try {
      setMessage({ text: `${name}: ${(await action()).message}`, problem: false });
      return true;
    } catch (error) {
      setMessage({ text: `${name}: ${staffErrorMessage(error, 'Not saved. Please try again.')}`, problem: true });
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  }
  return { message, setMessage, busy, run };
}
