/** What domain services need from the outside world: the database, the clock, and the live streams. */
import type { Clock } from '../clock';
import type { Db, Dialect } from '../db/schema';
import type { LivePublisher } from './live/bus';
import type { PushNews } from './push/notifier';

export interface Deps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  /** Where committed changes are told to the live streams; without it nothing is told (tests, seeding). */
  live?: LivePublisher;
  /** Where the same news goes to the members' notifications (domain/push); none when they are off. */
  push?: PushNews;
}
