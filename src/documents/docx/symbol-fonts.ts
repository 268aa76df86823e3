/**
 * w:sym characters. Symbol and Wingdings glyphs are stored as private-use code points (F000 + the
 * font's byte), which render as boxes anywhere else: the common ones are mapped to real Unicode.
 */

const WINGDINGS: Record<number, string> = {
  108: '●',
  110: '■',
  111: '☐',
  113: '❑',
  120: '☒',
  159: '•',
  167: '▪',
  168: '☐',
  251: '☒',
  252: '✓',
  253: '☒',
  254: '☑',
  224: '→',
  232: '➔',
};

const SYMBOL_GREEK_UPPER = 'ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ';
const SYMBOL_GREEK_LOWER = 'αβχδεφγηιϕκλμνοπθρστυϖωξψζ';

const SYMBOL: Record<number, string> = {
  183: '•',
  176: '°',
  177: '±',
  180: '×',
  184: '÷',
  163: '≤',
  179: '≥',
  185: '≠',
  187: '≈',
  174: '→',
  172: '←',
  165: '∞',
  214: '√',
  229: '∑',
  213: '∏',
  242: '∫',
  182: '∂',
  215: '·',
};

function symbolFont(byte: number): string | undefined {
  if (byte >= 0x41 && byte <= 0x5a) return SYMBOL_GREEK_UPPER[byte - 0x41];
  if (byte >= 0x61 && byte <= 0x7a) return SYMBOL_GREEK_LOWER[byte - 0x61];
  return SYMBOL[byte];
}

/** The text shown for a w:sym element (font name and hexadecimal character code). */
export function symbolText(font: string | undefined, hex: string | undefined): string {
  const code = Number.parseInt(hex ?? '', 16);
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return '';
  const byte = code >= 0xf000 && code <= 0xf0ff ? code - 0xf000 : code;
  const name = (font ?? '').toLowerCase();
  if (name.startsWith('wingdings')) return WINGDINGS[byte] ?? '';
  if (name === 'symbol')
    return symbolFont(byte) ?? (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '');
  return code >= 0xf000 && code <= 0xf0ff ? '' : String.fromCodePoint(code);
}
