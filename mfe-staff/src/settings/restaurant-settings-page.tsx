import type { PublicRestaurantSettings } from '@samgyup/shared/settings';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded } from '../layout/staff-messages';
import { useStaffData } from '../layout/use-staff-data';
import { ClosedDatesEditor } from './closed-dates-editor';
import { PaymentQrUpload } from './payment-qr-upload';
import { SettingsForm } from './settings-form';
import { TableCombinationsEditor } from './table-combinations-editor';
import { TablesEditor } from './tables-editor';

/**
 * /staff/settings (admin): what the site shows and how bookings work. Each part
 * saves on its own; the public pages show a change within seconds.
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
      <TablesEditor />
      <TableCombinationsEditor />
      <ClosedDatesEditor closedDates={state.data.closed_dates} onChanged={refresh} />
      <PaymentQrUpload current={state.data.payment_qr_path} onSaved={refresh} />
      <SettingsForm initial={state.data} onSaved={refresh} />
    </div>
  );
}
