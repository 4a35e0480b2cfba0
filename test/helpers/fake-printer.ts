/**
 * A fake ESC/POS network printer on a loopback port, for the tests that print through the whole path (renderer
 * function → bridge → shell → printer), the e2e harness and the demo (`npm run fake-printer`). It records the bytes
 * of every job (one per connection) and reads them back as a printer would: the text lines in the code page the job
 * selected (ESC t n), the cuts, the drawer pulses, the code-page switches, barcodes and QR codes — and lists as
 * `problems` anything a printer would not understand (an unknown command, a non-ASCII byte before any Cyrillic
 * code page was selected), so a test that checks `problems` is empty fails on garbage. It answers the paper-status
 * query (DLE EOT 4) like a real printer, and can pretend to be switched off (nothing listens: connection refused)
 * or out of paper.
 */
import { createServer, type Server, type Socket } from 'node:net';

/** `ready`: prints; `paper-out`: reads the job, answers "roll out"; `off`: nothing listens at the port. */
export type FakePrinterState = 'ready' | 'paper-out' | 'off';

export interface ParsedJob {
  /** Text lines as printed (ESC/POS line feeds end a line), decoded in the code page selected at the time. */
  readonly lines: string[];
  readonly cuts: number;
  readonly drawerPulses: number;
  /** Every ESC t n, in order (n as sent). */
  readonly codePageSwitches: number[];
  readonly barcodes: string[];
  readonly qrCodes: string[];
  readonly statusQueries: number;
  /** What a printer would not understand; empty for a clean job. */
  readonly problems: string[];
}

export interface ReceivedJob {
  readonly bytes: Buffer;
  readonly parsed: ParsedJob;
  /** Milliseconds since the epoch when the job's first byte arrived. */
  readonly firstByteAt: number;
}

/** Code-page tables by ESC t number, as the Epson mapping numbers them (main/printing/printer-profile.ts). */
export const EPSON_CODE_PAGES: Readonly<Record<number, string>> = { 0: 'ascii', 17: 'ibm866', 46: 'windows-1251' };

/** One-argument ESC and GS commands the encoder sends (style, alignment, fonts, feeds, barcode settings). */
const ESC_ONE_ARGUMENT = new Set([0x45, 0x61, 0x4d, 0x2d, 0x47, 0x52, 0x64, 0x4a, 0x33, 0x21, 0x7b, 0x56, 0x72]);
const GS_ONE_ARGUMENT = new Set([0x68, 0x77, 0x48, 0x66, 0x21, 0x42, 0x62]);

/** Reads an ESC/POS job the way a printer would (see the module comment). */
export function parseEscPos(bytes: Uint8Array, codePages: Readonly<Record<number, string>> = EPSON_CODE_PAGES): ParsedJob {
  const job = { lines: [] as string[], cuts: 0, drawerPulses: 0, codePageSwitches: [] as number[], barcodes: [] as string[], qrCodes: [] as string[], statusQueries: 0, problems: [] as string[] };
  let table = 0;
  let text: number[] = [];
  let line = '';
  let qrData = '';
  const flushText = () => {
    if (text.length === 0) return;
    const label = codePages[table];
    if (!label) job.problems.push(`text in code page ${table}, which this printer does not have`);
    if ((label === 'ascii' || !label) && text.some((byte) => byte >= 0x80)) job.problems.push(`non-ASCII bytes in code page ${table}: "${Buffer.from(text).toString('latin1')}"`);
    line += label && label !== 'ascii' ? new TextDecoder(label).decode(Uint8Array.from(text)) : Buffer.from(text).toString('latin1');
    text = [];
  };
  const at = (index: number) => bytes[index] ?? 0;
  let i = 0;
  while (i < bytes.length) {
    const byte = at(i);
    if (byte >= 0x20 && byte !== 0x7f) {
      text.push(byte);
      i += 1;
      continue;
    }
    flushText();
    if (byte === 0x0a) {
      job.lines.push(line);
      line = '';
      i += 1;
    } else if (byte === 0x0d) {
      i += 1;
    } else if (byte === 0x1b) {
      const command = at(i + 1);
      if (command === 0x40) {
        table = 0;
        i += 2;
      } else if (command === 0x74) {
        table = at(i + 2);
        job.codePageSwitches.push(table);
        i += 3;
      } else if (command === 0x70) {
        job.drawerPulses += 1;
        i += 5;
      } else if (command === 0x32) {
        i += 2;
      } else if (ESC_ONE_ARGUMENT.has(command)) {
        i += 3;
      } else {
        job.problems.push(`unknown command ESC 0x${command.toString(16)}`);
        i += 2;
      }
    } else if (byte === 0x1c) {
      const command = at(i + 1);
      if (command !== 0x2e && command !== 0x26) job.problems.push(`unknown command FS 0x${command.toString(16)}`);
      i += 2;
    } else if (byte === 0x10 && at(i + 1) === 0x04) {
      job.statusQueries += 1;
      i += 3;
    } else if (byte === 0x1d) {
      const command = at(i + 1);
      if (command === 0x56) {
        job.cuts += 1;
        i += at(i + 2) >= 65 ? 4 : 3;
      } else if (command === 0x6b) {
        const system = at(i + 2);
        if (system >= 65) {
          const length = at(i + 3);
          const value = Buffer.from(bytes.subarray(i + 4, i + 4 + length)).toString('latin1');
          job.barcodes.push(value.replace(/^\{[ABC]/, ''));
          i += 4 + length;
        } else {
          const end = bytes.indexOf(0, i + 3);
          job.barcodes.push(Buffer.from(bytes.subarray(i + 3, end < 0 ? bytes.length : end)).toString('latin1'));
          i = end < 0 ? bytes.length : end + 1;
        }
      } else if (command === 0x28 && at(i + 2) === 0x6b) {
        const length = at(i + 3) + at(i + 4) * 256;
        const body = bytes.subarray(i + 5, i + 5 + length);
        if (body[0] === 0x31 && body[1] === 0x50) qrData = new TextDecoder().decode(body.subarray(3));
        if (body[0] === 0x31 && body[1] === 0x51) job.qrCodes.push(qrData);
        i += 5 + length;
      } else if (command === 0x4c || command === 0x57) {
        i += 4;
      } else if (GS_ONE_ARGUMENT.has(command)) {
        i += 3;
      } else {
        job.problems.push(`unknown command GS 0x${command.toString(16)}`);
        i += 2;
      }
    } else {
      job.problems.push(`stray control byte 0x${byte.toString(16)}`);
      i += 1;
    }
  }
  flushText();
  if (line) job.lines.push(line);
  return job;
}

export interface FakePrinter {
  readonly host: string;
  readonly port: number;
  readonly state: FakePrinterState;
  /** Jobs received so far (one per connection that sent anything), oldest first. */
  readonly jobs: ReceivedJob[];
  /** Switches the printer on or off, or runs it out of paper (and back). */
  setState(state: FakePrinterState): Promise<void>;
  /** Resolves with the jobs once at least `count` were received (rejects after `timeoutMs`). */
  waitForJobs(count: number, timeoutMs?: number): Promise<ReceivedJob[]>;
  /** Called with each job as it completes (the demo prints it). */
  onJob(listener: (job: ReceivedJob) => void): void;
  close(): Promise<void>;
}

export interface FakePrinterOptions {
  /** 0 (default) for a free port. */
  readonly port?: number;
  readonly host?: string;
  readonly state?: FakePrinterState;
  readonly codePages?: Readonly<Record<number, string>>;
}

const STATUS_QUERY = Buffer.from([0x10, 0x04, 0x04]);
const PAPER_PRESENT = 0x12;
const PAPER_OUT = 0x72;

export async function startFakePrinter(options: FakePrinterOptions = {}): Promise<FakePrinter> {
  const host = options.host ?? '127.0.0.1';
  const codePages = options.codePages ?? EPSON_CODE_PAGES;
  const sockets = new Set<Socket>();
  const jobs: ReceivedJob[] = [];
  const listeners: ((job: ReceivedJob) => void)[] = [];
  const waiters: { count: number; resolve: (jobs: ReceivedJob[]) => void }[] = [];
  let state: FakePrinterState = options.state ?? 'ready';
  let server: Server | undefined;
  let port = options.port ?? 0;

  const finish = (bytes: Buffer, firstByteAt: number) => {
    if (bytes.length === 0) return;
    const job: ReceivedJob = { bytes, parsed: parseEscPos(bytes, codePages), firstByteAt };
    jobs.push(job);
    for (const listener of listeners) listener(job);
    for (const waiter of [...waiters]) {
      if (jobs.length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve([...jobs]);
    }
  };

  const accept = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    let received = Buffer.alloc(0);
    let firstByteAt = 0;
    let finished = false;
    const end = () => {
      if (finished) return;
      finished = true;
      finish(received, firstByteAt);
    };
    socket.on('data', (chunk: Buffer) => {
      if (received.length === 0) firstByteAt = Date.now();
      received = Buffer.concat([received, chunk]);
      if (received.indexOf(STATUS_QUERY) < 0) return;
      // The status query ends our driver's jobs: the job is complete once it is asked, as on a real printer.
      end();
      if (!socket.destroyed) socket.write(Buffer.from([state === 'paper-out' ? PAPER_OUT : PAPER_PRESENT]));
    });
    socket.on('close', () => {
      sockets.delete(socket);
      end();
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(accept);
      next.once('error', reject);
      next.listen(port, host, () => {
        const address = next.address();
        if (address && typeof address !== 'string') port = address.port;
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      const current = server;
      server = undefined;
      current.close(() => resolve());
    });

  // An "off" printer still gets a port of its own, so it can be switched on at the same address.
  await listen();
  if (state === 'off') await stop();

  return {
    host,
    get port() {
      return port;
    },
    get state() {
      return state;
    },
    jobs,
    async setState(next) {
      if (next === 'off' && server) await stop();
      if (next !== 'off' && !server) await listen();
      state = next;
    },
    waitForJobs(count, timeoutMs = 5_000) {
      if (jobs.length >= count) return Promise.resolve([...jobs]);
      return new Promise((resolve, reject) => {
        const waiter = { count, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index < 0) return;
          waiters.splice(index, 1);
          reject(new Error(`the fake printer received ${jobs.length} job(s), not ${count}, within ${timeoutMs} ms`));
        }, timeoutMs).unref();
      });
    },
    onJob(listener) {
      listeners.push(listener);
    },
    close: stop,
  };
}
