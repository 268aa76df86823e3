/**
 * HTML to text blocks and tables, enough to read an exported invoice or report: block elements break
 * lines, scripts, styles and the head dropped, tables kept as rows of cells. htmlparser2 does the
 * tokenising (comments, raw-text elements, entities, tags a browser closes by implication).
 */
import { Parser } from 'htmlparser2';

export interface HtmlContent {
  lines: string[];
  tables: string[][][];
}

const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'hr',
  'dt',
  'dd',
  'title',
]);
/** Elements whose text is not the document's. */
const UNREAD = new Set(['script', 'style', 'head']);

interface OpenTable {
  rows: string[][];
  row: string[] | null;
  cell: string | null;
}

export function readHtml(html: string): HtmlContent {
  const lines: string[] = [];
  const tables: string[][][] = [];
  const stack: OpenTable[] = [];
  let text = '';
  let unread = 0;
  const flush = () => {
    for (const l of text.split('\n')) {
      const t = l.replace(/[ \t\u00a0]+/g, ' ').trim();
      if (t) lines.push(t);
    }
    text = '';
  };
  const tag = (name: string, closing: boolean) => {
    const table = stack.at(-1);
    if (name === 'table') {
      if (!closing) {
        flush();
        stack.push({ rows: [], row: null, cell: null });
      } else if (table) {
        stack.pop();
        closeCell(table);
        if (table.row) table.rows.push(table.row);
        if (table.rows.length > 0) {
          tables.push(table.rows);
          for (const r of table.rows) lines.push(r.join('\t'));
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
    } else if (BLOCK.has(name)) {
      if (table?.cell != null) table.cell += ' ';
      else text += '\n';
    }
  };
  const parser = new Parser(
    {
      onopentag(name) {
        // A head left open ends where the body begins.
        if (name === 'body') unread = 0;
        if (UNREAD.has(name)) unread++;
        else if (unread === 0) tag(name, false);
      },
      onclosetag(name) {
        if (UNREAD.has(name)) unread = Math.max(0, unread - 1);
        else if (unread === 0) tag(name, true);
      },
      ontext(chunk) {
        if (unread > 0) return;
        const table = stack.at(-1);
        if (table?.cell != null) table.cell += chunk;
        else text += chunk;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return { lines, tables };
}

function closeCell(table: OpenTable): void {
  if (table.cell == null) return;
  table.row ??= [];
  table.row.push(table.cell.replace(/\s+/g, ' ').trim());
  table.cell = null;
}
