/**
 * What may be logged of an unexpected fault: its class, code and where it was thrown. Never its
 * message, which may quote a document or a configuration.
 */
export function describeFault(error: unknown): {
  type: string;
  code?: string;
  errcode?: number;
  frames?: string[];
} {
  if (!(error instanceof Error)) return { type: typeof error };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 8)
    .map((l) => l.trim());
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    // SQLite's result code: node:sqlite's own `code` says only ERR_SQLITE_ERROR.
    ...(typeof errcode === 'number' ? { errcode } : {}),
    frames,
  };
}
