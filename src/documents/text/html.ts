/**
 * HTML to text blocks and tables, enough to read an exported invoice or report: tags stripped,
 * block elements break lines, scripts and styles dropped, tables kept as rows of cells.
 */
export interface HtmlContent {
  lines: string[];
  tables: string[][][];
}

const BLOCK =
  /^(p|div|br|li|ul|ol|h[1-6]|tr|table|section|article|header|footer|blockquote|pre|hr|dt|dd|title)$/;

export function readHtml(html: string): HtmlContent {
  const lines: string[] = [];
  const tables: string[][][] = [];
  const stack: { rows: string[][]; row: string[] | null; cell: string | null }[] = [];
  let text = '';
  const flush = () => {
    for (const l of decodeEntities(text).split('\n')) {
      const t = l.replace(/[ \t\u00a0]+/g, ' ').trim();
      if (t) lines.push(t);
    }
    text = '';
  };
  const source = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  const tag = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;
  let last = 0;
  for (let m = tag.exec(source); m; m = tag.exec(source)) {
    const chunk = source.slice(last, m.index);
    last = tag.lastIndex;
    const table = stack.at(-1);
    if (table?.cell != null) table.cell += chunk;
    else text += chunk;
    const name = m[1]!.toLowerCase();
    const closing = m[0][1] === '/';
    if (name === 'table') {
      if (!closing) {
        flush();
        stack.push({ rows: [], row: null, cell: null });
      } else if (stack.length > 0) {
        const done = stack.pop()!;
        closeCell(done);
        if (done.row) done.rows.push(done.row);
        if (done.rows.length > 0) {
          tables.push(done.rows);
          for (const r of done.rows) lines.push(r.join('\t'));
        }
      }
    } else if (table && (name === 'td' || name === 'th')) {
      closeCell(table);
      if (!closing) {
        table.row ??= [];
        table.cell = '';
      }
    } else if (table && name === 'tr') {
      closeCell(table);
      if (table.row) table.rows.push(table.row);
      table.row = closing ? null : [];
    } else if (BLOCK.test(name)) {
      if (table?.cell != null) table.cell += ' ';
      else text += '\n';
    }
  }
  text += source.slice(last);
  flush();
  return { lines, tables };
}

function closeCell(table: { row: string[] | null; cell: string | null }): void {
  if (table.cell == null) return;
  table.row ??= [];
  table.row.push(decodeEntities(table.cell).replace(/\s+/g, ' ').trim());
  table.cell = null;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  euro: '€',
  pound: '£',
  yen: '¥',
  copy: '©',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED[e.toLowerCase()] ?? all;
  });
}
