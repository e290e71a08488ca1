import { FormField } from '@samgyup/shared/account-forms';
import { promoSchema, validate, type FieldErrors, type PromoInput, type StaffPromo } from '@samgyup/shared/validation';
import { useId, useState, type FormEvent } from 'react';
import { StaffPage } from '../layout/staff-page';
import { FormActions } from '../layout/form-actions';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { drawnListData, useStaffData } from '../layout/use-staff-data';
import { PhotoUpload } from '../photos/photo-upload';
import { staffRequest } from '../session/staff-session';

const asInput = (promo: StaffPromo): Required<PromoInput> => ({
  title: promo.title,
  summary: promo.summary,
  terms: promo.terms,
  starts_on: promo.starts_on,
  ends_on: promo.ends_on,
  is_hidden: promo.is_hidden,
});

/** /staff/promos: create, edit, hide, reorder and photograph the promos on /promos. */
export function StaffPromosPage() {
  return <StaffPage title="Promos">{() => <PromosBoard />}</StaffPage>;
}

function PromosBoard() {
  // Drawn by the site's server for a logged-in tablet (package.json's signedInRouteData), the board starts from it.
  const { state, refresh } = useStaffData<StaffPromo[]>('staff-promos', '/api/staff/promos', null, drawnListData<StaffPromo>);
  const { message, setMessage, busy, locked, run } = useStaffAction({ refresh });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const save = (promo: StaffPromo, body: Required<PromoInput>) => run(body.title, () => staffRequest(`/api/staff/promos/${promo.id}`, { method: 'PUT', body }));

  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading the promos…" what="the promos" onRetry={refresh} />;
  const promos = state.data;
  const move = (index: number, by: -1 | 1) => {
    const ids = promos.map((promo) => promo.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    void run(promos[index].title, () => staffRequest('/api/staff/promos/order', { method: 'PUT', body: { ids } }));
  };
  return (
    <>
      <StaffMessage message={message} />
      <ul className="staff-menu">
        {promos.map((promo, index) => (
          <li key={promo.id} className={promo.is_hidden ? 'staff-menu__item--off' : ''}>
            {editing === promo.id ? (
              <PromoForm promo={promo} busy={busy} onCancel={() => setEditing(null)} onSave={async (body) => void ((await save(promo, body)) && setEditing(null))} />
            ) : (
              <>
                <span>
                  <strong>{promo.title}</strong>
                  {promo.starts_on && ` · from ${promo.starts_on}`}
                  {promo.ends_on && ` · until ${promo.ends_on}`}
                </span>
                <span>{promo.is_hidden ? 'Hidden' : 'On /promos'}</span>
                <span className="staff-actions">
                  <button type="button" className="button button--secondary" disabled={locked} onClick={() => setEditing(promo.id)}>
                    Edit {promo.title}
                  </button>
                  <button type="button" className="button button--secondary" disabled={locked} onClick={() => void save(promo, { ...asInput(promo), is_hidden: !promo.is_hidden })}>
                    {promo.is_hidden ? `Show ${promo.title}` : `Hide ${promo.title}`}
                  </button>
                  <button type="button" className="button button--ghost" disabled={locked || index === 0} onClick={() => move(index, -1)}>
                    Move {promo.title} up
                  </button>
                  <button type="button" className="button button--ghost" disabled={locked || index === promos.length - 1} onClick={() => move(index, 1)}>
                    Move {promo.title} down
                  </button>
                </span>
                <PhotoUpload url={`/api/staff/promos/${promo.id}/photo`} label={promo.title} photo={promo.photo} onDone={(done) => (setMessage(done), refresh())} />
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <PromoForm
          busy={busy}
          onCancel={() => setEditing(null)}
          onSave={async (body) => void ((await run(body.title, () => staffRequest('/api/staff/promos', { method: 'POST', body }))) && setEditing(null))}
        />
      ) : (
        <button type="button" className="button" disabled={locked} onClick={() => setEditing('new')}>
          New promo
        </button>
      )}
    </>
  );
}

/** A promo's form: terms one per line, dates optional. */
function PromoForm({ promo, busy, onSave, onCancel }: { promo?: StaffPromo; busy: boolean; onSave: (body: Required<PromoInput>) => Promise<void>; onCancel: () => void }) {
  const titleId = useId();
  const termsId = useId();
  const [values, setValues] = useState({
    title: promo?.title ?? '',
    summary: promo?.summary ?? '',
    terms: promo?.terms.join('\n') ?? '',
    starts_on: promo?.starts_on ?? '',
    ends_on: promo?.ends_on ?? '',
    is_hidden: promo?.is_hidden ?? false,
  });
  const [errors, setErrors] = useState<FieldErrors<PromoInput>>({});
  const text = (field: 'title' | 'summary' | 'terms' | 'starts_on' | 'ends_on') => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate(promoSchema, {
      ...values,
      terms: values.terms
        .split('\n')
        .map((term) => term.trim())
        .filter(Boolean),
      starts_on: values.starts_on || null,
      ends_on: values.ends_on || null,
    });
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) void onSave(result.data as Required<PromoInput>);
  }

  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{promo ? `Edit ${promo.title}` : 'New promo'}</h3>
      <FormField label="Title" name="title" value={values.title} onChange={text('title')} error={errors.title} />
      <FormField label="Summary" name="summary" value={values.summary} onChange={text('summary')} error={errors.summary} />
      <div className={`form-field ${errors.terms ? 'form-field--invalid' : ''}`}>
        <label htmlFor={termsId}>Terms, one per line</label>
        <textarea id={termsId} name="terms" rows={4} value={values.terms} onChange={text('terms')} aria-invalid={Boolean(errors.terms)} />
        {errors.terms && <p className="field-error">{errors.terms}</p>}
      </div>
      <FormField label="First day (optional)" name="starts_on" type="date" value={values.starts_on} onChange={text('starts_on')} error={errors.starts_on} />
      <FormField label="Last day (optional)" name="ends_on" type="date" value={values.ends_on} onChange={text('ends_on')} error={errors.ends_on} />
      <label>
        <input type="checkbox" checked={values.is_hidden} onChange={(event) => setValues((current) => ({ ...current, is_hidden: event.target.checked }))} /> Hidden from /promos
      </label>
      <FormActions saveLabel={promo ? 'Save changes' : 'Add the promo'} busy={busy} onCancel={onCancel} />
    </form>
  );
}
