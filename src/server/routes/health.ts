/**
 * Probes for load balancers and orchestrators (README, "Health"). /healthz: the process answers.
 * /readyz: this instance can serve members: the database answers, its schema is the one this code
 * expects, the round drawer is running, and the live streams' fan-out hears the other instances
 * (on PostgreSQL its LISTEN connection is up); while the server shuts down it answers 503 so
 * traffic drains to other instances. Plain JSON, not the contract's envelope: these are not app calls.
 *
 * A saturated password pool is reported (checks.passwordPool) but keeps the instance ready: a login
 * flood aimed at every instance would otherwise take them all out of the balancer, and everything
 * but new password checks (orders, reads, known members' logins) is still served.
 */
import type { FastifyInstance } from 'fastify';
import { databaseHealth } from '../domain/databaseHealth';
import { passwordPool } from '../domain/passwordPool';
import type { RouteContext } from './context';

type Check = 'ok' | 'failing';

export interface Readiness {
  status: 'ready' | 'not ready' | 'stopping';
  checks: {
    database: Check;
    migrations: Check;
    roundDrawer: Check;
    liveFanOut: Check;
    passwordPool: 'ok' | 'saturated';
  };
  /** What failed, for the operator reading the probe by hand. */
  problems: string[];
}

/** A drawer that has not finished a tick for this long is stuck (it ticks at least every second). */
const DRAWER_STALL_MS = 15_000;

export function healthRoutes(app: FastifyInstance, ctx: RouteContext, state: { stopping: boolean }): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply): Promise<Readiness> => {
    reply.header('cache-control', 'no-store');
    const { database, migrations, problems } = await databaseHealth(ctx.deps);
    const checks: Readiness['checks'] = {
      database,
      migrations,
      roundDrawer: 'ok',
      liveFanOut: ctx.live.health(),
      passwordPool: passwordPool().status().saturated ? 'saturated' : 'ok',
    };
    if (checks.liveFanOut === 'failing') problems.push('live events fan-out connection is down');
    const drawer = ctx.game.scheduler.status();
    if (!drawer.running) {
      checks.roundDrawer = 'failing';
      problems.push('round drawer stopped');
    } else if (drawer.lastTickAgeMs !== null && drawer.lastTickAgeMs > DRAWER_STALL_MS) {
      checks.roundDrawer = 'failing';
      problems.push(`round drawer has not ticked for ${Math.round(drawer.lastTickAgeMs / 1000)} s`);
    }
    const ready = problems.length === 0 && !state.stopping;
    reply.code(ready ? 200 : 503);
    return { status: state.stopping ? 'stopping' : ready ? 'ready' : 'not ready', checks, problems };
  });
}
