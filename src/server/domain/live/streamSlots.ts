/**
 * The caps on live streams (per member, per address) counted for every instance at once: each
 * open stream holds a row in the database (repositories/liveStreams.ts), taken by one atomic step
 * before the stream opens and given back once its socket has closed. This instance renews its
 * rows while it runs, so the rows of one that died stop counting soon after, and are swept.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../../clock';
import type { Db, Dialect } from '../../db/schema';
import { deleteExpiredTickets } from '../../repositories/liveTickets';
import {
  deleteExpiredStreams,
  deleteInstanceStreams,
  releaseStream,
  renewStreams,
  reserveStream,
  type StreamCaps,
} from '../../repositories/liveStreams';

export class StreamSlots {
  /** This process, as its rows name it. */
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly deps: { db: Db; dialect: Dialect; clock: Clock },
    private readonly caps: StreamCaps,
    /** How long a row counts without being renewed: a few renewals' worth. */
    private readonly ttlMs: number,
  ) {}

  /** A row for a stream of `memberId` from `address`, or null when either is at its cap. */
  reserve(memberId: number, address: string): Promise<number | null> {
    const now = this.deps.clock();
    return reserveStream(
      this.deps.db,
      this.deps.dialect,
      { instance: this.instance, memberId, address, now, expiresAt: now + this.ttlMs },
      this.caps,
    );
  }

  release(id: number): Promise<void> {
    return releaseStream(this.deps.db, id);
  }

  /** This instance's rows count on; rows nobody renews (an instance that died) and expired tickets go. */
  async renewAndSweep(): Promise<void> {
    const now = this.deps.clock();
    await renewStreams(this.deps.db, this.instance, now + this.ttlMs);
    await deleteExpiredStreams(this.deps.db, now);
    await deleteExpiredTickets(this.deps.db, now);
  }

  /** Shutdown: every stream of this instance has ended. */
  releaseAll(): Promise<void> {
    return deleteInstanceStreams(this.deps.db, this.instance);
  }
}
