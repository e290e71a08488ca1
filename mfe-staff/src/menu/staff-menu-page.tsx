import { formatPesos } from '@samgyup/shared';
import { FormField } from '@samgyup/shared/account-forms';
import { MENU_CATEGORIES, menuItemSchema, validate, type FieldErrors, type MenuCategory, type MenuItemInput, type StaffMenuItem } from '@samgyup/shared/validation';
import { useId, useState, type FormEvent } from 'react';
import { StaffPage } from '../layout/staff-page';
import { FormActions } from '../layout/form-actions';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { useStaffData } from '../layout/use-staff-data';
import { PhotoUpload } from '../photos/photo-upload';
import { staffRequest } from '../session/staff-session';

const CATEGORY_TITLES: Record<MenuCategory, string> = {
  unlimited: 'Unlimited Menu',
  alacarte: 'Ala Carte Menu',
  sidedish: 'Side Dishes',
};

/** /staff/menu: add, edit, reorder, retire and photograph menu items; take a sold-out item off and put it back. */
export function StaffMenuPage() {
  return <StaffPage title="Menu">{() => <MenuBoard />}</StaffPage>;
}

function MenuBoard() {
  const { state, refresh } = useStaffData<StaffMenuItem[]>('staff-menu', '/api/staff/menu-items');
  const { message, setMessage, busy, run } = useStaffAction({ refresh });
  const [editing, setEditing] = useState<number | MenuCategory | null>(null);
  const patch = (item: StaffMenuItem, body: Record<string, unknown>) => run(item.name, () => staffRequest(`/api/staff/menu-items/${item.id}`, { method: 'PATCH', body }));
  const move = (items: StaffMenuItem[], index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    void run(items[index].name, () => staffRequest('/api/staff/menu-items/order', { method: 'PUT', body: { category: items[index].category, ids } }));
  };

  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading the menu…" what="the menu" onRetry={refresh} />;
  const retired = state.data.filter((item) => item.retired_at);
  return (
    <>
      <StaffMessage message={message} />
      {MENU_CATEGORIES.map((category) => {
        const items = state.data.filter((item) => item.category === category && !item.retired_at);
        return (
          <section key={category} aria-labelledby={`menu-${category}`}>
            <h2 id={`menu-${category}`}>{CATEGORY_TITLES[category]}</h2>
            <ul className="staff-menu">
              {items.map((item, index) => (
                <li key={item.id} className={item.is_available ? '' : 'staff-menu__item--off'}>
                  {editing === item.id ? (
                    <MenuItemForm
                      item={item}
                      busy={busy}
                      onCancel={() => setEditing(null)}
                      onSave={async (values) => {
                        const { category: _category, ...change } = values;
                        if (await patch(item, change)) setEditing(null);
                      }}
                    />
                  ) : (
                    <>
                      <span>
                        {item.name} · {formatPesos(item.selling_price)}
                        {item.is_premium && ' · premium'}
                        {item.is_featured && ' · featured'}
                      </span>
                      <span>{item.is_available ? 'On the menu' : `Off the menu${item.availability_changed_by ? ` (${item.availability_changed_by})` : ''}`}</span>
                      <span className="staff-actions">
                        <button type="button" className="button button--secondary" disabled={busy} onClick={() => setEditing(item.id)}>
                          Edit {item.name}
                        </button>
                        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void patch(item, { is_available: !item.is_available })}>
                          {item.is_available ? `Mark ${item.name} unavailable` : `Mark ${item.name} available`}
                        </button>
                        <button type="button" className="button button--ghost" disabled={busy || index === 0} onClick={() => move(items, index, -1)}>
                          Move {item.name} up
                        </button>
                        <button type="button" className="button button--ghost" disabled={busy || index === items.length - 1} onClick={() => move(items, index, 1)}>
                          Move {item.name} down
                        </button>
                        <button
                          type="button"
                          className="button button--ghost"
                          disabled={busy}
                          onClick={() => {
                            if (window.confirm(`Retire ${item.name}? It leaves the menu for good (it stays in the records).`)) void patch(item, { retired: true });
                          }}
                        >
                          Retire {item.name}
                        </button>
                      </span>
                      <PhotoUpload url={`/api/staff/menu-items/${item.id}/photo`} label={item.name} photo={item.photo} onDone={(done) => (setMessage(done), refresh())} />
                    </>
                  )}
                </li>
              ))}
            </ul>
            {editing === category ? (
              <MenuItemForm
                category={category}
                busy={busy}
                onCancel={() => setEditing(null)}
                onSave={async (values) => {
                  if (await run(values.name, () => staffRequest('/api/staff/menu-items', { method: 'POST', body: values }))) setEditing(null);
                }}
              />
            ) : (
              <button type="button" className="button" disabled={busy} onClick={() => setEditing(category)}>
                Add an item to {CATEGORY_TITLES[category]}
              </button>
            )}
          </section>
        );
      })}
      {retired.length > 0 && (
        <section aria-labelledby="menu-retired">
          <h2 id="menu-retired">Retired items</h2>
          <ul className="staff-menu">
            {retired.map((item) => (
              <li key={item.id} className="staff-menu__item--off">
                <span>
                  {item.name} · {CATEGORY_TITLES[item.category]} · {formatPesos(item.selling_price)}
                </span>
                <button type="button" className="button button--secondary" disabled={busy} onClick={() => void patch(item, { retired: false })}>
                  Bring {item.name} back
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

type FormValues = { category: MenuCategory; name: string; description: string; price: string; is_premium: boolean; is_featured: boolean; is_available: boolean };

/** A new item's form (with `category`) or an item's edit form (with `item`). */
function MenuItemForm({
  item,
  category,
  busy,
  onSave,
  onCancel,
}: {
  item?: StaffMenuItem;
  category?: MenuCategory;
  busy: boolean;
  onSave: (values: Required<MenuItemInput>) => Promise<void>;
  onCancel: () => void;
}) {
  const titleId = useId();
  const [values, setValues] = useState<FormValues>({
    category: item?.category ?? category ?? 'alacarte',
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item ? String(item.selling_price) : '',
    is_premium: item?.is_premium ?? false,
    is_featured: item?.is_featured ?? false,
    is_available: item?.is_available ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors<MenuItemInput>>({});
  const text = (field: 'name' | 'description' | 'price') => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const flag = (field: 'is_premium' | 'is_featured' | 'is_available') => (event: { target: { checked: boolean } }) =>
    setValues((current) => ({ ...current, [field]: event.target.checked }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { price, ...rest } = values;
    // Whole pesos only: anything else stays text, which the schema refuses with its message.
    const result = validate(menuItemSchema, { ...rest, selling_price: /^\d+$/.test(price.trim()) ? Number(price.trim()) : price });
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) void onSave(result.data as Required<MenuItemInput>);
  }

  const title = item ? `Edit ${item.name}` : `New item for ${CATEGORY_TITLES[values.category]}`;
  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <FormField label="Name" name="name" value={values.name} onChange={text('name')} error={errors.name} />
      <FormField label="Description" name="description" value={values.description} onChange={text('description')} error={errors.description} />
      <FormField
        label="Price in pesos"
        name="price"
        inputMode="numeric"
        value={values.price}
        onChange={text('price')}
        error={errors.selling_price}
        hint="Whole pesos; 0 for side dishes included in the sets."
      />
      <label>
        <input type="checkbox" checked={values.is_premium} onChange={flag('is_premium')} /> Premium (shows a PREMIUM badge)
      </label>
      <label>
        <input type="checkbox" checked={values.is_featured} onChange={flag('is_featured')} /> Featured (listed on Featured Menu Items)
      </label>
      <label>
        <input type="checkbox" checked={values.is_available} onChange={flag('is_available')} /> Available today
      </label>
      <FormActions saveLabel={item ? 'Save changes' : 'Add to the menu'} busy={busy} onCancel={onCancel} />
    </form>
  );
}
