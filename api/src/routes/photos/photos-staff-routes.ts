import multipart from '@fastify/multipart';
import { menuMessages, PHOTO_MAX_BYTES } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import { HttpError, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { oneFileUpload, readFilePart } from '../../lib/read-file-part';
import { watchUploadPace } from '../../lib/upload-pace';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import { lockMenuItem, setMenuItemPhoto } from '../../repositories/menu-repository';
import { claimPhotoByHash, insertPhoto, markPhotoLetGo } from '../../repositories/photos-repository';
import { lockPromo, setPromoPhoto } from '../../repositories/promos-repository';
import type { PublicList } from '../../services/change-notices';
import { makePhotoVariants, photoHash } from '../../services/photo-variants';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

/** Photos processed at once per replica: each takes a core for a second or two and up to ~200 MB while decoded. */
const PHOTOS_AT_ONCE = 1;
const PHOTO_TOO_SLOW = 'The photo upload was too slow to finish, so it was stopped. Please try again on a stronger connection (Wi-Fi), or with a smaller photo.';

const PHOTO_UPLOAD_MESSAGES = {
  tooLarge: menuMessages.photoTooLarge,
  broken: 'The upload was cut off or is not multipart/form-data. Please try again.',
  missing: menuMessages.photoMissing,
};
const idParams = (what: string) =>
  z.object({
    id: z.coerce
      .number({ error: `${what} not found.` })
      .int(`${what} not found.`)
      .positive(`${what} not found.`)
      .max(2 ** 31 - 1, `${what} not found.`),
  });

/** What a photo belongs to: a menu item or a promo, each shown on a public list. */
interface PhotoOwner {
  kind: 'menu-item' | 'promo';
  label: string;
  list: PublicList;
  lock: (db: Queryable, id: number) => Promise<{ photo_id: number | null } | null>;
  setPhoto: (db: Queryable, id: number, photoId: number | null) => Promise<boolean>;
}

const OWNERS: Record<'menu-items' | 'promos', PhotoOwner> = {
  'menu-items': { kind: 'menu-item', label: 'Menu item', list: 'menu', lock: lockMenuItem, setPhoto: setMenuItemPhoto },
  promos: { kind: 'promo', label: 'Promo', list: 'promos', lock: lockPromo, setPhoto: setPromoPhoto },
};

/**
 * Photos: staff upload one for a menu item or a promo (checked by content,
 * made into the sizes and formats the pages need, stored in the database so
 * every replica serves it); everyone reads the files (photos-public-routes.ts).
 */
export default async function photosStaffRoutes(app: FastifyInstance) {
  const processing = createConcurrencyLimit(PHOTOS_AT_ONCE);

  await app.register(async (uploads) => {
    await uploads.register(multipart, oneFileUpload(PHOTO_MAX_BYTES, 5));
    for (const [segment, owner] of Object.entries(OWNERS)) {
      uploads.post(`/api/staff/${segment}/:id/photo`, staffAccess(EVERY_STAFF), (request) => uploadPhoto(request, owner));
    }
  });

  for (const [segment, owner] of Object.entries(OWNERS)) {
    app.delete(`/api/staff/${segment}/:id/photo`, staffAccess(EVERY_STAFF), async (request) => {
      const staff = staffOf(request);
      const { id } = parseInput(idParams(owner.label), request.params);
      await setPhotoOf(owner, id, null, staff);
      return { success: true, message: 'The photo is removed; the page shows its usual picture.' };
    });
  }

  async function uploadPhoto(request: FastifyRequest, owner: PhotoOwner) {
    const staff = staffOf(request);
    const { id } = parseInput(idParams(owner.label), request.params);
    if (!(await owner.lock(app.db, id))) throw notFound(`${owner.label} not found.`);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the photo as multipart/form-data with the field "file".');
    // Uploads wait their turn with their bodies unread: a burst of them neither
    // fills the memory nor takes both cores from every other request.
    const release = await processing.acquire();
    // A trickling upload gives its turn up (a whole-body deadline and a minimum pace).
    const pace = watchUploadPace(request, PHOTO_TOO_SLOW);
    let photoId: number;
    try {
      if (request.raw.destroyed) throw new HttpError(400, menuMessages.photoMissing);
      const upload = await readFilePart(request, PHOTO_UPLOAD_MESSAGES, pace);
      pace.stop();
      photoId = await storePhoto(upload, staff);
    } finally {
      pace.stop();
      release();
    }
    await setPhotoOf(owner, id, photoId, staff);
    return { success: true, message: 'The photo is on the page.' };
  }

  /** Gives the owner its photo (null: none), with an audit entry, and tells every replica its public list changed. */
  async function setPhotoOf(owner: PhotoOwner, id: number, photoId: number | null, staff: Principal) {
    await app.db.transaction(async (tx) => {
      const current = await owner.lock(tx, id);
      if (!current) throw notFound(`${owner.label} not found.`);
      await owner.setPhoto(tx, id, photoId);
      if (current.photo_id !== null && current.photo_id !== photoId) await markPhotoLetGo(tx, current.photo_id);
      await recordAudit(tx, staff, `${owner.kind}.photo`, `${owner.label} #${id}`, { old_photo_id: current.photo_id, new_photo_id: photoId });
    });
    await app.publicListChanged(owner.list);
  }

  async function storePhoto(upload: Buffer, staff: Principal): Promise<number> {
    const known = await claimPhotoByHash(app.db, photoHash(upload));
    if (known) return known.id;
    const variants = await makePhotoVariants(upload);
    return app.db.transaction((tx) => insertPhoto(tx, variants, staff.email));
  }
}
