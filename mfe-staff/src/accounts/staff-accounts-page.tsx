import { FormField, PasswordField } from '@samgyup/shared/account-forms';
import { staffAccountSchema, validate, type FieldErrors, type StaffAccountInput } from '@samgyup/shared/validation';
import { useState, type FormEvent } from 'react';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { useStaffData } from '../layout/use-staff-data';
import { staffRequest, type StaffMember } from '../session/staff-session';

interface StaffAccount extends StaffMember {
  is_active: boolean;
  created_by: string;
}

const emptyForm = { name: '', email: '', password: '', role: 'staff' as const };

/** /staff/accounts (admin): add staff, change roles, disable and enable accounts. */
export function StaffAccountsPage() {
  return (
    <StaffPage title="Staff accounts" adminOnly>
      {(me) => <AccountsBoard me={me} />}
    </StaffPage>
  );
}

function AccountsBoard({ me }: { me: StaffMember }) {
  const { state, refresh } = useStaffData<StaffAccount[]>('staff-accounts', '/api/staff/accounts');
  const [values, setValues] = useState<{ name: string; email: string; password: string; role: 'staff' | 'admin' }>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors<StaffAccountInput>>({});
  const { message, busy, run } = useStaffAction({ refresh });

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const result = validate(staffAccountSchema, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    if (await run(() => staffRequest('/api/staff/accounts', { method: 'POST', body: result.data }))) setValues(emptyForm);
  }

  const update = (field: 'name' | 'email' | 'password') => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <div className="staff-split">
      <div>
        <StaffMessage message={message} />
        {state.status !== 'ready' ? (
          <NotLoaded state={state} loading="Loading staff accounts…" what="the staff accounts" onRetry={refresh} />
        ) : (
          <ul className="staff-list">
            {state.data.map((account) => (
              <li key={account.id} className={`staff-account${account.is_active ? '' : ' staff-account--off'}`}>
                <span>
                  <strong>{account.name}</strong> · {account.email} · {account.role}
                  {account.is_active ? '' : ' · disabled'}
                </span>
                {account.id !== me.id && (
                  <span className="staff-actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      onClick={() =>
                        void run(() => staffRequest(`/api/staff/accounts/${account.id}`, { method: 'PATCH', body: { role: account.role === 'admin' ? 'staff' : 'admin' } }))
                      }
                    >
                      {account.role === 'admin' ? `Make ${account.name} staff` : `Make ${account.name} admin`}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={busy}
                      onClick={() => void run(() => staffRequest(`/api/staff/accounts/${account.id}`, { method: 'PATCH', body: { is_active: !account.is_active } }))}
                    >
                      {account.is_active ? `Disable ${account.name}` : `Enable ${account.name}`}
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <form className="staff-form" onSubmit={(event) => void onAdd(event)} noValidate aria-labelledby="add-staff-title">
        <h2 id="add-staff-title">Add staff</h2>
        <FormField label="Name" name="name" value={values.name} onChange={update('name')} error={errors.name} />
        <FormField label="Email" name="email" type="email" autoComplete="off" value={values.email} onChange={update('email')} error={errors.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={update('password')}
          error={errors.password}
          hint="At least 10 characters."
        />
        <fieldset className="staff-role">
          <legend>Role</legend>
          {(['staff', 'admin'] as const).map((role) => (
            <label key={role}>
              <input type="radio" name="role" value={role} checked={values.role === role} onChange={() => setValues((current) => ({ ...current, role }))} /> {role}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          Add staff
        </button>
      </form>
    </div>
  );
}
