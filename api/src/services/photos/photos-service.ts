import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import { lockMenuItem, setMenuItemPhoto } from '../../repositories/menu-repository';
import { claimPhotoByHash, insertPhoto, markPhotoLetGo } from '../../repositories/photos-repository';
import { lockPromo, setPromoPhoto } from '../../repositories/promos-repository';
import type { PublicList } from '../change-notices';
import { photoHash } from '../photo-variants';
import type { ServiceContext } from '../service-context';

/** What a photo belongs to: a menu item or a promo, each shown on a public list. */
export interface PhotoOwner {
  kind: 'menu-item' | 'promo';
  label: string;
  list: PublicList;
  lock: (db: Queryable, id: number) => Promise<{ photo_id: number | null } | null>;
  setPhoto: (db: Queryable, id: number, photoId: number | null) => Promise<boolean>;
}

/** The photo owners by the path segment of their staff routes. */
export const PHOTO_OWNERS: Record<'menu-items' | 'promos', PhotoOwner> = {
  'menu-items': { kind: 'menu-item', label: 'Menu item', list: 'menu', lock: lockMenuItem, setPhoto: setMenuItemPhoto },
  promos: { kind: 'promo', label: 'Promo', list: 'promos', lock: lockPromo, setPhoto: setPromoPhoto },
};

export const ownerNotFound = (owner: PhotoOwner) => `${owner.label} not found.`;

/** Refuses an upload for an owner that does not exist before its body is read. */
export async function checkPhotoOwner(ctx: Pick<ServiceContext, 'db'>, owner: PhotoOwner, id: number): Promise<void> {
  if (!(await owner.lock(ctx.db, id))) throw notFound(ownerNotFound(owner));
}

/**
 * Keeps an uploaded photo in the sizes and formats the pages need, in the
 * database so every replica serves it; a photo stored before (same content)
 * is used again. Answers its id.
 */
export async function storePhoto(ctx: Pick<ServiceContext, 'db' | 'photoWork'>, upload: Buffer, staff: Principal): Promise<number> {
  const contentHash = await photoHash(upload);
  const known = await claimPhotoByHash(ctx.db, contentHash);
  if (known) return known.id;
  return insertPhoto(ctx.db, { contentHash, ...(await ctx.photoWork.variants(upload)) }, staff.email);
}

/**
 * Gives the owner its photo (null: none), with an audit entry; the photo it
 * had is let go (housekeeping deletes it later) and every replica hears its
 * public list changed.
 */
export async function setPhotoOf(ctx: Pick<ServiceContext, 'db' | 'publicListChanged'>, owner: PhotoOwner, id: number, photoId: number | null, staff: Principal): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await owner.lock(tx, id);
    if (!current) throw notFound(ownerNotFound(owner));
    await owner.setPhoto(tx, id, photoId);
    if (current.photo_id !== null && current.photo_id !== photoId) await markPhotoLetGo(tx, current.photo_id);
    await recordAudit(tx, staff, `${owner.kind}.photo`, `${owner.label} #${id}`, { old_photo_id: current.photo_id, new_photo_id: photoId });
  });
  await ctx.publicListChanged(owner.list);
}
