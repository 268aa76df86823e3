/** Calendar arithmetic for the date parsers: validity, two-digit years and ISO formatting. */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Four-digit years only, so every result prints as YYYY-MM-DD. */
export function isValidDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return false;
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  return Number.isInteger(day) && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Two-digit years: 00–69 are 2000s, 70–99 are 1900s (the POSIX strptime pivot). */
export function expandYear(digits: string): number {
  const value = Number(digits);
  if (digits.length !== 2) return value;
  return value < 70 ? 2000 + value : 1900 + value;
}

export function dateOrNull(year: number, month: number, day: number): CalendarDate | null {
  return isValidDate(year, month, day) ? { year, month, day } : null;
}

export function toIsoDate(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export function pad(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
