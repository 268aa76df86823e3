/** Month names, folded (lower case, no accents), in English plus the languages our users write most. */
import { foldCase } from './text.ts';

const NAMES: readonly string[] = [
  // English: full names, three-letter and common longer abbreviations.
  'january jan',
  'february feb',
  'march mar',
  'april apr',
  'may',
  'june jun',
  'july jul',
  'august aug',
  'september sep sept',
  'october oct',
  'november nov',
  'december dec',
];

/**
 * French, German, Spanish, Italian, Portuguese, Dutch and Malay, one string per month. Abbreviations that
 * are also common words ("out", "set", "dis") are left out: a date needs a number each side anyway.
 */
const OTHER: readonly string[] = [
  'janvier janv januar janner jan enero ene gennaio janeiro januari',
  'fevrier fevr fev februar febrero febbraio fevereiro februari',
  'mars marz mrz maerz marzo marco maart mac',
  'avril avr abril abr aprile',
  'mai mayo maggio maio mei',
  'juin juni junio giugno junho jun',
  'juillet juil juli julio luglio julho julai',
  'aout agosto ago augustus ogos',
  'septembre settembre setiembre septiembre setembro',
  'octobre okt oktober octubre ottobre outubro',
  'novembre novembro noviembre',
  'decembre dezember dez diciembre dic dicembre dezembro desember disember',
];

const MONTHS = new Map<string, number>();
for (const list of [NAMES, OTHER]) {
  list.forEach((names, index) => {
    for (const name of names.split(' ')) MONTHS.set(foldCase(name), index + 1);
  });
}

/** 1–12 for a month name or abbreviation in any supported language (already folded), else 0. */
export function monthNumber(folded: string): number {
  return MONTHS.get(folded) ?? 0;
}
