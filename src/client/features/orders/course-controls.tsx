import { Button, Chip, Group } from '@mantine/core';
import { DEFAULT_COURSES } from '../../../shared/restaurant-settings';
import type { Ticket, TicketLine } from '../../../shared/ticket-contract';
import { useGeneralSettings } from '../settings/api';
import { ChoiceSelect } from '../../components/choice-select';
import classes from './orders.module.css';

/*
 * Servis sırası ("hold and fire"): a line names a course; Mutfağa Gönder may hold some courses (the
 * kitchen sees them as "Bekliyor"), and "<Course> başlat" fires them when the table is ready.
 */

/** The restaurant's courses (Ayarlar), in serving order; the defaults until they load. */
export function useCourses(): readonly string[] {
  return useGeneralSettings((s) => s.courses).data ?? DEFAULT_COURSES;
}

/** A line the kitchen sees but must not cook until its course is fired. */
export const isHeldLine = (l: Pick<TicketLine, 'isHeld' | 'status'>) => l.isHeld && l.status === 'sent';

/** The courses that the pending lines name, in Ayarlar's order (unknown names last): what may be held. */
export function holdableCourses(t: Ticket, courses: readonly string[]): string[] {
  const named = new Set(t.lines.filter((l) => l.status === 'pending' && l.course).map((l) => l.course!));
  const order = (c: string) => (courses.includes(c) ? courses.indexOf(c) : courses.length);
  return [...named].sort((a, b) => order(a) - order(b));
}

/** Held courses of the ticket, in Ayarlar's order: each gets a "<Course> başlat" button. */
export function heldCourses(t: Ticket, courses: readonly string[]): string[] {
  const held = new Set(t.lines.filter((l) => isHeldLine(l) && l.course).map((l) => l.course!));
  const order = (c: string) => (courses.includes(c) ? courses.indexOf(c) : courses.length);
  return [...held].sort((a, b) => order(a) - order(b));
}

/** The course of a pending line: the phone's own picker on touch screens. */
export function LineCourseSelect({ line, courses, onChange }: { line: TicketLine; courses: readonly string[]; onChange(course: string | null): void }) {
  // a course since removed from Ayarlar still shows on the line that has it
  const names = line.course && !courses.includes(line.course) ? [...courses, line.course] : courses;
  return (
    <ChoiceSelect
      label="Servis sırası"
      size="sm"
      className={classes.courseSelect}
      data={names.map((c) => ({ value: c, label: c }))}
      emptyLabel="Sırasız (ilk gönderimle)"
      value={line.course}
      onChange={(v) => v !== (line.course ?? '') && onChange(v || null)}
    />
  );
}

/**
 * Above Mutfağa Gönder: "Ana yemek beklet" for each course among the unsent lines, and
 * "Ana yemek başlat" for each held one. Nothing when the ticket uses no course.
 */
export function CourseBar({
  holdable,
  held,
  hold,
  onHoldChange,
  onFire,
  busy,
}: {
  holdable: readonly string[];
  held: readonly string[];
  hold: readonly string[];
  onHoldChange(courses: string[]): void;
  onFire(course: string): void;
  busy: boolean;
}) {
  if (holdable.length === 0 && held.length === 0) return null;
  return (
    <div className={classes.courseBar} data-testid="course-bar">
      {holdable.length > 0 && (
        <Chip.Group multiple value={[...hold]} onChange={onHoldChange}>
          <Group gap={6} role="group" aria-label="Gönderirken beklet">
            {holdable.map((c) => (
              <Chip key={c} value={c} size="md" classNames={{ label: classes.courseChip }}>
                {c} beklet
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {held.map((c) => (
        <Button key={c} color="orange" variant="filled" className={classes.fireButton} onClick={() => onFire(c)} disabled={busy} data-testid="fire-course">
          {c} başlat
        </Button>
      ))}
    </div>
  );
}

/** "Ana yemek · Bekliyor (başlatılmadı)": a line's course and hold, in words. */
export function lineCourseText(l: TicketLine): string | null {
  if (!l.course) return null;
  if (isHeldLine(l)) return `${l.course} · bekletiliyor, başlatılmadı`;
  return l.course;
}
