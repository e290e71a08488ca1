import multipart from '@fastify/multipart';
import { menuMessages, PHOTO_MAX_BYTES } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { oneFileUpload, readFilePart } from '../../lib/read-file-part';
import { rowIdParams } from '../../lib/row-id-params';
import { watchUploadPace } from '../../lib/upload-pace';
import { checkPhotoOwner, ownerNotFound, PHOTO_OWNERS, setPhotoOf, storePhoto, type PhotoOwner } from '../../services/photos/photos-service';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

/** Photos processed at once per replica: each takes a core for a second or two and up to ~200 MB while decoded. */
const PHOTOS_AT_ONCE = 1;
const PHOTO_TOO_SLOW = 'The photo upload was too slow to finish, so it was stopped. Please try again on a stronger connection (Wi-Fi), or with a smaller photo.';

const PHOTO_UPLOAD_MESSAGES = {
  tooLarge: menuMessages.photoTooLarge,
  broken: 'The upload was cut off or is not multipart/form-data. Please try again.',
  missing: menuMessages.photoMissing,
};
const idParams = (owner: PhotoOwner) => rowIdParams(ownerNotFound(owner));

/**
 * Photos: staff upload one for a menu item or a promo (checked by content,
 * made into the sizes and formats the pages need, stored in the database so
 * every replica serves it); everyone reads the files (photos-public-routes.ts).
 */
export default async function photosStaffRoutes(app: FastifyInstance) {
  const processing = createConcurrencyLimit(PHOTOS_AT_ONCE);

  await app.register(async (uploads) => {
    await uploads.register(multipart, oneFileUpload(PHOTO_MAX_BYTES, 5));
    for (const [segment, owner] of Object.entries(PHOTO_OWNERS)) {
      uploads.post(`/api/staff/${segment}/:id/photo`, staffAccess(EVERY_STAFF), (request) => uploadPhoto(request, owner));
    }
  });

  for (const [segment, owner] of Object.entries(PHOTO_OWNERS)) {
    app.delete(`/api/staff/${segment}/:id/photo`, staffAccess(EVERY_STAFF), async (request) => {
      const staff = staffOf(request);
      const { id } = parseInput(idParams(owner), request.params);
      await setPhotoOf(app, owner, id, null, staff);
      return { success: true, message: 'The photo is removed; the page shows its usual picture.' };
    });
  }

  async function uploadPhoto(request: FastifyRequest, owner: PhotoOwner) {
    const staff = staffOf(request);
    const { id } = parseInput(idParams(owner), request.params);
    await checkPhotoOwner(app, owner, id);
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
      photoId = await storePhoto(app, upload, staff);
    } finally {
      pace.stop();
      release();
    }
    await setPhotoOf(app, owner, id, photoId, staff);
    return { success: true, message: 'The photo is on the page.' };
  }
}
