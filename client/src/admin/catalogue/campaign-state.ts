/** Today's date in Japan (rally periods are JST dates, both ends included). */
export function todayJst(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
}

export type RallyState = 'running' | 'upcoming' | 'ended';
export function rallyState(c: { startsOn: string; endsOn: string }, today = todayJst()): RallyState {
  if (today < c.startsOn) return 'upcoming';
  if (today > c.endsOn) return 'ended';
  return 'running';
}

/** Whether two periods of JST dates (ends included) share a day. */
export const overlaps = (a: { startsOn: string; endsOn: string }, b: { startsOn: string; endsOn: string }): boolean =>
  a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
