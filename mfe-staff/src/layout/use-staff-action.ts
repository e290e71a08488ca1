import { useInBrowser } from '@samgyup/shared';
import { useState } from 'react';
import { staffErrorMessage } from '../session/staff-session';
import type { StaffMessageText } from './staff-messages';

type StaffAction = () => Promise<{ message: string }>;

/**
 * Runs console actions: busy while one runs, its outcome as the screen's
 * message (what the API said, or why it failed; "Name: …" for an action on a
 * thing called `name`), then `refresh` (when given) whether it worked or not.
 * `run` resolves true when the action worked. `locked`: the screen's controls wait, disabled, while an
 * action runs, and while the screen is drawn on the site's server (until the script runs).
 */
export function useStaffAction({ refresh, failed = 'Not saved. Please try again.' }: { refresh?: () => void; failed?: string } = {}) {
  const [message, setMessage] = useState<StaffMessageText | null>(null);
  const [busy, setBusy] = useState(false);
  const inBrowser = useInBrowser();
  async function run(...call: [action: StaffAction] | [name: string, action: StaffAction]): Promise<boolean> {
    const [about, action] = call.length === 1 ? ['', call[0]] : [`${call[0]}: `, call[1]];
    setBusy(true);
    try {
      setMessage({ text: about + (await action()).message, problem: false });
      return true;
    } catch (error) {
      setMessage({ text: about + staffErrorMessage(error, failed), problem: true });
      return false;
    } finally {
      setBusy(false);
      refresh?.();
    }
  }
  return { message, setMessage, busy, locked: busy || !inBrowser, run };
}
