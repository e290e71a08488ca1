import { Link } from '@samgyup/shared';
import type { PublicRestaurantSettings } from '@samgyup/shared/settings';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded } from '../layout/staff-messages';
import { useStaffData } from '../layout/use-staff-data';
import { ClosedDatesEditor } from './closed-dates-editor';
import { PaymentQrUpload } from './payment-qr-upload';
import { ContactSettings, OpeningSettings, PaymentSettings, SoldOutSettings } from './settings-parts';
import { TableCombinationsEditor } from './table-combinations-editor';
import { TablesEditor } from './tables-editor';

/** The page's parts, in the order the owner reaches for them; each saves on its own. */
const PARTS = [
  ['settings-sold-out', 'Sold-out items'],
  ['settings-opening', 'Opening days and slots'],
  ['settings-closed-dates', 'Closed dates'],
  ['settings-tables', 'Tables and joined tables'],
  ['settings-payment', 'Down payment and QR'],
  ['settings-contact', 'Restaurant details'],
] as const;

/**
 * /staff/settings (admin): what the site shows and how bookings work. Each part
 * saves on its own and says so beside its button; the public pages show a change within seconds.
 */
export function RestaurantSettingsPage() {
  return (
    <StaffPage title="Restaurant settings" adminOnly adminOnlyMessage="Only an admin can change the restaurant settings.">
      {() => <SettingsBoard />}
    </StaffPage>
  );
}

function SettingsBoard() {
  // A change reloads the settings quietly: what is on the screen (and its message) stays while it does.
  const { state, refresh } = useStaffData<PublicRestaurantSettings>('staff-restaurant-settings', '/api/staff/restaurant-settings');
  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading the settings…" what="the settings" onRetry={refresh} />;
  return (
    <div className="settings-board">
      <nav className="settings-index" aria-label="Settings">
        <ul>
          {PARTS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
          <li>
            <Link to="/staff/booking-policy">Booking policy</Link>
          </li>
        </ul>
      </nav>
      <SoldOutSettings initial={state.data} onSaved={refresh} />
      <OpeningSettings initial={state.data} onSaved={refresh} />
      <div id="settings-closed-dates" className="settings-part">
        <ClosedDatesEditor closedDates={state.data.closed_dates} onChanged={refresh} />
      </div>
      <div id="settings-tables" className="settings-part">
        <TablesEditor />
        <TableCombinationsEditor />
      </div>
      <PaymentSettings initial={state.data} onSaved={refresh} />
      <div className="settings-part">
        <PaymentQrUpload current={state.data.payment_qr_path} onSaved={refresh} />
      </div>
      <ContactSettings initial={state.data} onSaved={refresh} />
    </div>
  );
}
