import { useEffect, useRef, useState } from 'react';
import type { KitchenOrder } from '../../../shared/kitchen-contract';
import type { UserPreferences } from '../../../shared/staff-contract';
import { playChime } from '../../components/chime';
import { acknowledgeBatches } from './api/kitchen-mutations';
import { cardKey, firedCourses } from './kitchen-board';

const FLASH_MS = 4000;
/** the API's limit per request */
const ACK_CHUNK = 500;

/**
 * New cards on the board, and a course the waiter just fired on a card ("Ana yemek başladı"): a
 * chime (the cook's sound and volume) and a flash, never for what was there when the screen opened. Every card shown is acknowledged to the server once, so
 * the waiter is not alerted that the kitchen did not receive it. The remembered ids are pruned to
 * what is on the board: a screen left on all night holds no more than it shows.
 */
export function useKitchenArrivals(cards: readonly KitchenOrder[] | undefined, station: string, prefs: UserPreferences) {
  const known = useRef<Set<string> | null>(null);
  const acknowledged = useRef(new Set<string>());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;

  useEffect(() => {
    if (!cards) return;
    // a fired course counts as an arrival of its card: "<card>|<course>"
    const keys = new Set(cards.flatMap((c) => [cardKey(c), ...firedCourses(c.lines).map((course) => `${cardKey(c)}|${course}`)]));
    const previous = known.current;
    known.current = keys;
    const added = previous ? [...keys].filter((k) => !previous.has(k)) : [];
    if (added.length > 0) {
      if (prefsRef.current.soundEnabled) playChime(prefsRef.current.volume);
      setFresh(new Set(added.map((k) => k.split('|')[0])));
    }

    const batchIds = new Set(cards.map((c) => c.batchId));
    for (const id of acknowledged.current) if (!batchIds.has(id)) acknowledged.current.delete(id);
    const toAck = [...batchIds].filter((id) => !acknowledged.current.has(id));
    if (toAck.length > 0) {
      for (let i = 0; i < toAck.length; i += ACK_CHUNK) {
        const chunk = toAck.slice(i, i + ACK_CHUNK);
        chunk.forEach((id) => acknowledged.current.add(id));
        // Not acknowledged after all: the next refresh tries again.
        acknowledgeBatches(chunk, station).catch(() => chunk.forEach((id) => acknowledged.current.delete(id)));
      }
    }
  }, [cards, station]);

  useEffect(() => {
    if (fresh.size === 0) return;
    const timer = setTimeout(() => setFresh(new Set()), FLASH_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  return fresh;
}
