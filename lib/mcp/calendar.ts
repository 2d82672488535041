import { z } from "zod";

// The demo's deployment calendar: a fixed pattern of free hours, so every test and every run sees
// the same windows for the same week.

/** A Monday, as `YYYY-MM-DD`; the tools answer for the week it starts. */
export const weekOfSchema = z.iso
  .date()
  .refine((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 1, {
    message: "weekOf must be a Monday",
  });

/** The week the demo offers when none is named. */
export const DEMO_WEEK = "2026-12-07";

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"] as const;
const HOURS = [9, 13, 16] as const;
const DAY_MS = 86_400_000;

export type DeploymentWindow = { id: string; start: string; end: string; label: string };

/** The week's free one-hour windows, Monday to Friday: each third hour is taken, shifted by the week. */
export function freeWindows(weekOf: string): DeploymentWindow[] {
  const monday = Date.parse(`${weekOf}T00:00:00Z`);
  const weekNumber = Math.floor(monday / (7 * DAY_MS));
  return DAYS.flatMap((day, dayIndex) =>
    HOURS.flatMap((hour, hourIndex) => {
      if ((dayIndex * HOURS.length + hourIndex + weekNumber) % 3 === 0) return [];
      const start = new Date(monday + dayIndex * DAY_MS + hour * 3_600_000);
      const end = new Date(start.getTime() + 3_600_000);
      const date = start.toISOString().slice(0, 10);
      return [
        {
          id: `${date}T${String(hour).padStart(2, "0")}`,
          start: start.toISOString(),
          end: end.toISOString(),
          label: `${day} ${start.getUTCDate()} ${MONTHS[start.getUTCMonth()]}, ${hour}:00–${hour + 1}:00 UTC`,
        },
      ];
    }),
  );
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The Monday a week later or earlier. */
export function shiftWeek(weekOf: string, weeks: number): string {
  return new Date(Date.parse(`${weekOf}T00:00:00Z`) + weeks * 7 * DAY_MS)
    .toISOString()
    .slice(0, 10);
}
