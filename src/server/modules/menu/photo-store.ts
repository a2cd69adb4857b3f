import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type PhotoKind = 'jpg' | 'png' | 'webp';
export const PHOTO_MIME: Record<PhotoKind, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** Stored names are ours alone: a UUID and the sniffed type. Anything else is never served. */
export const PHOTO_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** The image type by the file's first bytes; the name and the declared type are not trusted. */
export function sniffImage(bytes: Buffer): PhotoKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Item photos as files under DATA_DIR/uploads, named at random so a URL can be cached forever. */
export class PhotoStore {
  constructor(readonly dir: string) {}

  pathOf(name: string): string {
    if (!PHOTO_NAME.test(name)) throw new Error(`not a photo name: ${name}`);
    return path.join(this.dir, name);
  }

  async save(bytes: Buffer, kind: PhotoKind): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomUUID()}.${kind}`;
    // Written aside and renamed: a reader never sees half a file.
    const partial = path.join(this.dir, `.${name}.part`);
    await writeFile(partial, bytes);
    await rename(partial, this.pathOf(name));
    return name;
  }

  async copy(name: string): Promise<string> {
    const copy = `${randomUUID()}.${name.split('.').pop()}`;
    await copyFile(this.pathOf(name), this.pathOf(copy));
    return copy;
  }

  /** Best effort: a photo left behind is only disk space, a failed change would be worse. */
  async remove(name: string | null | undefined): Promise<void> {
    if (!name || !PHOTO_NAME.test(name)) return;
    await unlink(this.pathOf(name)).catch(() => {});
  }
}
