/** An image made ready for OCR, as the preparation (image-preprocess.ts) hands it to the OCR engine. */
export interface PreparedImage {
  /** Bytes handed to the OCR engine: an upright JPEG, PNG, PGM (grey) or PPM (colour). */
  image: Uint8Array;
  /** Prepared pixels per pixel of the upright original. */
  scale: number;
  /** The shaded bands along its edges (shaded-edges.ts), in prepared pixels: words read there are dropped. */
  edges?: ShadedEdges;
}

/** Widths of the shaded bands along each edge, in pixels of the image measured. */
export interface ShadedEdges {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
