/** The report worker's side of its worker_thread (report-thread.ts is the thread's side). */
import { Worker } from "node:worker_threads";
import { type ReportParams, type ReportRow, type ReportScope, type ReportType } from "./reports";

/**
 * One worker_thread running report-thread.ts. When it cannot be loaded (a runner without the TypeScript loader in
 * threads, e.g. the test runner) it says so before `ready`, and the worker runs reports in its own thread instead.
 */
export class ReportThread {
  private worker: Worker | null = null;
  private ready: Promise<boolean> | null = null;
  private nextId = 1;
  private waiting = new Map<number, { resolve: (rows: ReportRow[]) => void; reject: (error: Error) => void }>();
  unavailable = false;

  /** `running` is called with true once the thread is loaded and false when it stops (decision 137) */
  constructor(
    private file: string,
    private running: (yes: boolean) => void = () => {},
  ) {}

  /** true once the thread is loaded; false when it cannot be (then never tried again) */
  async start(): Promise<boolean> {
    if (this.unavailable) return false;
    if (this.ready) return this.ready;
    // a thread does not inherit the TypeScript loader the process was started with: it registers tsx itself
    const tsx = typeof import.meta.resolve === "function" ? import.meta.resolve("tsx/esm/api") : "tsx/esm/api";
    const entry = new URL("./report-thread.ts", import.meta.url).href;
    const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { file: this.file } });
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<boolean>((resolve) => {
      worker.on("message", (m: { ready?: boolean; id?: number; rows?: ReportRow[]; error?: string }) => {
        if (m.ready) {
          this.running(true);
          return resolve(true);
        }
        const job = this.waiting.get(m.id!);
        if (!job) return;
        this.waiting.delete(m.id!);
        if (m.error !== undefined) job.reject(new Error(m.error));
        else job.resolve(m.rows ?? []);
      });
      worker.on("error", (error) => {
        resolve(false); // before `ready`: it cannot load here
        this.drop(worker, error);
      });
      worker.on("exit", () => {
        resolve(false);
        this.drop(worker, new Error("The report thread stopped"));
      });
    }).then((ok) => {
      if (!ok && !this.everReady) this.unavailable = true;
      if (ok) this.everReady = true;
      return ok;
    });
    return this.ready;
  }

  private everReady = false;

  private drop(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    if (this.everReady) this.running(false);
    this.worker = null;
    this.ready = null;
    for (const job of this.waiting.values()) job.reject(error);
    this.waiting.clear();
  }

  run(job: { type: ReportType; scope: ReportScope; params: ReportParams; now: string }): Promise<ReportRow[]> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error("The report thread is not running"));
    const id = this.nextId++;
    return new Promise<ReportRow[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...job });
    });
  }

  /** Ends the thread (a report over its time, or the provider stopping); the next run starts a new one. */
  async terminate(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.drop(worker, new Error("The report thread was stopped"));
    await worker.terminate();
  }
}
