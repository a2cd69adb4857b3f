import type { LiveEventType } from '../../../shared/live-events';
import type { PublicMenu } from '../../../shared/public-menu';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { EventHub } from '../events';
import type { PublicMenuSnapshot } from './public-menu.service';

/** One ready-to-send form of a restaurant's public menu. */
export interface MenuRepresentation {
  json: Buffer;
  gzip: Buffer;
  /** weak: the same tag names the plain and the gzip bytes */
  etag: string;
  /** the restaurant's name, for the page's <title> (menu-page.ts) */
  title: string;
}

interface Entry {
  builtAt: number;
  isOnline: boolean;
  base?: MenuRepresentation;
  snapshot: PublicMenuSnapshot;
  byTable: Map<string, MenuRepresentation>;
}

export interface PublicMenuCacheOptions {
  /**
   * How long an entry is trusted without an event. Changes made through this server invalidate at
   * once; this bounds how stale a menu can be after a change made elsewhere (another server
   * instance on the same PostgreSQL, a command-line tool). After it, the stale entry is still
   * served while one request rebuilds it.
   */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/** Event types that change what a customer sees. Orders and the like never touch the cache. */
/** Events that change what the public menu shows (items, the restaurant's name, on/off, table names). */
const MENU_EVENTS: ReadonlySet<LiveEventType> = new Set<LiveEventType>(['menu', 'settings.general', 'tables']);
const isMenuEvent = (type: LiveEventType) => MENU_EVENTS.has(type);

function represent(value: PublicMenu): MenuRepresentation {
  const json = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha1').update(json).digest('base64url').slice(0, 22);
  return { json, gzip: gzipSync(json, { level: 6 }), etag: `W/"${hash}"`, title: value.restaurantInfo.name };
}

/**
 * The public menu is read by every customer's phone every few seconds; it is built once per
 * change, serialised and gzipped once, and answered from memory (or with 304) in between.
 */
export class PublicMenuCache {
  private entries = new Map<string, Entry>();
  private building = new Map<string, Promise<Entry>>();
  private unsubscribers = new Map<string, () => void>();
  /** bumped by every invalidation, so a build that started before it is not kept */
  private generation = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly load: (restaurantId: string) => Promise<PublicMenuSnapshot>,
    private readonly hub: EventHub,
    private readonly options: PublicMenuCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The menu to send, or null when the restaurant's public menu is offline. Unknown ids throw. With
   * one of the restaurant's current table QR tokens, the table's variant: its name and whether
   * guests may order from it; any other token (a rotated one, a table id, a guess) gets the plain menu.
   */
  async get(restaurantId: string, tableToken?: string): Promise<MenuRepresentation | null> {
    const entry = await this.entry(restaurantId);
    if (!entry.isOnline || !entry.base || !entry.snapshot.isOnline) return null;
    const tableName = tableToken ? entry.snapshot.tables.get(tableToken) : undefined;
    if (!tableToken || tableName === undefined) return entry.base;
    let variant = entry.byTable.get(tableToken);
    if (!variant) {
      variant = represent({ ...entry.snapshot.menu, table: { name: tableName }, ordering: entry.snapshot.ordering });
      entry.byTable.set(tableToken, variant);
    }
    return variant;
  }

  invalidate(restaurantId: string) {
    this.entries.delete(restaurantId);
    // A build that is under way may have read the menu before the change: the next reader starts anew.
    this.building.delete(restaurantId);
    this.generation.set(restaurantId, (this.generation.get(restaurantId) ?? 0) + 1);
  }

  close() {
    for (const unsubscribe of this.unsubscribers.values()) unsubscribe();
    this.unsubscribers.clear();
    this.entries.clear();
  }

  private async entry(restaurantId: string): Promise<Entry> {
    const cached = this.entries.get(restaurantId);
    if (cached) {
      // Least recently used goes first when the cache is full.
      this.entries.delete(restaurantId);
      this.entries.set(restaurantId, cached);
      if (this.now() - cached.builtAt > this.options.ttlMs) void this.build(restaurantId).catch(() => {});
      return cached;
    }
    return this.build(restaurantId);
  }

  private build(restaurantId: string): Promise<Entry> {
    const running = this.building.get(restaurantId);
    if (running) return running;
    const generation = this.generation.get(restaurantId) ?? 0;
    const promise = this.load(restaurantId)
      .then((snapshot): Entry => {
        const entry: Entry = {
          builtAt: this.now(),
          isOnline: snapshot.isOnline,
          snapshot,
          byTable: new Map(),
          ...(snapshot.isOnline ? { base: represent(snapshot.menu) } : {}),
        };
        if ((this.generation.get(restaurantId) ?? 0) === generation) this.store(restaurantId, entry);
        return entry;
      })
      .finally(() => {
        if (this.building.get(restaurantId) === promise) this.building.delete(restaurantId);
      });
    this.building.set(restaurantId, promise);
    return promise;
  }

  private store(restaurantId: string, entry: Entry) {
    this.entries.set(restaurantId, entry);
    if (!this.unsubscribers.has(restaurantId)) {
      this.unsubscribers.set(
        restaurantId,
        this.hub.subscribe(restaurantId, (event) => {
          if (isMenuEvent(event.type)) this.invalidate(restaurantId);
        }),
      );
    }
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.unsubscribers.get(oldest)?.();
      this.unsubscribers.delete(oldest);
    }
  }
}

/** True when an If-None-Match header names this tag (weak comparison, as RFC 9110 says for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export const acceptsGzip = (header: string | undefined) => !!header && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?(?![\d.]))/i.test(header);
