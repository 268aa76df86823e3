/**
 * Bytes to a string: UTF-8 (with or without BOM), UTF-16 with BOM, else Latin-1 (windows-1252, its
 * superset in practice). Returns null when the bytes do not look like text at all.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return textLike(new TextDecoder('utf-16le').decode(bytes.subarray(2)));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return textLike(new TextDecoder('utf-16be').decode(bytes.subarray(2)));
  if (bytes.includes(0)) return null;
  return utf8(bytes) ?? textLike(new TextDecoder('windows-1252').decode(bytes));
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return textLike(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
}

/** Binary formats decoded as text are full of control characters; real text has almost none. */
function textLike(text: string): string | null {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0x7f || c === 0xfffd) control++;
  }
  return control <= Math.max(2, text.length * 0.01) ? text : null;
}
