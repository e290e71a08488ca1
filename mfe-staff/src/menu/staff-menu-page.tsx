import { formatPesos, usePolledApiData } from '@samgyup/shared';
import { useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { LoadFailed, StaffMessage, type StaffMessageText } from '../layout/staff-messages';
import { staffErrorMessage, staffRequest } from '../session/staff-session';

interface StaffMenuItem {
  id: number;
  category: 'unlimited' | 'alacarte' | 'sidedish';
  name: string;
  selling_price: number;
  is_available: boolean;
  availability_changed_by: string | null;
}

const CATEGORY_TITLES: Record<StaffMenuItem['category'], string> = {
  unlimited: 'Unlimited Menu',
  alacarte: 'Ala Carte Menu',
  sidedish: 'Side Dishes',
};

async function listItems(signal?: AbortSignal): Promise<StaffMenuItem[]> {
  return (await staffRequest<{ data: StaffMenuItem[] }>('/api/staff/menu-items', { signal })).data;
}

/** /staff/menu: take a sold-out item off the public menu, and put it back. */
export function StaffMenuPage() {
  return <StaffPage title="Menu availability">{() => <MenuBoard />}</StaffPage>;
}

function MenuBoard() {
  const { state, refresh } = usePolledApiData('staff-menu', listItems, null);
  const [message, setMessage] = useState<StaffMessageText | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function toggle(item: StaffMenuItem) {
    setBusyId(item.id);
    try {
      const answer = await staffRequest<{ message: string }>(`/api/staff/menu-items/${item.id}`, {
        method: 'PATCH',
        body: { is_available: !item.is_available },
      });
      setMessage({ text: `${item.name}: ${answer.message}`, problem: false });
    } catch (error) {
      setMessage({ text: staffErrorMessage(error, 'Not saved. Please try again.'), problem: true });
    } finally {
      setBusyId(null);
      refresh();
    }
  }

  if (state.status === 'loading') return <p role="status">Loading the menu…</p>;
  if (state.status === 'error') return <LoadFailed what="the menu" onRetry={refresh} />;
  return (
    <>
      <StaffMessage message={message} />
      {(Object.keys(CATEGORY_TITLES) as StaffMenuItem['category'][]).map((category) => (
        <section key={category} aria-labelledby={`menu-${category}`}>
          <h2 id={`menu-${category}`}>{CATEGORY_TITLES[category]}</h2>
          <ul className="staff-menu">
            {state.data
              .filter((item) => item.category === category)
              .map((item) => (
                <li key={item.id} className={item.is_available ? '' : 'staff-menu__item--off'}>
                  <span>
                    {item.name} · {formatPesos(item.selling_price)}
                  </span>
                  <span>{item.is_available ? 'On the menu' : `Off the menu${item.availability_changed_by ? ` (${item.availability_changed_by})` : ''}`}</span>
                  <button type="button" className="button button--secondary" disabled={busyId === item.id} onClick={() => void toggle(item)}>
                    {item.is_available ? `Mark ${item.name} unavailable` : `Mark ${item.name} available`}
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
