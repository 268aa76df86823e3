/** "2026-05-01 14:03 UTC": one unambiguous way to show a time on every page. */
export function formatTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}
