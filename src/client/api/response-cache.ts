/**
 * Remembers GET responses that carry an ETag, so a repeated read costs a 304 instead of the body.
 * Bounded by bytes (the connection settings' cacheSizeBytes; -1 = unlimited), least recently used
 * entries leave first.
 */
export interface CachedResponse {
  etag: string;
  body: string;
}

export class ResponseCache {
  private entries = new Map<string, CachedResponse>();
  private bytes = 0;
  constructor(private maxBytes: number) {}

  private static size(key: string, entry: CachedResponse) {
    return (key.length + entry.etag.length + entry.body.length) * 2; // UTF-16
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    this.delete(key);
    const size = ResponseCache.size(key, entry);
    if (this.maxBytes !== -1 && size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    while (this.maxBytes !== -1 && this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= ResponseCache.size(key, entry);
    this.entries.delete(key);
  }

  get totalBytes() {
    return this.bytes;
  }
}
