/**
 * Members' orders at a steady rate, for operator-writes.test.ts: autocannon in a process of its
 * own (as in the server bench), so the load generator and the server under test do not share an
 * event loop. Prints `ready` once loaded, reads one JSON line (OrderLoadPlan) on stdin, prints
 * `started` when the first orders go out, then one JSON line (OrderLoadResult): the answers counted
 * by their `code` (or `HTTP <status>` when the body is not the envelope).
 */
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { ApiPath } from '../../../src/shared/api/paths';

export interface OrderLoadPlan {
  url: string;
  /** Session tokens of funded members; each order comes from the next one in turn. */
  tokens: string[];
  ratePerSecond: number;
  seconds: number;
  connections: number;
}

export interface OrderLoadResult {
  byCode: Record<string, number>;
  /** Wall-clock seconds from the first request to the last answer. */
  seconds: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  errors: number;
  timeouts: number;
  /** When each answer came, wall clock (epoch ms). */
  answeredAt: number[];
}

async function run(plan: OrderLoadPlan): Promise<OrderLoadResult> {
  const byCode: Record<string, number> = {};
  const answeredAt: number[] = [];
  let i = 0;
  process.stdout.write('started\n');
  const started = performance.now();
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    overallRate: plan.ratePerSecond,
    duration: plan.seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: ApiPath.order,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          i++;
          // A valid order of a standard USDT room (game 15, room 1) at its rate, with an
          // idempotency key as the app sends one.
          const body = {
            token: plan.tokens[i % plan.tokens.length],
            lang: 'en',
            gameid: 15,
            roomid: 1,
            order_info: [[i % 2, 1.95, 20]],
            idempotencyKey: `load-${i}`,
          };
          return { ...request, body: JSON.stringify(body) };
        },
        onResponse: (status, body) => {
          let code: string;
          try {
            code = String((JSON.parse(body) as { code: unknown }).code);
          } catch {
            code = `HTTP ${status}`;
          }
          byCode[code] = (byCode[code] ?? 0) + 1;
          answeredAt.push(Date.now());
        },
      },
    ],
  });
  return {
    byCode,
    seconds: (performance.now() - started) / 1000,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyMax: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    answeredAt,
  };
}

const lines = createInterface({ input: process.stdin });
lines.once('line', (line) => {
  lines.close();
  run(JSON.parse(line) as OrderLoadPlan)
    .then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    });
});
process.stdout.write('ready\n');
