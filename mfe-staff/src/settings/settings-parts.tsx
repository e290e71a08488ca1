import { TIME_SLOTS } from '@samgyup/shared';
import { refillItemGroups } from '@samgyup/shared/refill';
import { FormField } from '@samgyup/shared/account-forms';
import { WEEKDAY_NAMES, type RestaurantSettings } from '@samgyup/shared/settings';
import { restaurantSettingsSchema, validate, type FieldErrors, type RestaurantSettingsInput } from '@samgyup/shared/validation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { staffRequest } from '../session/staff-session';

type Draft = Omit<RestaurantSettings, 'down_payment_pesos' | 'dining_minutes'> & { down_payment_pesos: string; dining_minutes: string };

const toDraft = (settings: RestaurantSettings): Draft => ({
  down_payment_pesos: String(settings.down_payment_pesos),
  wallet: { ...settings.wallet },
  contact: { ...settings.contact },
  opening_text: settings.opening_text,
  social_links: settings.social_links.map((link) => ({ ...link })),
  dining_minutes: String(settings.dining_minutes),
  open_weekdays: [...settings.open_weekdays],
  closed_slots: [...settings.closed_slots],
  sold_out_refill_items: [...settings.sold_out_refill_items],
});

const toggled = <T,>(list: T[], item: T, on: boolean) => (on ? [...list.filter((one) => one !== item), item] : list.filter((one) => one !== item));

function Section({ title, error, children }: { title: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className="settings-section">
      <legend>{title}</legend>
      {children}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type Change = (next: Partial<Draft>) => void;
type Errors = FieldErrors<RestaurantSettingsInput>;

/**
 * One part of the settings with its own Save button and its own confirmation beside
 * it. It sends the whole set the API takes (PUT), its own fields over the values last
 * loaded, so saving one part never sends another part's unsaved edits.
 */
function SettingsPart({
  id,
  title,
  saveLabel,
  fields,
  initial,
  onSaved,
  children,
}: {
  id: string;
  title: string;
  saveLabel: string;
  fields: (keyof Draft)[];
  initial: RestaurantSettings;
  onSaved: () => void;
  children: (draft: Draft, change: Change, errors: Errors) => ReactNode;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [errors, setErrors] = useState<Errors>({});
  const { message, setMessage, busy: saving, run } = useStaffAction();
  const change: Change = (next) => setDraft((current) => ({ ...current, ...next }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const mine = Object.fromEntries(fields.map((field) => [field, draft[field]]));
    const result = validate(restaurantSettingsSchema, { ...toDraft(initial), ...mine });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) {
      setMessage({ text: 'Not saved: please correct the marked fields.', problem: true });
      return;
    }
    if (await run(() => staffRequest('/api/staff/restaurant-settings', { method: 'PUT', body: result.data }))) onSaved();
  }

  return (
    <form id={id} className="settings-form settings-part" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children(draft, change, errors)}
      <div className="settings-part__save">
        <button type="submit" className="button" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : saveLabel}
        </button>
        <StaffMessage message={message} />
      </div>
    </form>
  );
}

/** The refill items sold out tonight: first, as the owner changes them most. */
export function SoldOutSettings({ initial, onSaved }: { initial: RestaurantSettings; onSaved: () => void }) {
  return (
    <SettingsPart id="settings-sold-out" title="Sold-out refill items" saveLabel="Save sold-out items" fields={['sold_out_refill_items']} initial={initial} onSaved={onSaved}>
      {(draft, change, errors) => (
        <Section title="Sold out tonight" error={errors.sold_out_refill_items}>
          {refillItemGroups.map((group) => (
            <div key={group.group} className="settings-checks">
              <span className="settings-checks__group">{group.label}</span>
              {group.items.map((name) => (
                <label key={name}>
                  <input
                    type="checkbox"
                    checked={draft.sold_out_refill_items.includes(name)}
                    onChange={(event) => change({ sold_out_refill_items: toggled(draft.sold_out_refill_items, name, event.target.checked) })}
                  />{' '}
                  {name} sold out
                </label>
              ))}
            </div>
          ))}
        </Section>
      )}
    </SettingsPart>
  );
}

/** Which days and slots take bookings, and how long a party dines. */
export function OpeningSettings({ initial, onSaved }: { initial: RestaurantSettings; onSaved: () => void }) {
  return (
    <SettingsPart
      id="settings-opening"
      title="Opening days and time slots"
      saveLabel="Save days and slots"
      fields={['open_weekdays', 'closed_slots', 'dining_minutes']}
      initial={initial}
      onSaved={onSaved}
    >
      {(draft, change, errors) => (
        <>
          <Section title="Opening days" error={errors.open_weekdays}>
            <div className="settings-checks">
              {WEEKDAY_NAMES.map((name, day) => (
                <label key={name}>
                  <input
                    type="checkbox"
                    checked={draft.open_weekdays.includes(day)}
                    onChange={(event) => change({ open_weekdays: toggled(draft.open_weekdays, day, event.target.checked).sort() })}
                  />{' '}
                  {name}
                </label>
              ))}
            </div>
          </Section>
          <Section title="Time slots taking bookings" error={errors.closed_slots}>
            <div className="settings-checks">
              {TIME_SLOTS.map((slot) => (
                <label key={slot.start}>
                  <input
                    type="checkbox"
                    checked={!draft.closed_slots.includes(slot.start)}
                    onChange={(event) => change({ closed_slots: toggled(draft.closed_slots, slot.start, !event.target.checked) })}
                  />{' '}
                  {slot.label}
                </label>
              ))}
            </div>
          </Section>
          <Section title="Dining time">
            <FormField
              label="Default dining time (minutes)"
              name="dining_minutes"
              inputMode="numeric"
              hint="The refill timer of a seated party, unless staff choose another time."
              value={draft.dining_minutes}
              onChange={(event) => change({ dining_minutes: event.target.value })}
              error={errors.dining_minutes}
            />
          </Section>
        </>
      )}
    </SettingsPart>
  );
}

/** The down payment and the e-wallet diners pay it to. */
export function PaymentSettings({ initial, onSaved }: { initial: RestaurantSettings; onSaved: () => void }) {
  return (
    <SettingsPart
      id="settings-payment"
      title="Down payment and e-wallet"
      saveLabel="Save payment settings"
      fields={['down_payment_pesos', 'wallet']}
      initial={initial}
      onSaved={onSaved}
    >
      {(draft, change, errors) => (
        <Section title="What diners pay">
          <FormField
            label="Down payment (pesos)"
            name="down_payment_pesos"
            inputMode="numeric"
            value={draft.down_payment_pesos}
            onChange={(event) => change({ down_payment_pesos: event.target.value })}
            error={errors.down_payment_pesos}
          />
          <FormField label="E-wallet name" name="wallet_name" value={draft.wallet.name} onChange={(event) => change({ wallet: { ...draft.wallet, name: event.target.value } })} />
          <FormField
            label="Account name"
            name="wallet_account_name"
            value={draft.wallet.account_name}
            onChange={(event) => change({ wallet: { ...draft.wallet, account_name: event.target.value } })}
          />
          <FormField
            label="Account number"
            name="wallet_account_number"
            value={draft.wallet.account_number}
            onChange={(event) => change({ wallet: { ...draft.wallet, account_number: event.target.value } })}
            error={errors.wallet}
          />
        </Section>
      )}
    </SettingsPart>
  );
}

/** The restaurant's details the pages and the footer show. */
export function ContactSettings({ initial, onSaved }: { initial: RestaurantSettings; onSaved: () => void }) {
  return (
    <SettingsPart
      id="settings-contact"
      title="Restaurant details"
      saveLabel="Save restaurant details"
      fields={['contact', 'opening_text', 'social_links']}
      initial={initial}
      onSaved={onSaved}
    >
      {(draft, change, errors) => (
        <Section title="Contact details and footer">
          <FormField label="Address" name="address" value={draft.contact.address} onChange={(event) => change({ contact: { ...draft.contact, address: event.target.value } })} />
          <FormField label="Phone" name="phone" type="tel" value={draft.contact.phone} onChange={(event) => change({ contact: { ...draft.contact, phone: event.target.value } })} />
          <FormField
            label="Email"
            name="email"
            type="email"
            value={draft.contact.email}
            onChange={(event) => change({ contact: { ...draft.contact, email: event.target.value } })}
            error={errors.contact}
          />
          <FormField
            label="Opening time text"
            name="opening_text"
            value={draft.opening_text}
            onChange={(event) => change({ opening_text: event.target.value })}
            error={errors.opening_text}
          />
          {draft.social_links.map((link, index) => (
            <div key={index} className="settings-social">
              <FormField
                label={`Social link ${index + 1} name`}
                value={link.label}
                onChange={(event) => change({ social_links: draft.social_links.map((one, at) => (at === index ? { ...one, label: event.target.value } : one)) })}
              />
              <FormField
                label={`Social link ${index + 1} address`}
                type="url"
                value={link.href}
                onChange={(event) => change({ social_links: draft.social_links.map((one, at) => (at === index ? { ...one, href: event.target.value } : one)) })}
              />
              <button type="button" className="button button--ghost" onClick={() => change({ social_links: draft.social_links.filter((_, at) => at !== index) })}>
                Remove social link {index + 1}
              </button>
            </div>
          ))}
          {draft.social_links.length < 6 && (
            <button type="button" className="button button--secondary" onClick={() => change({ social_links: [...draft.social_links, { label: '', href: 'https://' }] })}>
              Add a social link
            </button>
          )}
          {errors.social_links && <p className="field-error">{errors.social_links}</p>}
        </Section>
      )}
    </SettingsPart>
  );
}
