/**
 * List labels from numbering.xml ("1.", "a)", "2.1", or "-" for bullets), with Word's counting:
 * a level restarts when a shallower level advances, and numbering instances of one abstract list
 * continue each other unless they override their start.
 */
import { childElements, firstChild, type XmlElement } from './xml.ts';

interface LevelFormat {
  start: number;
  format: string;
  text: string;
  legal: boolean;
}

interface NumberingInstance {
  abstractId: string;
  overrides: Map<number, Partial<LevelFormat>>;
  restarts: boolean;
}

export interface ListNumbering {
  /** The label of the next paragraph at this numId/level, advancing the counters; '' when none. */
  next(numId: string, level: number): string;
}

const MAX_LEVEL = 8;

function val(element: XmlElement | undefined): string | undefined {
  return element?.attrs['w:val'];
}

function readLevel(lvl: XmlElement): Partial<LevelFormat> {
  const start = val(firstChild(lvl, 'w:start'));
  const format = val(firstChild(lvl, 'w:numFmt'));
  const text = val(firstChild(lvl, 'w:lvlText'));
  const legal = firstChild(lvl, 'w:isLgl');
  return {
    ...(start === undefined ? {} : { start: Number.parseInt(start, 10) || 0 }),
    ...(format === undefined ? {} : { format }),
    ...(text === undefined ? {} : { text }),
    ...(legal === undefined ? {} : { legal: val(legal) !== '0' && val(legal) !== 'false' }),
  };
}

function readLevels(parent: XmlElement): Map<number, Partial<LevelFormat>> {
  const levels = new Map<number, Partial<LevelFormat>>();
  for (const lvl of childElements(parent, 'w:lvl')) {
    levels.set(Number.parseInt(lvl.attrs['w:ilvl'] ?? '0', 10) || 0, readLevel(lvl));
  }
  return levels;
}

function readOverrides(num: XmlElement): Map<number, Partial<LevelFormat>> {
  const overrides = new Map<number, Partial<LevelFormat>>();
  for (const override of childElements(num, 'w:lvlOverride')) {
    const level = Number.parseInt(override.attrs['w:ilvl'] ?? '0', 10) || 0;
    const lvl = firstChild(override, 'w:lvl');
    const start = val(firstChild(override, 'w:startOverride'));
    overrides.set(level, {
      ...(lvl ? readLevel(lvl) : {}),
      ...(start === undefined ? {} : { start: Number.parseInt(start, 10) || 0 }),
    });
  }
  return overrides;
}

const ROMAN: [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

function roman(value: number): string {
  let rest = value;
  let out = '';
  for (const [size, digits] of ROMAN) {
    while (rest >= size) {
      out += digits;
      rest -= size;
    }
  }
  return out;
}

/** Word's letter numbering repeats the letter past z: a … z, aa … zz. */
function letters(value: number): string {
  if (value < 1) return String(value);
  const letter = String.fromCharCode(97 + ((value - 1) % 26));
  return letter.repeat(Math.floor((value - 1) / 26) + 1);
}

export function formatNumber(value: number, format: string): string {
  switch (format) {
    case 'lowerRoman':
      return roman(value);
    case 'upperRoman':
      return roman(value).toUpperCase();
    case 'lowerLetter':
      return letters(value);
    case 'upperLetter':
      return letters(value).toUpperCase();
    case 'decimalZero':
      return value < 10 ? `0${value}` : String(value);
    default:
      return String(value);
  }
}

class Numbering implements ListNumbering {
  readonly abstracts = new Map<string, Map<number, Partial<LevelFormat>>>();
  readonly instances = new Map<string, NumberingInstance>();
  readonly counters = new Map<string, (number | undefined)[]>();

  level(instance: NumberingInstance, level: number): LevelFormat {
    const base = this.abstracts.get(instance.abstractId)?.get(level) ?? {};
    const override = instance.overrides.get(level) ?? {};
    return { start: 1, format: 'decimal', text: '', legal: false, ...base, ...override };
  }

  next(numId: string, rawLevel: number): string {
    const instance = this.instances.get(numId);
    if (!instance) return '';
    const level = Math.max(0, Math.min(rawLevel, MAX_LEVEL));
    const key = instance.restarts ? `num:${numId}` : `abstract:${instance.abstractId}`;
    const counters = this.counters.get(key) ?? [];
    this.counters.set(key, counters);
    const current = counters[level];
    counters[level] = current === undefined ? this.level(instance, level).start : current + 1;
    counters.fill(undefined, level + 1);
    return this.label(instance, level, counters);
  }

  label(instance: NumberingInstance, level: number, counters: (number | undefined)[]): string {
    const format = this.level(instance, level);
    if (format.format === 'none') return '';
    if (format.format === 'bullet') return '-';
    return format.text.replace(/%([1-9])/g, (_, digit: string) => {
      const index = Number(digit) - 1;
      const shown = this.level(instance, index);
      const value = counters[index] ?? shown.start;
      return formatNumber(value, format.legal ? 'decimal' : shown.format);
    });
  }
}

/** Reads numbering.xml; absent → every list paragraph gets no label. */
export function readNumbering(root: XmlElement | undefined): ListNumbering {
  const numbering = new Numbering();
  if (!root) return numbering;
  for (const abstract of childElements(root, 'w:abstractNum')) {
    numbering.abstracts.set(abstract.attrs['w:abstractNumId'] ?? '', readLevels(abstract));
  }
  for (const num of childElements(root, 'w:num')) {
    const overrides = readOverrides(num);
    numbering.instances.set(num.attrs['w:numId'] ?? '', {
      abstractId: val(firstChild(num, 'w:abstractNumId')) ?? '',
      overrides,
      restarts: [...overrides.values()].some((override) => override.start !== undefined),
    });
  }
  return numbering;
}
