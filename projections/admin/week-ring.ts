import { sql, type RawBuilder } from 'kysely';

/**
 * A user's finished lookups over their last seven UTC days, kept on their counter row so that the
 * 7-day figures over every user read one row each instead of joining a week of per-day rows.
 *
 * Day d sits in slot d mod 7 (days counted from 1970-01-01), so seven days in a row take seven
 * different slots, and a day overwrites only the day a week before it. A slot holds its day and
 * that day's count; an older day arriving for a slot that holds a newer one changes nothing, as it
 * lies a week or more before every day the slot could be asked about.
 */
export const WEEK_SLOTS = 7;

/** The day ('YYYY-MM-DD') each slot holds, '' while it holds none, and that day's count. */
export interface WeekRing {
  days: string[];
  counts: number[];
}

const DAY = 86_400_000;

export const slotOf = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY) % WEEK_SLOTS;

/** A ring holding only `count` lookups on `day`. */
export function ringOf(day: string, count: number): WeekRing {
  const ring = { days: Array<string>(WEEK_SLOTS).fill(''), counts: Array<number>(WEEK_SLOTS).fill(0) };
  const slot = slotOf(day);
  ring.days[slot] = day;
  ring.counts[slot] = count;
  return ring;
}

/** Both rings' lookups, slot by slot: the same day's counts add up, a newer day replaces an older. */
export function mergeRings(a: WeekRing, b: WeekRing): WeekRing {
  const merged: WeekRing = { days: [], counts: [] };
  for (let i = 0; i < WEEK_SLOTS; i++) {
    const [dayA, dayB] = [a.days[i]!, b.days[i]!];
    merged.days.push(dayA >= dayB ? dayA : dayB);
    merged.counts.push(
      dayA === dayB ? a.counts[i]! + b.counts[i]! : dayA > dayB ? a.counts[i]! : b.counts[i]!,
    );
  }
  return merged;
}

/** The lookups a ring holds from `firstDay` on. */
export const weekTotal = (ring: WeekRing, firstDay: string) =>
  ring.days.reduce((n, day, i) => (day !== '' && day >= firstDay ? n + ring.counts[i]! : n), 0);

const slots = Array.from({ length: WEEK_SLOTS }, (_, i) => sql.lit(i + 1));

/**
 * `mergeRings` as an upsert's SET clause over the columns `days` and `counts` of `table`: both
 * expressions read the row as it was and the row the statement brings (`excluded`).
 */
export function mergeRingsSql(table: string, days: string, counts: string) {
  const [keptDays, keptCounts] = [sql.ref(`${table}.${days}`), sql.ref(`${table}.${counts}`)];
  const [addedDays, addedCounts] = [sql.ref(`excluded.${days}`), sql.ref(`excluded.${counts}`)];
  return [
    sql`${sql.ref(days)} = ARRAY[${sql.join(slots.map((i) => sql`greatest(${keptDays}[${i}], ${addedDays}[${i}])`))}]`,
    sql`${sql.ref(counts)} = ARRAY[${sql.join(
      slots.map(
        (
          i,
        ) => sql`CASE WHEN ${addedDays}[${i}] = ${keptDays}[${i}] THEN ${keptCounts}[${i}] + ${addedCounts}[${i}]
                        WHEN ${addedDays}[${i}] > ${keptDays}[${i}] THEN ${addedCounts}[${i}]
                        ELSE ${keptCounts}[${i}] END`,
      ),
    )}]::integer[]`,
  ];
}

/** `weekTotal` in SQL, over the columns `days` and `counts` of the row `of`. */
export function weekTotalSql(of: string, days: string, counts: string, firstDay: string): RawBuilder<number> {
  const [d, c] = [sql.ref(`${of}.${days}`), sql.ref(`${of}.${counts}`)];
  return sql<number>`(${sql.join(
    slots.map((i) => sql`CASE WHEN ${d}[${i}] >= ${firstDay} THEN ${c}[${i}] ELSE 0 END`),
    sql` + `,
  )})`;
}
