/**
 * Calls that arrive while others are under way go to the database together: a call finds fewer
 * than `maxInFlight` batches under way and goes at once, alone; otherwise it waits for one to come
 * back and goes with the calls that came meanwhile, `maxBatch` at most. Under load a hundred calls
 * cost a few round trips (and, for writes, a few commits), not a hundred; unloaded, nothing waits.
 * PostgreSQL's order intake, session lookups and live news use it: on SQLite a statement costs no
 * round trip, so they do not.
 */
export interface BatchQueueOptions<In> {
  maxBatch: number;
  maxInFlight: number;
  /** The order a batch is sent in (rows locked in one order by every batch never deadlock). */
  order?: (a: In, b: In) => number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

export class BatchQueue<In, Out> {
  private readonly waiting: Waiting<In, Out>[] = [];
  private inFlight = 0;

  /**
   * `run` answers one result per input, in the batch's order: an Error there rejects that call
   * alone; a thrown error rejects the whole batch.
   */
  constructor(
    private readonly run: (inputs: In[]) => Promise<(Out | Error)[]>,
    private readonly options: BatchQueueOptions<In>,
  ) {}

  add(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.sendWaiting();
    });
  }

  private sendWaiting(): void {
    const { maxBatch, maxInFlight, order } = this.options;
    while (this.inFlight < maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, maxBatch);
      if (order) batch.sort((a, b) => order(a.input, b.input));
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.sendWaiting();
      });
    }
  }

  private async send(batch: Waiting<In, Out>[]): Promise<void> {
    let results: (Out | Error)[];
    try {
      results = await this.run(batch.map((item) => item.input));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length}`);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const result = results[index];
      if (result instanceof Error) item.reject(result);
      else item.resolve(result);
    });
  }
}
