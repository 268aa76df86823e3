/** The bench's service in a process of its own: prints {url, key} on one line, runs until SIGTERM. */
import { startBenchApp } from './bench-app.ts';

const app = await startBenchApp();
process.stdout.write(`${JSON.stringify({ url: app.url, key: app.key })}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
