import type { SKRSContext2D } from '@napi-rs/canvas';

/**
 * The ruled lines of a scanned form: a table's borders, the boxes around an invoice's parties.
 * Tesseract, reading the page as one block, takes a vertical rule for "|" or "l" and a horizontal one
 * beside text for a line of specks, and on a ruled table it loses whole rows to them (a scanned Polish
 * invoice's five item rows came back as "gat) 1 050,00 | 23% | 24150|"; with the rules cleared, every
 * row read right). A rule is a long, thin, straight run of ink: at least MIN_RULE of the page's width
 * long, at most `thickness` pixels across, allowed to drift a pixel every pixel (a scan is seldom
 * straight), a thick pixel (where it crosses another rule) costing it THICK_COST. Its pixels, its
 * blurred edge, and the corners and crossings where rules meet are painted white. Text is spared:
 * a letter's bar is far shorter than a rule, its stem thicker, and along a line of blurred text where
 * letters touch a stem comes every few pixels. A dark band with light text in it is too thick to be a
 * rule. Rules across are cleared only on a page that also has rules upright (a grid): a receipt's
 * underlines and lines of dashes alone are read past well enough, and clearing them cost SROIE's
 * receipts half a point where they cut through a blurred letter.
 */

/** Luminance (0–255) under which a pixel is ink: a scan's grey rules are lighter than its text. */
const INK = 200;
/** Shortest horizontal rule, as a share of the page's width, and its bounds in pixels. */
const MIN_RULE = 0.05;
/**
 * Vertical rules must be longer: a letter of a double-height receipt title is a tall, thin stem,
 * while a table's column rule runs over at least a row.
 */
const MIN_VERTICAL_RULE = 0.08;
const RULE_BOUNDS = { min: 40, max: 250 };
/** What crossing a thick pixel costs a path (each thin pixel adds one). */
const THICK_COST = 3;
/** How far from a rule's core its blurred edge is cleared, in pixels. */
const HALO = 2;
/** Above this many pixels nothing is cleared: the masks cost seven bytes a pixel. */
const MAX_PIXELS = 24_000_000;
/** Pixels converted between two turns of the event loop. */
const BAND_PIXELS = 512 * 1024;

/** Paints white, in place, the rules of a canvas; returns how many pixels were cleared. */
export async function clearRulings(context: SKRSContext2D, width: number, height: number): Promise<number> {
  if (width * height > MAX_PIXELS || width < 2 || height < 2) return 0;
  const ink = await inkOf(context, width, height);
  const thickness = Math.max(5, Math.round(width / 250));
  const rule = (share: number) =>
    Math.min(RULE_BOUNDS.max, Math.max(RULE_BOUNDS.min, Math.round(width * share)));
  // Rules upright first: thin across (a short horizontal run of ink), long along.
  const vertical = new Uint8Array(width * height);
  const along = runLengths(ink, width, height, 'horizontal');
  markRules(ink, along, thickness, rule(MIN_VERTICAL_RULE), width, height, vertical, 'vertical');
  let upright = 0;
  for (let p = 0; p < vertical.length; p++) upright += vertical[p]!;
  if (upright === 0) return 0;
  // Rules across alone are a receipt's dashes and underlines, which OCR reads past: they are looked
  // for only where rules upright make a grid with them.
  if (upright >= 2 * rule(MIN_VERTICAL_RULE)) {
    const horizontal = new Uint8Array(width * height);
    const across = runLengths(ink, width, height, 'vertical');
    markRules(ink, across, thickness, rule(MIN_RULE), width, height, horizontal, 'horizontal');
    for (let p = 0; p < horizontal.length; p++)
      if (horizontal[p] === 1) horizontal[p] = vertical[p] === 1 ? 1 : 2;
    for (let p = 0; p < horizontal.length; p++) if (horizontal[p] === 2) vertical[p] = 2;
  }
  // `vertical` now marks both: 1 upright, 2 across.
  clearCrossings(vertical, ink, width, height, thickness);
  widenIntoHalo(vertical, ink, width, height);
  return paintWhite(context, width, height, vertical);
}

/**
 * Where two rules cross or meet at a corner, the ink is thick both ways and neither pass clears it:
 * left as a dot, a column of them reads as "|". Ink reaching a horizontal rule's cleared pixels
 * beside it and a vertical rule's above or below it, within `reach` through ink, is where two rules
 * meet: it is cleared too. Ink touching only one rule (a letter on an underline) is left.
 */
function clearCrossings(marks: Uint8Array, ink: Uint8Array, width: number, height: number, reach: number) {
  // 1 marks a rule upright, 2 one across; a crossing found is marked 3.
  const reaches = (x: number, y: number, dx: number, dy: number, kind: number) => {
    for (let k = 1; k <= reach + 1; k++) {
      const xx = x + k * dx;
      const yy = y + k * dy;
      if (xx < 0 || yy < 0 || xx >= width || yy >= height) return false;
      const q = yy * width + xx;
      if (marks[q] === kind) return true;
      if (ink[q] === 0) return false;
    }
    return false;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (ink[p] === 0 || marks[p] !== 0) continue;
      const beside = reaches(x, y, -1, 0, 2) || reaches(x, y, 1, 0, 2);
      if (beside && (reaches(x, y, 0, -1, 1) || reaches(x, y, 0, 1, 1))) marks[p] = 3;
    }
  }
}

/**
 * A scanned rule is blurred: grey lighter than ink on both sides of its core. Left there, the
 * halo is a faint rule Tesseract still binarises into specks, so the light pixels within HALO of a
 * cleared pixel are cleared too (never ink: a letter touching the rule keeps its strokes).
 */
function widenIntoHalo(marks: Uint8Array, ink: Uint8Array, width: number, height: number): void {
  // The halo is marked 4, and only the rules' own pixels (1 to 3) spread it.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const mark = marks[y * width + x]!;
      if (mark === 0 || mark === 4) continue;
      for (let dy = -HALO; dy <= HALO; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -HALO; dx <= HALO; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (ink[q] === 0 && marks[q] === 0) marks[q] = 4;
        }
      }
    }
  }
}

/** 1 for each pixel darker than INK, read band by band, yielding between bands. */
async function inkOf(context: SKRSContext2D, width: number, height: number): Promise<Uint8Array> {
  const ink = new Uint8Array(width * height);
  const rowsPerBand = Math.max(1, Math.floor(BAND_PIXELS / width));
  let at = 0;
  for (let y = 0; y < height; y += rowsPerBand) {
    const rgba = context.getImageData(0, y, width, Math.min(rowsPerBand, height - y)).data;
    for (let i = 0; i < rgba.length; i += 4) {
      ink[at++] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8 < INK ? 1 : 0;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return ink;
}

/** For every ink pixel, the length (at most 255) of the straight run of ink through it, in a direction. */
function runLengths(ink: Uint8Array, width: number, height: number, direction: 'vertical' | 'horizontal') {
  const runs = new Uint8Array(width * height);
  const [lines, length, lineStep, step] =
    direction === 'vertical' ? [width, height, 1, width] : [height, width, width, 1];
  for (let line = 0; line < lines; line++) {
    const first = line * lineStep;
    let start = -1;
    for (let k = 0; k <= length; k++) {
      const on = k < length && ink[first + k * step] === 1;
      if (on && start < 0) start = k;
      if (!on && start >= 0) {
        const run = Math.min(255, k - start);
        for (let j = start; j < k; j++) runs[first + j * step] = run;
        start = -1;
      }
    }
  }
  return runs;
}

/**
 * Marks the thin ink pixels that lie on a path of ink at least `minimum` long, the path allowed to
 * step one pixel sideways at each pixel and to cross up to `thickness` thick pixels in a row (where
 * a rule crosses another, or a letter touches it). Two passes along the direction, forward and back,
 * each keeping the longest path that reaches a pixel (saturating at 255, more than any minimum).
 */
function markRules(
  ink: Uint8Array,
  across: Uint8Array,
  thickness: number,
  minimum: number,
  width: number,
  height: number,
  cleared: Uint8Array,
  direction: 'horizontal' | 'vertical',
): void {
  // Walking a horizontal rule means stepping along x with y free by one; a vertical one the reverse.
  const [steps, lanes, stepStride, laneStride] =
    direction === 'horizontal' ? [width, height, 1, width] : [height, width, width, 1];
  const active = activeLanes(ink, across, thickness, seedFor(minimum), width, height, direction);
  if (active.length === 0) return;
  const forward = new Uint8Array(width * height);
  const walk = new PathWalk(lanes, thickness);
  for (let s = 0; s < steps; s++) {
    for (const lane of active) {
      const p = s * stepStride + lane * laneStride;
      walk.step(lane, ink[p] === 1, across[p]! <= thickness);
      forward[p] = walk.length[lane]!;
    }
    walk.advance();
  }
  walk.reset();
  for (let s = steps - 1; s >= 0; s--) {
    for (const lane of active) {
      const p = s * stepStride + lane * laneStride;
      const thin = ink[p] === 1 && across[p]! <= thickness;
      walk.step(lane, ink[p] === 1, thin);
      if (thin && forward[p]! + walk.length[lane]! - 1 >= minimum) cleared[p] = 1;
    }
    walk.advance();
  }
}

/**
 * A straight run of thin ink this long seeds a lane: a rule askew by up to 3.5° has one of 16 pixels
 * in every lane it crosses, and one of a quarter of its least length where it is askew by less than
 * one degree. The longer seed spares the walk the columns of tall letters' stems.
 */
const seedFor = (minimum: number) => Math.max(16, Math.round(minimum / 4));

/**
 * The lanes (rows for rules across, columns for upright ones) a rule may run in: those holding a
 * straight run of `seed` thin ink pixels, and their neighbours. Most of a page holds none, and the walk
 * skips it. Read row by row, where the pixels lie in memory.
 */
function activeLanes(
  ink: Uint8Array,
  across: Uint8Array,
  thickness: number,
  seed: number,
  width: number,
  height: number,
  direction: 'horizontal' | 'vertical',
): number[] {
  const lanes = direction === 'horizontal' ? height : width;
  const seeded = new Uint8Array(lanes);
  const run = new Uint16Array(direction === 'horizontal' ? 1 : width);
  for (let y = 0; y < height; y++) {
    if (direction === 'horizontal') run[0] = 0;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const k = direction === 'horizontal' ? 0 : x;
      if (ink[p] === 1 && across[p]! <= thickness) {
        run[k] = run[k]! + 1;
        if (run[k]! >= seed) seeded[direction === 'horizontal' ? y : x] = 1;
      } else run[k] = 0;
    }
  }
  const active: number[] = [];
  for (let lane = 0; lane < lanes; lane++) {
    let near = false;
    for (let d = -2; d <= 2 && !near; d++) near = seeded[lane + d] === 1;
    if (near) active.push(lane);
  }
  return active;
}

/**
 * The longest path of ink reaching each lane at the current step, and how many thick pixels it has
 * just crossed; the previous step's values are read from `before`. A thick pixel costs the path
 * THICK_COST instead of adding to it: a rule crosses another now and then, while a path along a line
 * of blurred text, where letters touch, meets a stem every few pixels and never grows.
 */
class PathWalk {
  length: Uint8Array;
  gap: Uint8Array;
  private beforeLength: Uint8Array;
  private beforeGap: Uint8Array;
  private readonly lanes: number;
  private readonly maxGap: number;

  constructor(lanes: number, maxGap: number) {
    this.lanes = lanes;
    this.maxGap = maxGap;
    this.length = new Uint8Array(lanes);
    this.gap = new Uint8Array(lanes);
    this.beforeLength = new Uint8Array(lanes);
    this.beforeGap = new Uint8Array(lanes);
  }

  step(lane: number, ink: boolean, thin: boolean): void {
    if (!ink) {
      this.length[lane] = 0;
      this.gap[lane] = 0;
      return;
    }
    const before = this.beforeLength;
    let from = lane;
    if (lane > 0 && before[lane - 1]! > before[from]!) from = lane - 1;
    if (lane < this.lanes - 1 && before[lane + 1]! > before[from]!) from = lane + 1;
    const gap = thin ? 0 : this.beforeGap[from]! + 1;
    const length = thin ? Math.min(255, before[from]! + 1) : before[from]! - THICK_COST;
    if (gap > this.maxGap || length <= 0) {
      this.length[lane] = 0;
      this.gap[lane] = 0;
      return;
    }
    this.length[lane] = length;
    this.gap[lane] = gap;
  }

  advance(): void {
    [this.beforeLength, this.length] = [this.length, this.beforeLength];
    [this.beforeGap, this.gap] = [this.gap, this.beforeGap];
  }

  reset(): void {
    this.beforeLength.fill(0);
    this.beforeGap.fill(0);
  }
}

/** Paints the cleared pixels white, a run of a row at a time: the canvas draws it natively. */
function paintWhite(context: SKRSContext2D, width: number, height: number, cleared: Uint8Array): number {
  context.fillStyle = '#fff';
  let count = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = 0;
    while (x < width) {
      if (cleared[row + x] === 0) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && cleared[row + x] !== 0) x++;
      context.fillRect(start, y, x - start, 1);
      count += x - start;
    }
  }
  return count;
}
