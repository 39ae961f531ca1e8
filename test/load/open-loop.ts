import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One request of a stream, and what to do with its answer. */
export interface PlannedRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
  /** Called with the answer; its return value is the status counted (default: the HTTP status). */
  readonly done?: (status: number, body: string) => string | void;
}

export interface Stream {
  readonly name: string;
  /** Requests per second, evenly spaced. */
  readonly rate: number;
  /** Seconds after the start before the first request. */
  readonly delaySeconds?: number;
  /** The next request of the stream. */
  next(): PlannedRequest;
}

export interface StreamResult {
  /** Milliseconds from each request's scheduled time to its whole answer. */
  readonly times: number[];
  readonly statuses: Map<string, number>;
  readonly seconds: number;
}

const TIMEOUT_MS = 10_000;

/**
 * An open-loop load generator: each stream sends its requests at scheduled times (Poisson
 * arrivals by default, or evenly spaced), whatever the answers to the earlier ones (as
 * independent users do), over keep-alive connections. A
 * response time runs from the time the request was due, so a generator that falls behind counts
 * its own lateness against the server rather than hiding it (no coordinated omission). Errors:
 * `error` (socket), `timeout` (no answer within 10 s).
 */
export const runOpenLoop = async (
  base: string,
  headers: Record<string, string>,
  streams: readonly Stream[],
  seconds: number,
  arrivals: 'poisson' | 'even' = 'poisson',
): Promise<Map<string, StreamResult>> => {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const results = new Map<string, StreamResult>();
  const started = performance.now();
  // A stream that cannot make its next request (e.g. its plan ran dry) ends the whole run with
  // that error, so that the caller's clean-up (stopping the server) still runs.
  const timers = new Set<NodeJS.Timeout>();
  let abort: (error: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => (abort = reject));
  const runs = streams.map(
    (stream) =>
      new Promise<void>((resolveStream) => {
        const times: number[] = [];
        const statuses = new Map<string, number>();
        const count = (status: string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const first = started + (stream.delaySeconds ?? 0) * 1000;
        const end = started + seconds * 1000;
        const interval = 1000 / stream.rate;
        // Poisson arrivals (exponential gaps, as from many independent users: requests bunch up
        // now and then) or evenly spaced ones; both average `rate`.
        const gap = () => (arrivals === 'poisson' ? -Math.log(1 - Math.random()) * interval : interval);
        let nextDue = first;
        let inFlight = 0;
        let ticking = true;
        const finishIfDone = () => {
          if (!ticking && inFlight === 0) {
            results.set(stream.name, { times, statuses, seconds: seconds - (stream.delaySeconds ?? 0) });
            resolveStream();
          }
        };
        const fire = (due: number) => {
          let planned: PlannedRequest;
          try {
            planned = stream.next();
          } catch (error) {
            for (const timer of timers) clearInterval(timer);
            abort(error);
            return;
          }
          inFlight++;
          const finish = (status: string) => {
            times.push(performance.now() - due);
            count(status);
            inFlight--;
            finishIfDone();
          };
          const req = httpRequest(
            {
              host: url.hostname,
              port: url.port,
              method: planned.method,
              path: planned.path,
              agent,
              headers: { ...headers, ...(planned.body === undefined ? {} : { 'Content-Length': Buffer.byteLength(planned.body) }) },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => {
                const status = res.statusCode ?? 0;
                const counted = planned.done?.(status, Buffer.concat(chunks).toString('utf8'));
                finish(counted ?? String(status));
              });
              res.on('error', () => finish('error'));
            },
          );
          req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')));
          req.on('error', (error) => {
            const status = error.message === 'timeout' ? 'timeout' : 'error';
            planned.done?.(0, '');
            finish(status);
          });
          req.end(planned.body);
        };
        // A 1 ms tick sends every request that has come due: the schedule holds however long the
        // answers take.
        const timer = setInterval(() => {
          const now = performance.now();
          while (nextDue <= Math.min(now, end)) {
            fire(nextDue);
            nextDue += gap();
          }
          if (now >= end) {
            clearInterval(timer);
            ticking = false;
            finishIfDone();
          }
        }, 1);
        timers.add(timer);
      }),
  );
  try {
    await Promise.race([Promise.all(runs), aborted]);
  } finally {
    agent.destroy();
  }
  return results;
};
