import { formatPesos, getRuntimeConfig } from '@samgyup/shared';
import { FormField } from '@samgyup/shared/account-forms';
import { MENU_CATEGORIES, menuItemSchema, validate, type FieldErrors, type MenuCategory, type MenuItemInput, type StaffMenuItem } from '@samgyup/shared/validation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { StaffPage } from '../layout/staff-page';
import { FormActions } from '../layout/form-actions';
import { ConfirmDialog } from '../layout/modal-dialog';
import { NotLoaded, type StaffMessageText } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { drawnListData, useStaffData } from '../layout/use-staff-data';
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
  // Drawn by the site's server for a logged-in tablet (package.json's signedInRouteData), the board starts from it.
  const { state, refresh } = useStaffData<StaffMenuItem[]>('staff-menu', '/api/staff/menu-items', null, drawnListData<StaffMenuItem>);
  const { message, setMessage, busy, locked, run } = useStaffAction({ refresh });
  const [editing, setEditing] = useState<number | MenuCategory | null>(null);
  const [retiring, setRetiring] = useState<StaffMenuItem | null>(null);
  // Where the last action's outcome shows: next to the row (or the add form) the owner acted on.
  const [messageAt, setMessageAt] = useState<number | MenuCategory | null>(null);
  const rows = useRef(new Map<number, HTMLLIElement>());
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  // After Save or Cancel, focus goes back to the item's Edit button (after the row is drawn again).
  const [returnFocusTo, setReturnFocusTo] = useState<number | null>(null);
  useEffect(() => {
    if (returnFocusTo === null || editing !== null) return;
    editButtons.current.get(returnFocusTo)?.focus({ preventScroll: true });
    rows.current.get(returnFocusTo)?.scrollIntoView({ block: 'nearest' });
    setReturnFocusTo(null);
  }, [returnFocusTo, editing]);

  const act = (at: number | MenuCategory, name: string, action: () => Promise<{ message: string }>) => {
    setMessage(null);
    setMessageAt(at);
    return run(name, action);
  };
  const patch = (item: StaffMenuItem, body: Record<string, unknown>) => act(item.id, item.name, () => staffRequest(`/api/staff/menu-items/${item.id}`, { method: 'PATCH', body }));
  const move = (items: StaffMenuItem[], index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    void act(items[index].id, items[index].name, () => staffRequest('/api/staff/menu-items/order', { method: 'PUT', body: { category: items[index].category, ids } }));
  };
  const closeForm = (item: StaffMenuItem) => {
    setEditing(null);
    setReturnFocusTo(item.id);
  };
  const outcome = (at: number | MenuCategory) => messageAt === at && <RowMessage message={message} busy={busy} />;

  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading the menu…" what="the menu" onRetry={refresh} />;
  const retired = state.data.filter((item) => item.retired_at);
  return (
    <>
      {retiring && (
        <ConfirmDialog
          title={`Retire ${retiring.name}?`}
          confirmLabel={`Retire ${retiring.name}`}
          onCancel={() => setRetiring(null)}
          onConfirm={() => {
            setRetiring(null);
            void patch(retiring, { retired: true });
          }}
        >
          <p>It leaves the menu for good (it stays in the records, and can be brought back from Retired items).</p>
        </ConfirmDialog>
      )}
      {MENU_CATEGORIES.map((category) => {
        const items = state.data.filter((item) => item.category === category && !item.retired_at);
        return (
          <section key={category} aria-labelledby={`menu-${category}`}>
            <h2 id={`menu-${category}`}>{CATEGORY_TITLES[category]}</h2>
            <ul className="staff-menu">
              {items.map((item, index) => (
                <li
                  key={item.id}
                  ref={(row) => void (row ? rows.current.set(item.id, row) : rows.current.delete(item.id))}
                  className={`staff-menu__item${item.is_available ? '' : ' staff-menu__item--off'}`}
                >
                  {editing === item.id ? (
                    <MenuItemForm
                      item={item}
                      busy={busy}
                      onCancel={() => closeForm(item)}
                      onSave={async (values) => {
                        const { category: _category, ...change } = values;
                        if (await patch(item, change)) closeForm(item);
                      }}
                    />
                  ) : (
                    <>
                      <MenuThumbnail item={item} />
                      <div className="staff-menu__text">
                        <strong>{item.name}</strong>
                        <span>
                          {formatPesos(item.selling_price)}
                          {item.is_premium && ' · premium'}
                          {item.is_featured && ' · featured'}
                        </span>
                        <span className="staff-menu__state">
                          {item.is_available ? 'On the menu' : `Off the menu${item.availability_changed_by ? ` (${item.availability_changed_by})` : ''}`}
                        </span>
                      </div>
                      <div className="staff-menu__actions">
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={locked}
                          ref={(button) => void (button ? editButtons.current.set(item.id, button) : editButtons.current.delete(item.id))}
                          onClick={() => setEditing(item.id)}
                        >
                          Edit<span className="visually-hidden"> {item.name}</span>
                        </button>
                        <button
                          type="button"
                          className={`button ${item.is_available ? 'button--secondary' : ''}`}
                          disabled={locked}
                          onClick={() => void patch(item, { is_available: !item.is_available })}
                        >
                          {item.is_available ? 'Mark unavailable' : 'Mark available'}
                          <span className="visually-hidden"> ({item.name})</span>
                        </button>
                        <button
                          type="button"
                          className="button button--ghost staff-menu__icon"
                          disabled={locked || index === 0}
                          aria-label={`Move ${item.name} up`}
                          onClick={() => move(items, index, -1)}
                        >
                          <span aria-hidden="true">↑</span>
                        </button>
                        <button
                          type="button"
                          className="button button--ghost staff-menu__icon"
                          disabled={locked || index === items.length - 1}
                          aria-label={`Move ${item.name} down`}
                          onClick={() => move(items, index, 1)}
                        >
                          <span aria-hidden="true">↓</span>
                        </button>
                        <PhotoUpload
                          url={`/api/staff/menu-items/${item.id}/photo`}
                          label={item.name}
                          photo={item.photo}
                          preview={false}
                          onDone={(done) => {
                            setMessageAt(item.id);
                            setMessage(done);
                            refresh();
                          }}
                        />
                        <button type="button" className="button button--ghost" disabled={locked} onClick={() => setRetiring(item)}>
                          Retire<span className="visually-hidden"> {item.name}</span>
                        </button>
                      </div>
                    </>
                  )}
                  {outcome(item.id)}
                </li>
              ))}
            </ul>
            {editing === category ? (
              <MenuItemForm
                category={category}
                busy={busy}
                onCancel={() => setEditing(null)}
                onSave={async (values) => {
                  if (await act(category, values.name, () => staffRequest('/api/staff/menu-items', { method: 'POST', body: values }))) setEditing(null);
                }}
              />
            ) : (
              <button type="button" className="button" disabled={locked} onClick={() => setEditing(category)}>
                Add an item to {CATEGORY_TITLES[category]}
              </button>
            )}
            {outcome(category)}
          </section>
        );
      })}
      {retired.length > 0 && (
        <section aria-labelledby="menu-retired">
          <h2 id="menu-retired">Retired items</h2>
          <ul className="staff-menu">
            {retired.map((item) => (
              <li key={item.id} className="staff-menu__item staff-menu__item--off">
                <MenuThumbnail item={item} />
                <span className="staff-menu__text">
                  {item.name} · {CATEGORY_TITLES[item.category]} · {formatPesos(item.selling_price)}
                </span>
                <button type="button" className="button button--secondary" disabled={locked} onClick={() => void patch(item, { retired: false })}>
                  Bring {item.name} back
                </button>
                {outcome(item.id)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** The item's photo as the menu shows it, small; a plain box when it has none. */
function MenuThumbnail({ item }: { item: StaffMenuItem }) {
  if (!item.photo) return <span className="staff-menu__thumb staff-menu__thumb--none" aria-hidden="true" />;
  return <img className="staff-menu__thumb" src={`${getRuntimeConfig().apiBaseUrl}${item.photo.path}/320.jpg`} alt="" width={80} height={50} loading="lazy" />;
}

/**
 * The outcome of the last action, beside what it was done to. The live region is
 * there (empty) while the action runs, so its words are announced when they come.
 */
function RowMessage({ message, busy }: { message: StaffMessageText | null; busy: boolean }) {
  return (
    <p className={`staff-menu__outcome ${message?.problem ? 'staff-problem' : message ? 'staff-notice' : ''}`} role={message?.problem ? 'alert' : 'status'}>
      {message?.text ?? (busy ? 'Saving…' : '')}
    </p>
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
  const form = useRef<HTMLFormElement>(null);
  // Opened: the form comes into view below the console's sticky tabs (scroll-margin) with its first field focused.
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'start' });
    form.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
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
    <form ref={form} className="staff-form staff-menu__form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
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
