import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { MALLOC_ENV, missingMallocEnv } from '../src/malloc-env.ts';
import { missingNodeFlags, NODE_FLAGS } from '../src/node-flags.ts';

const file = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

test('npm start, npm run bench and the image run node with the V8 heap flags', () => {
  const scripts = JSON.parse(file('package.json')).scripts as Record<string, string>;
  const flags = NODE_FLAGS.join(' ');
  const allocator = Object.entries(MALLOC_ENV)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  assert.equal(scripts.start, `${allocator} node ${flags} src/server.ts`);
  assert.equal(scripts.bench, `node ${flags} bench/run.ts`);
  const cmd = file('Dockerfile')
    .split('\n')
    .find((line) => line.startsWith('CMD '));
  assert.equal(cmd, `CMD ${JSON.stringify(['node', ...NODE_FLAGS, 'src/server.ts'])}`.replaceAll(',', ', '));
});

test('node accepts them, without a word on stderr', () => {
  const run = spawnSync(process.execPath, [...NODE_FLAGS, '-e', 'process.stdout.write("ok")'], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 0);
  assert.equal(run.stdout, 'ok');
  assert.equal(run.stderr, '');
});

test('missingNodeFlags names the flags a process was started without', () => {
  assert.deepEqual(missingNodeFlags([], ''), [...NODE_FLAGS]);
  assert.deepEqual(missingNodeFlags([...NODE_FLAGS], ''), []);
  assert.deepEqual(missingNodeFlags(['--inspect'], `--trace-warnings ${NODE_FLAGS.join(' ')}`), []);
});

test('the image sets the allocator settings of npm start; missingMallocEnv names those not set', () => {
  const dockerfile = file('Dockerfile');
  for (const [name, value] of Object.entries(MALLOC_ENV)) {
    assert.match(dockerfile, new RegExp(`^\\s+${name}=${value}( \\\\)?$`, 'm'), name);
  }
  assert.deepEqual(missingMallocEnv({}), Object.keys(MALLOC_ENV));
  assert.deepEqual(missingMallocEnv({ ...MALLOC_ENV }), []);
  assert.deepEqual(missingMallocEnv({ ...MALLOC_ENV, MALLOC_ARENA_MAX: '8' }), ['MALLOC_ARENA_MAX']);
});
