// npm leaves out of package-lock.json the optional per-platform builds (biome, canvas) that its
// registry cannot serve; `npm ci` then refuses the lock as out of sync. This adds, for every optional
// dependency missing from the lock, an entry naming its version and platform, so that `npm ci`
// accepts the lock and skips those builds on any other platform. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const platform = name.split('/').pop().replace(/^(cli|canvas)-/, '');
    const [os, cpu, libc] = platform.split('-');
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu === 'arm' ? 'arm' : cpu],
      ...(libc === 'musl' ? { libc: ['musl'] } : libc === 'gnu' ? { libc: ['glibc'] } : {}),
    };
    added++;
  }
  void path;
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`lock: ${added} platform entries added\n`);
