/**
 * scrypt for the login checks, off Node's shared thread pool: one thread of its own that derives one
 * key at a time, at the lowest CPU priority the system lets it take. Async scrypt runs in the same
 * four-thread pool as the pages' file reads, and a check is about 50 ms of one core: under a few
 * dozen connections of wrong logins, /registro waited seconds for a thread. Here the pool stays the
 * pages', and on a busy machine the scheduler serves the server's own thread before this one.
 *
 * The thread's code is a string (a worker from a file would need its own entry in the server's
 * build); it is small and needs nothing but Node.
 */
import { Worker } from 'node:worker_threads';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const { readlinkSync } = require('node:fs');
const { constants, setPriority } = require('node:os');
try {
  // Linux: /proc/thread-self is <pid>/task/<tid>, and a priority set on a thread id is that thread's alone.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, constants.priority.PRIORITY_LOW);
} catch {
  // Elsewhere the thread keeps the process's priority: it is still off the pages' pool.
}
parentPort.on('message', ({ id, password, salt, keylen, params }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, Buffer.from(salt), keylen, params) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Answer {
  id: number;
  key?: Uint8Array;
  error?: string;
}

/** One scrypt thread, started on first use and again after it failed; it never keeps the process alive. */
export class PasswordThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  derive(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
    const worker = (this.worker ??= this.start());
    const id = (this.nextId += 1);
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, password, salt, keylen, params });
    });
  }

  private start(): Worker {
    const worker = new Worker(SOURCE, { eval: true });
    worker.unref();
    worker.on('message', ({ id, key, error }: Answer) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (!waiting) return;
      if (key) waiting.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
      else waiting.reject(new Error(error ?? 'scrypt failed'));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the password thread exited (${code})`)));
    return worker;
  }
}
