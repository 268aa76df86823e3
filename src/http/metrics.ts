import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { canWeigh, type ExtractionEngine, type WeighingEngine } from '../engines/engine.ts';
import { AppError } from '../errors.ts';
import type { JobSlots } from '../extraction/job-slots.ts';
import type { RequestLogLine } from './request-log.ts';

/** What the OCR pool tells of itself (the tesseract pool's stats()). */
export interface OcrPoolStats {
  stats(): { live: number; busy: number; queued: number };
}

export function hasPoolStats(value: unknown): value is OcrPoolStats {
  return typeof (value as Partial<OcrPoolStats> | undefined)?.stats === 'function';
}

/**
 * The service's Prometheus metrics, one registry per app (tests build many apps in one process, so
 * the global default registry is never used). Labels hold only closed sets: a route pattern, a
 * method, a status, a document format, an engine name; never a key, an account, an e-mail, a file
 * name or any value from a request.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'route' | 'method' | 'status'>;
  readonly #duration: Histogram<'route' | 'method'>;
  readonly #documents: Counter<'format'>;
  readonly #pagesBilled: Counter<'format'>;
  readonly #engineSeconds: Histogram<'engine' | 'outcome'>;

  constructor(sources: { ocr?: OcrPoolStats | undefined } = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'docjson_' });
    this.#requests = new Counter({
      name: 'docjson_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.#duration = new Histogram({
      name: 'docjson_http_request_duration_seconds',
      help: 'Time from the first byte of a request to its answer, by route pattern and method.',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    });
    this.#documents = new Counter({
      name: 'docjson_documents_total',
      help: 'Documents read, by detected format (whatever the outcome of the call).',
      labelNames: ['format'],
      registers,
    });
    this.#pagesBilled = new Counter({
      name: 'docjson_pages_billed_total',
      help: 'Pages charged to accounts (answered 200), by document format.',
      labelNames: ['format'],
      registers,
    });
    this.#engineSeconds = new Histogram({
      name: 'docjson_engine_seconds',
      help: 'Time the extraction engine took per document, by engine and outcome.',
      labelNames: ['engine', 'outcome'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    const ocr = sources.ocr;
    if (ocr) {
      new Gauge({
        name: 'docjson_ocr_queue_depth',
        help: 'Images waiting for an OCR worker.',
        registers,
        collect() {
          this.set(ocr.stats().queued);
        },
      });
      new Gauge({
        name: 'docjson_ocr_workers_busy',
        help: 'OCR workers recognising an image now.',
        registers,
        collect() {
          this.set(ocr.stats().busy);
        },
      });
      new Gauge({
        name: 'docjson_ocr_workers_live',
        help: 'OCR worker threads started and alive.',
        registers,
        collect() {
          this.set(ocr.stats().live);
        },
      });
    }
  }

  /** Job slots in use and the queue behind them, read at each scrape. */
  watchJobs(jobs: JobSlots): void {
    new Gauge({
      name: 'docjson_job_slots_in_use',
      help: 'Documents being processed now (bounded by MAX_CONCURRENT_JOBS).',
      registers: [this.registry],
      collect() {
        this.set(jobs.running);
      },
    });
    new Gauge({
      name: 'docjson_job_slots_max',
      help: 'Documents that may be processed at once (MAX_CONCURRENT_JOBS).',
      registers: [this.registry],
      collect() {
        this.set(jobs.max);
      },
    });
    new Gauge({
      name: 'docjson_job_queue_depth',
      help: 'Uploads waiting for a job slot (bounded by MAX_QUEUED_JOBS).',
      registers: [this.registry],
      collect() {
        this.set(jobs.queued);
      },
    });
  }

  /** Document pages held in memory and requests waiting for pages (MAX_PAGES_IN_FLIGHT), read at each scrape. */
  watchPages(budget: { inFlight: number; waiting: number; max: number }): void {
    const registers = [this.registry];
    new Gauge({
      name: 'docjson_pages_in_flight',
      help: 'Pages of the documents being read or answered now (bounded by MAX_PAGES_IN_FLIGHT).',
      registers,
      collect() {
        this.set(budget.inFlight);
      },
    });
    new Gauge({
      name: 'docjson_pages_in_flight_max',
      help: 'Pages that may be held at once (MAX_PAGES_IN_FLIGHT).',
      registers,
      collect() {
        this.set(budget.max);
      },
    });
    new Gauge({
      name: 'docjson_page_queue_depth',
      help: 'Requests whose document waits for pages of the budget.',
      registers,
      collect() {
        this.set(budget.waiting);
      },
    });
  }

  /** Fed by the request log's one line per request: the route is the pattern, never the URL. */
  observeRequest(line: RequestLogLine): void {
    const route = line.route;
    this.#requests.inc({ route, method: line.method, status: String(line.status) });
    this.#duration.observe({ route, method: line.method }, line.durationMs / 1000);
    if (line.format) {
      this.#documents.inc({ format: line.format });
      if (line.status === 200 && line.pages) this.#pagesBilled.inc({ format: line.format }, line.pages);
    }
  }

  /**
   * The engine, timed. One that weighs values still does (its weighing untimed): the use case asks
   * it where values stand before a photograph's second reading.
   */
  timeEngine(engine: ExtractionEngine): ExtractionEngine {
    const histogram = this.#engineSeconds;
    const timed: ExtractionEngine = {
      name: engine.name,
      async extract(document, fields, options) {
        const end = histogram.startTimer({ engine: engine.name });
        try {
          const result = await engine.extract(document, fields, options);
          end({ outcome: 'ok' });
          return result;
        } catch (error) {
          end({ outcome: 'error' });
          throw error;
        }
      },
    };
    if (!canWeigh(engine)) return timed;
    const weighing: WeighingEngine = {
      ...timed,
      weigh: (document, fields) => engine.weigh(document, fields),
    };
    return weighing;
  }
}

/** GET /metrics in the Prometheus text format, only for `Authorization: Bearer <token>`. */
export function metricsRoute(app: FastifyInstance, deps: { metrics: Metrics; token: string }) {
  const expected = digest(deps.token);
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (request: FastifyRequest, reply) => {
        const header = request.headers.authorization ?? '';
        const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
        if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError('invalid_metrics_token');
        }
      },
    },
    async (_request, reply) => {
      reply.type(deps.metrics.registry.contentType);
      return deps.metrics.registry.metrics();
    },
  );
}

/** Equal-length digests, so that the comparison takes the same time whatever was sent. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
