/**
 * A fake ESC/POS network printer on a loopback port, for the printing tests: it records every byte each connection
 * sends and answers the paper-status query (DLE EOT 4) the way a real printer does — or misbehaves on purpose
 * (never answers, never reads, hangs up, reports the roll out) so the transport's outcomes can be checked.
 */
import { createServer, type Server, type Socket } from 'node:net';

export type FakePrinterBehaviour =
  | 'answers' // reads everything, answers status queries with "paper present"
  | 'paper-out' // reads everything, answers "roll out"
  | 'never-answers' // reads everything, never answers
  | 'never-reads' // accepts the connection and never reads a byte
  | 'hangs-up'; // accepts and closes at once


export interface FakePrinter {
  readonly port: number;
  /** Bytes received, one entry per connection, in the order the connections were accepted. */
  readonly connections: Buffer[];
  /** Events across all connections, in order: "open 0", "answered 0", "closed 0", "open 1", … */
  readonly events: string[];
  /** Milliseconds the printer waits before answering a status query (simulates printing time). */
  answerDelayMs: number;
  behaviour: FakePrinterBehaviour;
  close(): Promise<void>;
}

const STATUS_QUERY = Buffer.from([0x10, 0x04, 0x04]);
const PAPER_PRESENT = 0x12;
const PAPER_OUT = 0x72;

export async function startFakePrinter(behaviour: FakePrinterBehaviour = 'answers'): Promise<FakePrinter> {
  const sockets = new Set<Socket>();
  const printer: FakePrinter = {
    port: 0,
    connections: [],
    events: [],
    answerDelayMs: 0,
    behaviour,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const index = printer.connections.length;
    printer.connections.push(Buffer.alloc(0));
    printer.events.push(`open ${index}`);
    socket.on('close', () => printer.events.push(`closed ${index}`));
    if (printer.behaviour === 'never-reads') return;
    if (printer.behaviour === 'hangs-up') {
      socket.destroy();
      return;
    }
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      printer.connections[index] = Buffer.concat([printer.connections[index] ?? Buffer.alloc(0), chunk]);
      const received = printer.connections[index] ?? Buffer.alloc(0);
      if (answered || printer.behaviour === 'never-answers' || received.indexOf(STATUS_QUERY) < 0) return;
      answered = true;
      setTimeout(() => {
        printer.events.push(`answered ${index}`);
        if (!socket.destroyed) socket.write(Buffer.from([printer.behaviour === 'paper-out' ? PAPER_OUT : PAPER_PRESENT]));
      }, printer.answerDelayMs);
    });
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake printer has no port');
  return Object.assign(printer, { port: address.port });
}

/** A port on loopback where nothing listens (bound, then closed). */
export async function closedLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Text of recorded bytes in `codePage`, with ESC/POS commands left in as (harmless) control characters. */
export function decodeRecorded(bytes: Buffer, codePage: 'cp866' | 'windows1251'): string {
  return new TextDecoder(codePage === 'cp866' ? 'ibm866' : 'windows-1251').decode(bytes);
}
