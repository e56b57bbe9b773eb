/** What domain services need from the outside world: the database and the clock. */
import type { Clock } from '../clock';
import type { Db, Dialect } from '../db/schema';

export interface Deps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
}
