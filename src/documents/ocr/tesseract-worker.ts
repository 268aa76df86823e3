/**
 * The thread tesseract.js starts for each worker of the pool (its `workerPath`): its own worker
 * script, run at background priority (background-priority.ts) so that recognition never keeps the
 * event loop waiting for a core.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { lowerThisThread } from './background-priority.ts';

lowerThisThread();
const require = createRequire(import.meta.url);
require(join(dirname(require.resolve('tesseract.js')), 'worker-script', 'node', 'index.js'));
