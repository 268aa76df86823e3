/**
 * Opens a DOCX package: the parts a reader needs, parsed, and the main document's relationships.
 * Part names are matched case-insensitively, as OPC requires.
 */
import { AppError } from '../../errors.ts';
import type { ReadLimits } from '../model.ts';
import { readZip } from '../zip/zip-archive.ts';
import { childElements, parseXmlBytes, type XmlElement } from './xml.ts';

export interface DocxPackage {
  /** Path of the main document part, e.g. "word/document.xml". */
  mainPath: string;
  main: XmlElement;
  /** Parses a part by path (undefined when absent). */
  part(path: string): XmlElement | undefined;
  /** The main part's relationships: id → resolved part (external targets left out). */
  relations: Map<string, RelatedPart>;
  /** The first part related to the main one by a relationship type ending in `/${kind}`. */
  related(kind: string): XmlElement | undefined;
}

export interface RelatedPart {
  /** Last segment of the relationship type, e.g. "header", "styles". */
  kind: string;
  path: string;
}

const OFFICE_DOCUMENT = /\/officeDocument$/;
const SKIPPED_FOLDERS = /(^|\/)(media|embeddings|theme|customxml|glossary|diagrams|ink|fonts)\//i;

/** Only the XML and relationship parts are inflated; images and embeddings are never touched. */
function wantedPart(name: string): boolean {
  return /\.(xml|rels)$/i.test(name) && !SKIPPED_FOLDERS.test(name);
}

function normalisePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out.join('/');
}

/** Resolves a relationship target against the folder of the part that owns it. */
export function resolveTarget(sourcePath: string, target: string): string {
  if (target.startsWith('/')) return normalisePath(target);
  const folder = sourcePath.includes('/') ? sourcePath.slice(0, sourcePath.lastIndexOf('/') + 1) : '';
  return normalisePath(folder + target);
}

function relsPathOf(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

function readRelationships(root: XmlElement | undefined): Relationship[] {
  if (!root) return [];
  return childElements(root, 'rel:Relationship')
    .filter((rel) => rel.attrs.TargetMode !== 'External')
    .map((rel) => ({ id: rel.attrs.Id ?? '', type: rel.attrs.Type ?? '', target: rel.attrs.Target ?? '' }));
}

/** Reads the package's parts and locates the main document through the package relationships. */
export function openDocxPackage(bytes: Uint8Array, limits: ReadLimits): DocxPackage {
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of readZip(bytes, limits, wantedPart))
    files.set(normalisePath(name).toLowerCase(), data);
  const parsed = new Map<string, XmlElement>();
  const part = (path: string): XmlElement | undefined => {
    const key = path.toLowerCase();
    const cached = parsed.get(key);
    if (cached) return cached;
    const data = files.get(key);
    if (!data) return undefined;
    const root = parseXmlBytes(data);
    parsed.set(key, root);
    return root;
  };
  const officeDocument = readRelationships(part('_rels/.rels')).find((rel) => OFFICE_DOCUMENT.test(rel.type));
  const declared = officeDocument ? resolveTarget('', officeDocument.target) : undefined;
  const mainPath = declared && files.has(declared.toLowerCase()) ? declared : 'word/document.xml';
  const main = part(mainPath);
  if (!main) throw new AppError('corrupt_document', { reason: 'the package has no main document part' });
  const relations = new Map<string, RelatedPart>();
  for (const rel of readRelationships(part(relsPathOf(mainPath)))) {
    const kind = rel.type.slice(rel.type.lastIndexOf('/') + 1);
    relations.set(rel.id, { kind, path: resolveTarget(mainPath, rel.target) });
  }
  const related = (kind: string): XmlElement | undefined => {
    for (const relation of relations.values()) if (relation.kind === kind) return part(relation.path);
    return part(`word/${kind}.xml`);
  };
  return { mainPath, main, part, relations, related };
}
