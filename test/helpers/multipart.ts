/** Builds a multipart/form-data body the way curl -F does, for inject(). */
export interface Part {
  name: string;
  content: string | Uint8Array;
  filename?: string;
  contentType?: string;
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----docjson${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type =
      part.filename !== undefined
        ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The usual two parts. */
export function upload(file: string | Uint8Array, yaml: string, filename = 'invoice.txt') {
  return multipart([
    { name: 'file', content: file, filename },
    { name: 'yaml_file', content: yaml, filename: 'fields.yaml' },
  ]);
}
