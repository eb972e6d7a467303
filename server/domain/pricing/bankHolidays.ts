/**
 * Bank holidays in England and Wales, 2025–2027 (GOV.UK's list; 2027's dates follow the same rules: New Year's Day,
 * Good Friday, Easter Monday, the first and last Mondays of May, the last Monday of August, Christmas Day and Boxing
 * Day, with substitute weekdays when those fall at a weekend). `bankHolidays.test.ts` recomputes them from the rules.
 * Extend the list each year; a date beyond it is simply not a bank holiday to the engine.
 */
export const BANK_HOLIDAYS_ENGLAND_WALES: Readonly<Record<string, string>> = {
  '2025-01-01': "New Year's Day",
  '2025-04-18': 'Good Friday',
  '2025-04-21': 'Easter Monday',
  '2025-05-05': 'Early May bank holiday',
  '2025-05-26': 'Spring bank holiday',
  '2025-08-25': 'Summer bank holiday',
  '2025-12-25': 'Christmas Day',
  '2025-12-26': 'Boxing Day',
  '2026-01-01': "New Year's Day",
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-05-04': 'Early May bank holiday',
  '2026-05-25': 'Spring bank holiday',
  '2026-08-31': 'Summer bank holiday',
  '2026-12-25': 'Christmas Day',
  '2026-12-28': 'Boxing Day (substitute day)',
  '2027-01-01': "New Year's Day",
  '2027-03-26': 'Good Friday',
  '2027-03-29': 'Easter Monday',
  '2027-05-03': 'Early May bank holiday',
  '2027-05-31': 'Spring bank holiday',
  '2027-08-30': 'Summer bank holiday',
  '2027-12-27': 'Christmas Day (substitute day)',
  '2027-12-28': 'Boxing Day (substitute day)',
};

export const isBankHoliday = (date: string) => Object.hasOwn(BANK_HOLIDAYS_ENGLAND_WALES, date);
