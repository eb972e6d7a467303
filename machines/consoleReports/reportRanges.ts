/**
 * The reports page's date presets (London days, inclusive): today, this week (Monday to today), last week (Monday to
 * Sunday), this month (the 1st to today), last month, or a custom range. Each is compared by the server with the
 * period of equal length just before it.
 */
export const REPORT_PRESETS = ['today', 'this_week', 'last_week', 'this_month', 'last_month', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  today: 'Today',
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom range',
};

export interface DayRange {
  from: string;
  to: string;
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
export const plusDays = (date: string, days: number) => iso(new Date(utc(date).getTime() + days * 86_400_000));

/** The range of a preset on `today` (a London date); custom keeps `custom`. */
export function presetRange(preset: ReportPreset, today: string, custom: DayRange): DayRange {
  const weekday = (utc(today).getUTCDay() + 6) % 7; // Monday 0
  const monday = plusDays(today, -weekday);
  const first = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'this_week':
      return { from: monday, to: today };
    case 'last_week':
      return { from: plusDays(monday, -7), to: plusDays(monday, -1) };
    case 'this_month':
      return { from: first, to: today };
    case 'last_month': {
      const end = plusDays(first, -1);
      return { from: `${end.slice(0, 7)}-01`, to: end };
    }
    case 'custom':
      return custom;
  }
}
