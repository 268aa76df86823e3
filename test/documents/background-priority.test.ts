import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICE, lowerProcess } from '../../src/documents/ocr/background-priority.ts';

const linux = process.platform === 'linux';

test('a worker thread lowers its own priority, and only its own', { skip: !linux }, async () => {
  const before = getPriority();
  const source = new URL('../../src/documents/ocr/background-priority.ts', import.meta.url).href;
  const worker = new Worker(
    `import('${source}').then(({ lowerThisThread }) => {
       lowerThisThread();
       require('node:worker_threads').parentPort.postMessage(require('node:os').getPriority());
     });`,
    { eval: true },
  );
  const [priority] = await once(worker, 'message');
  await worker.terminate();
  assert.equal(priority, Math.max(before, BACKGROUND_NICE));
  assert.equal(getPriority(), before, 'the event loop keeps its priority');
});

test('a child process is lowered; one already gone is no error', async () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 2000)']);
  lowerProcess(child.pid);
  assert.equal(getPriority(child.pid), Math.max(getPriority(), BACKGROUND_NICE));
  child.kill();
  await once(child, 'exit');
  assert.doesNotThrow(() => lowerProcess(child.pid));
  assert.doesNotThrow(() => lowerProcess(undefined));
});
