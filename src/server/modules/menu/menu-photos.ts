import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../../shared/ids';
import { PHOTO_MAX_BYTES } from '../../../shared/menu-contract';
import type { Db } from '../../db/client';
import { menuItems } from '../../db/schema';
import { HttpError } from '../../errors';
import { MENU_MESSAGES } from './menu-messages';
import { sniffImage, type PhotoKind, type PhotoStore } from './photo-store';

/**
 * Photo files live beside the database, not in it, so a command that points an item at a file is
 * wrapped: the new file is written before the command and removed again if it fails; the file it
 * replaced is removed only after the commit.
 */
export async function withNewPhoto<T extends object>(photos: PhotoStore, saved: string | null, run: (photoPath: string | null) => Promise<T>): Promise<T> {
  try {
    const result = await run(saved);
    // Commands that replace or delete a photo answer the file they let go of.
    const previous = (result as { previousPhoto?: string | null }).previousPhoto;
    if (previous !== saved) await photos.remove(previous);
    return result;
  } catch (err) {
    await photos.remove(saved);
    throw err;
  }
}

/** A copy of an item's photo file for its duplicate; null when it has none (or is not this restaurant's). */
export async function copyItemPhoto(db: Db, photos: PhotoStore, restaurantId: string, itemId: string): Promise<string | null> {
  const [row] = isUuid(itemId)
    ? await db.select({ photoPath: menuItems.photoPath }).from(menuItems).where(and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, restaurantId)))
    : [];
  return row?.photoPath ? photos.copy(row.photoPath).catch(() => null) : null;
}

/** Reads the one uploaded file and checks its size and real type; nothing is stored yet. */
export async function readPhoto(request: FastifyRequest): Promise<{ bytes: Buffer; kind: PhotoKind }> {
  let bytes: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5 } });
    if (!file) throw new HttpError(400, MENU_MESSAGES.photoMissing);
    bytes = await file.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MENU_MESSAGES.photoTooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, MENU_MESSAGES.photoNotMultipart);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, MENU_MESSAGES.photoMissing);
    }
    // Everything else here is the multipart parser (busboy) failing on the body itself: no
    // boundary, a truncated or garbage body. Its English messages are not for the user, and the
    // request's fault is not the server's.
    request.log.info({ err }, 'unreadable photo upload');
    throw new HttpError(400, MENU_MESSAGES.photoBroken);
  }
  if (bytes.length === 0) throw new HttpError(400, MENU_MESSAGES.photoMissing);
  const kind = sniffImage(bytes);
  if (!kind) throw new HttpError(415, MENU_MESSAGES.photoWrongType);
  return { bytes, kind };
}
