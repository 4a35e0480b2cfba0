/**
 * Sends one job's bytes to a network printer (raw TCP, usually port 9100) with a connect deadline and a write
 * deadline, and resolves with a PrintOutcome — it never rejects and never leaves a socket open. With `confirm:
 * 'status'` (the default) the job ends with a paper-status query and counts as printed only when the printer
 * answers; `'none'` is for printers that do not answer it, where "printed" only means "handed to the network".
 */
import { connect, type Socket } from 'node:net';
import type { PrintOutcome } from './print-outcome.js';
import { PAPER_STATUS_QUERY, readPaperStatus } from './printer-status.js';

export interface PrinterAddress {
  readonly host: string;
  readonly port: number;
}

export interface SendOptions {
  /** Milliseconds allowed to establish the connection. */
  readonly connectTimeoutMs: number;
  /** Milliseconds allowed, once connected, to send the job and hear the status answer. */
  readonly writeTimeoutMs: number;
  readonly confirm: 'status' | 'none';
}

export const DEFAULT_SEND_OPTIONS: SendOptions = { connectTimeoutMs: 3_000, writeTimeoutMs: 10_000, confirm: 'status' };

function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.message : String(error);
}

/** Opens the TCP connection; replaceable so a test can hold a connection that never completes. */
export type OpenConnection = (address: PrinterAddress) => Socket;

const openTcpConnection: OpenConnection = (address) => connect({ host: address.host, port: address.port });

export function sendToPrinter(
  address: PrinterAddress,
  bytes: Uint8Array,
  options: SendOptions = DEFAULT_SEND_OPTIONS,
  openConnection: OpenConnection = openTcpConnection,
): Promise<PrintOutcome> {
  return new Promise<PrintOutcome>((resolve) => {
    const startedAt = Date.now();
    let connected = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let socket: Socket;

    const settle = (outcome: PrintOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners('data');
      socket.on('error', () => undefined); // late errors after the outcome is known are expected noise
      if (outcome.status === 'printed' || outcome.status === 'out_of_paper') {
        // A clean close lets the last bytes drain; a printer that never closes its side is cut off a moment later.
        socket.end();
        setTimeout(() => socket.destroy(), 1_000).unref();
      } else {
        socket.destroy();
      }
      resolve(outcome);
    };

    const startDeadline = (phase: 'connect' | 'write', ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => settle({ status: 'timed_out', phase, afterMs: Date.now() - startedAt }), ms);
    };

    try {
      socket = openConnection(address);
    } catch (error) {
      resolve({ status: 'unreachable', reason: errorCode(error) });
      return;
    }
    startDeadline('connect', options.connectTimeoutMs);
    socket.setNoDelay(true);

    socket.on('error', (error) => settle(connected ? { status: 'refused', reason: errorCode(error) } : { status: 'unreachable', reason: errorCode(error) }));
    socket.on('close', () => settle(connected ? { status: 'refused', reason: 'the printer closed the connection' } : { status: 'unreachable', reason: 'closed' }));

    socket.on('connect', () => {
      connected = true;
      startDeadline('write', options.writeTimeoutMs);
      if (options.confirm === 'none') {
        socket.write(bytes, (error) => settle(error ? { status: 'refused', reason: errorCode(error) } : { status: 'printed' }));
        return;
      }
      socket.on('data', (answer: Buffer) => {
        for (const byte of answer) {
          const paper = readPaperStatus(byte);
          if (paper) return settle(paper === 'paper-out' ? { status: 'out_of_paper' } : { status: 'printed' });
        }
      });
      socket.write(bytes);
      socket.write(PAPER_STATUS_QUERY);
    });
  });
}
