import { ClientOnly, Navigate, readString, useNavigate, useSearchParams, writeString } from '@samgyup/shared';
import { refillItemGroups, refillRequestType, type RefillItemName, type RefillQuantities } from '@samgyup/shared/refill';
import { refillMessages } from '@samgyup/shared/validation';
import { useState, type FormEvent } from 'react';
import { isRefillItemSoldOut } from '@samgyup/shared/settings';
import { useRestaurantSettings } from '@samgyup/shared/settings/use-restaurant-settings';
import { QuantityPicker } from './quantity-picker';
import { RefillStatusList } from '../refill-status/refill-status-list';
import { completeRefill, refillErrorMessage, submitRefill } from './submit-refill';
import { useRefillOutbox } from './use-refill-outbox';
import { useDiningTimer } from './use-dining-timer';
import '../styles/refill.css';
import { refillStorageKeys, refillTimerStorage } from '../storage/refill-storage';

/**
 * /refill-request: the table's countdown and the refill order form. The table
 * lives in this browser's storage, so a first screen rendered ahead of time
 * shows the heading and waits for it.
 */
export function RefillRequestPage() {
  return (
    <ClientOnly fallback={<RefillRequestWaiting />}>
      {() => {
        const tableCode = readString(refillStorageKeys.refillTableCode);
        if (!tableCode) return <Navigate to="/refilling" replace />;
        return <RefillRequestForm tableCode={tableCode} />;
      }}
    </ClientOnly>
  );
}

function RefillRequestWaiting() {
  return (
    <section className="refill-page" aria-labelledby="refill-request-title">
      <h1 id="refill-request-title">Refill Request</h1>
      <p className="refill-page__status" role="status">
        Loading your table...
      </p>
    </section>
  );
}

function RefillRequestForm({ tableCode }: { tableCode: string }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const tableNumber = readString(refillStorageKeys.refillTableNumber);
  const offline = readString(refillStorageKeys.refillTableId) === '0';
  const [quantities, setQuantities] = useState<RefillQuantities>({});
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Items the kitchen ran out of, as the owner marked them (none while the settings load or fail).
  const settings = useRestaurantSettings().state;
  const soldOut = (name: string) => settings.status === 'ready' && isRefillItemSoldOut(settings.data, name);

  const timer = useDiningTimer(tableCode, searchParams.get('minutes'), {
    onTimeUp: () => {
      writeString(refillStorageKeys.refillStatus, 'Completed');
      const refillId = readString(refillStorageKeys.currentRefillId);
      if (refillId) void completeRefill(refillId, tableCode);
      refillTimerStorage.clear(tableCode);
    },
    onAfterTimeUp: () => navigate('/timesup'),
  });

  const sent = (id: number) => {
    writeString(refillStorageKeys.currentRefillId, String(id));
    void navigate('/refill-request-submitted');
  };
  const outbox = useRefillOutbox(tableCode, { onSent: sent, onRefused: (error) => setProblem(refillErrorMessage(error)) });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending || timer.completed) return;
    const code = readString(refillStorageKeys.refillTableCode);
    if (!code) {
      window.alert(refillMessages.tableCodeMissing);
      void navigate('/refilling');
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      sent(await submitRefill(code, quantities));
    } catch (error) {
      setProblem(refillErrorMessage(error));
      setSending(false);
      outbox.refresh();
    }
  }

  const setQuantity = (name: RefillItemName, value: number) => setQuantities((current) => ({ ...current, [name]: value }));
  const summary = refillRequestType(quantities);

  return (
    <section className="refill-page" aria-labelledby="refill-request-title">
      <h1 id="refill-request-title">Refill Request</h1>
      {offline && (
        <p className="refill-notice" role="status">
          We could not reach the restaurant's system, so your table code is not confirmed. If your request does not go through, please wave to our staff.
        </p>
      )}
      {outbox.queued.length > 0 && (
        <div className="refill-notice" role="status">
          <p>
            Waiting for the connection: {outbox.queued.length === 1 ? 'your request is' : `${outbox.queued.length} requests are`} saved on this phone and will be sent as soon as it
            is back.
          </p>
          <ul>
            {outbox.queued.map((refill) => (
              <li key={refill.key}>{refill.requestType}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className="refill-table">
        <div>
          <dt>Table code</dt>
          <dd>{tableCode}</dd>
        </div>
        <div>
          <dt>Table number</dt>
          <dd>{tableNumber ?? 'Not confirmed'}</dd>
        </div>
        <div>
          <dt>Time left</dt>
          <dd>
            <span role="timer" aria-live="off" className={`refill-timer ${timer.pulsing ? 'refill-timer--pulse' : ''}`}>
              {timer.display}
            </span>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className={timer.completed ? 'refill-status refill-status--done' : 'refill-status'} aria-live="polite">
            {timer.completed ? 'Completed' : 'On-going'}
          </dd>
        </div>
      </dl>

      <form onSubmit={onSubmit} noValidate>
        {refillItemGroups.map((group) => (
          <fieldset key={group.group} className="refill-group">
            <legend>{group.label}</legend>
            <div className="refill-group__items">
              {group.items.map((name) => (
                <QuantityPicker key={name} name={name} value={quantities[name] ?? 0} soldOut={soldOut(name)} onChange={(value) => setQuantity(name, value)} />
              ))}
            </div>
          </fieldset>
        ))}
        <div className="refill-submit">
          <p className="refill-submit__summary">
            <span className="refill-submit__label">Your request: </span>
            {summary}
          </p>
          {problem && (
            <p className="refill-problem" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button refill-big-button" disabled={sending || timer.completed} aria-busy={sending}>
            {sending ? 'Sending…' : 'Submit'}
          </button>
        </div>
      </form>
      {!offline && <RefillStatusList tableCode={tableCode} />}
    </section>
  );
}
