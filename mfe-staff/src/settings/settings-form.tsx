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

/** Payment details, contact and footer, bookings and refill items: saved together with one button. */
export function SettingsForm({ initial, onSaved }: { initial: RestaurantSettings; onSaved: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [errors, setErrors] = useState<FieldErrors<RestaurantSettingsInput>>({});
  const { message, setMessage, busy: saving, run } = useStaffAction();
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate(restaurantSettingsSchema, draft);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) {
      setMessage({ text: 'Not saved: please correct the marked fields.', problem: true });
      return;
    }
    if (await run(() => staffRequest('/api/staff/restaurant-settings', { method: 'PUT', body: result.data }))) onSaved();
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-labelledby="settings-form-title">
      <h2 id="settings-form-title">Payment, contact and bookings</h2>
      <Section title="Down payment and e-wallet">
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

      <Section title="Refill items sold out" error={errors.sold_out_refill_items}>
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

      <StaffMessage message={message} />
      <button type="submit" className="button" disabled={saving} aria-busy={saving}>
        {saving ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
