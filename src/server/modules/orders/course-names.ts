import { sameCourse } from '../../../shared/restaurant-settings';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { getRestaurantSettings } from '../settings';

/** Servis sırası's messages (courses.ts). */
export const COURSE_MESSAGES = {
  unknownCourse: (name: string) => `"${name}" Ayarlar'daki servis sıralarında yok`,
  nothingHeld: (name: string) => `Bu adisyonda bekleyen "${name}" yok; zaten başlatılmış olabilir`,
} as const;

/**
 * The course as Ayarlar spells it, or 400: a line is put only in a course the restaurant has, so
 * the kitchen and the waiter read the same names.
 */
export async function knownCourse(c: CommandContext, name: string): Promise<string> {
  return (await knownCourses(c, [name]))[0];
}

/** Several names at once: Ayarlar is read once (queries of one transaction run one after another). */
export async function knownCourses(c: CommandContext, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { courses } = (await getRestaurantSettings(c.tx, c.restaurantId)).value;
  return names.map((name) => {
    const found = courses.find((course) => sameCourse(course, name));
    if (!found) throw new HttpError(400, COURSE_MESSAGES.unknownCourse(name));
    return found;
  });
}

