/**
 * The text a spreadsheet cell shows, as a reader would copy it: dates as YYYY-MM-DD (with the time
 * when there is one), numbers without float noise and with the decimals and percent sign of their
 * number format (no thousands separators or currency symbols, which only hinder parsing), formulas
 * as their cached result, rich text flattened, hyperlinks as their text, TRUE/FALSE, #N/A…
 */
import type { CellValue } from 'exceljs';

type Scalar = number | string | boolean | Date | { error: string } | null | undefined;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** exceljs builds dates from serials in UTC, so UTC fields give back what the sheet shows. */
export function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const seconds = date.getUTCSeconds();
  const clock = `${pad(hours)}:${pad(minutes)}${seconds === 0 ? '' : `:${pad(seconds)}`}`;
  // Serials below 1 are pure times of day (Excel's day 0 is 1899-12-30/31).
  if (date.getUTCFullYear() < 1900) return clock;
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return hours === 0 && minutes === 0 && seconds === 0 ? day : `${day} ${clock}`;
}

/** Shortest decimal text of a double after rounding away binary noise (0.1 + 0.2 → "0.3"). */
export function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

/**
 * The format section for positive numbers, reduced to its placeholders: quoted and escaped literals,
 * [colour]/[locale] tags, padding (_x), fill (*x), currency signs, spaces and brackets removed.
 */
function placeholders(format: string): string {
  const section = format.split(';')[0] ?? '';
  return section
    .replace(/"[^"]*"/g, '')
    .replace(/[\\_*]./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[$€£¥\s()+-]/g, '');
}

/** A plain numeric format: optional grouping, integer zeros, optional decimals, optional percent. */
const SIMPLE_NUMBER_FORMAT = /^[#,]*0+(?:\.([0#]+))?(%?)$/;

interface NumberStyle {
  minDecimals: number;
  maxDecimals: number;
  percent: boolean;
}

/**
 * Only simple numeric formats are applied. exceljs unescapes literals ("\\1\\.0#" reaches us as
 * "1.0#"), so anything unusual (fractions, dates, literal digits) shows the plain value instead of a
 * wrong rendering.
 */
function numberStyle(format: string | undefined): NumberStyle | undefined {
  if (!format || format.toLowerCase() === 'general' || format === '@') return undefined;
  const match = SIMPLE_NUMBER_FORMAT.exec(placeholders(format));
  if (!match) return undefined;
  const fraction = match[1] ?? '';
  return {
    minDecimals: fraction.replace(/#/g, '').length,
    maxDecimals: Math.min(fraction.length, 20),
    percent: match[2] === '%',
  };
}

/** Applies the decimals and percent of a simple number format; other formats show the plain value. */
export function formatNumber(value: number, format: string | undefined): string {
  const style = numberStyle(format);
  if (!style) return plainNumber(value);
  const scaled = style.percent ? value * 100 : value;
  let text = Number(scaled.toPrecision(15)).toFixed(style.maxDecimals);
  // Optional decimals (#) are dropped when they would be trailing zeros.
  for (let extra = style.maxDecimals - style.minDecimals; extra > 0 && text.endsWith('0'); extra--) {
    text = text.slice(0, -1);
  }
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (/^-0(\.0*)?$/.test(text)) text = text.slice(1);
  return style.percent ? `${text}%` : text;
}

function scalarText(value: Scalar, format: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value, format);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return formatDate(value);
  return typeof value.error === 'string' ? value.error : '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function richText(value: unknown): string | undefined {
  if (!isObject(value) || !Array.isArray(value.richText)) return undefined;
  return value.richText
    .map((run: unknown) => (isObject(run) && typeof run.text === 'string' ? run.text : ''))
    .join('');
}

/** Display text of a cell value given its number format. */
export function cellText(value: CellValue, format?: string): string {
  if (!isObject(value)) return scalarText(value as Scalar, format);
  const rich = richText(value);
  if (rich !== undefined) return rich;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    return isObject(result) && !('error' in result) ? '' : scalarText(result as Scalar, format);
  }
  if ('hyperlink' in value) {
    const text = value.text;
    return typeof text === 'string' ? text : (richText(text) ?? String(value.hyperlink ?? ''));
  }
  return scalarText(value as Scalar, format);
}
