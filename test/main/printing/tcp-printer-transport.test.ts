import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeDocument } from '../../../main/printing/encode-document.js';
import { layoutDocument } from '../../../main/printing/printable-document.js';
import type { PrinterProfile } from '../../../main/printing/printer-profile.js';
import { sendToPrinter, type SendOptions } from '../../../main/printing/tcp-printer-transport.js';
import { closedLoopbackPort, decodeRecorded, startFakePrinter, type FakePrinter } from './fake-escpos-printer.js';
import { sampleSale } from './sample-documents.js';

const profile: PrinterProfile = { paperWidth: '58mm', codePage: 'cp866', codePageMapping: 'epson' };
const quick: SendOptions = { connectTimeoutMs: 1_000, writeTimeoutMs: 400, confirm: 'status' };
const saleBytes = (overrides: Parameters<typeof sampleSale>[0] = {}) =>
  encodeDocument(layoutDocument({ type: 'sale-receipt', data: sampleSale({ language: 'ru', ...overrides }) }, 32), profile);

let printer: FakePrinter | undefined;
afterEach(async () => {
  await printer?.close();
  printer = undefined;
});

describe('sending a job to a network printer', () => {
  it('delivers the receipt: its text lines decode in the code page, after the code page switch, and end in a cut', async () => {
    printer = await startFakePrinter();
    const outcome = await sendToPrinter({ host: '127.0.0.1', port: printer.port }, saleBytes(), quick);
    expect(outcome).toEqual({ status: 'printed' });
    const received = printer.connections[0] ?? Buffer.alloc(0);
    const text = decodeRecorded(received, 'cp866');
    for (const line of ['КАССОВЫЙ ЧЕК', 'Кофе капучино', '  + Каймок                 3 000', 'ИТОГО                     45 000', "O'zbekiston Savdo MChJ"]) {
      expect(text).toContain(line);
    }
    const codePageSwitchAt = received.indexOf(Buffer.from([0x1b, 0x74, 17]));
    const titleAt = received.indexOf(Buffer.from([0x8a, 0x80, 0x91, 0x91, 0x8e, 0x82, 0x9b, 0x89])); // "КАССОВЫЙ" in cp866
    expect(codePageSwitchAt).toBeGreaterThan(0);
    expect(titleAt).toBeGreaterThan(codePageSwitchAt);
    const cutAt = received.lastIndexOf(Buffer.from([0x1d, 0x56]));
    expect(cutAt).toBeGreaterThan(text.indexOf('Спасибо'));
    expect(received.subarray(-3)).toEqual(Buffer.from([0x10, 0x04, 0x04])); // the status query comes last
  });

  it('sends the drawer pulse for a cash sale and not for a card sale', async () => {
    printer = await startFakePrinter();
    const address = { host: '127.0.0.1', port: printer.port };
    await sendToPrinter(address, saleBytes(), quick);
    await sendToPrinter(address, saleBytes({ payments: [{ name: 'Uzcard', kind: 'CARD', amount: '45000' }], change: '0' }), quick);
    const [cash, card] = printer.connections;
    expect(cash?.indexOf(Buffer.from([0x1b, 0x70, 0x00]))).toBeGreaterThanOrEqual(0);
    expect(card?.indexOf(Buffer.from([0x1b, 0x70]))).toBe(-1);
  });

  it('reports an unreachable printer quickly when nothing listens on the port', async () => {
    const port = await closedLoopbackPort();
    const startedAt = Date.now();
    const outcome = await sendToPrinter({ host: '127.0.0.1', port }, saleBytes(), { ...quick, connectTimeoutMs: 5_000 });
    expect(outcome).toEqual({ status: 'unreachable', reason: 'ECONNREFUSED' });
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('times out within the write deadline when the printer accepts but never reads', async () => {
    printer = await startFakePrinter('never-reads');
    const startedAt = Date.now();
    const outcome = await sendToPrinter({ host: '127.0.0.1', port: printer.port }, saleBytes(), quick);
    const elapsed = Date.now() - startedAt;
    expect(outcome).toMatchObject({ status: 'timed_out', phase: 'write' });
    expect(elapsed).toBeGreaterThanOrEqual(quick.writeTimeoutMs - 20);
    expect(elapsed).toBeLessThan(quick.writeTimeoutMs + 1_000);
  });

  it('times out within the write deadline when the printer reads but never answers its status', async () => {
    printer = await startFakePrinter('never-answers');
    const startedAt = Date.now();
    const outcome = await sendToPrinter({ host: '127.0.0.1', port: printer.port }, saleBytes(), quick);
    expect(outcome).toMatchObject({ status: 'timed_out', phase: 'write' });
    expect(Date.now() - startedAt).toBeLessThan(quick.writeTimeoutMs + 1_000);
  });

  it('times out within the connect deadline when the connection never completes, and closes the socket', async () => {
    // A silently dropped SYN cannot be staged on loopback: the connection that never completes is a bare socket.
    const pending = new Socket();
    const startedAt = Date.now();
    const outcome = await sendToPrinter({ host: '192.0.2.1', port: 9100 }, saleBytes(), { ...quick, connectTimeoutMs: 200 }, () => pending);
    expect(outcome).toMatchObject({ status: 'timed_out', phase: 'connect' });
    expect(Date.now() - startedAt).toBeLessThan(700);
    expect(pending.destroyed).toBe(true);
  });

  it('reports a refusal when the printer hangs up before taking the job', async () => {
    printer = await startFakePrinter('hangs-up');
    const outcome = await sendToPrinter({ host: '127.0.0.1', port: printer.port }, saleBytes(), quick);
    expect(outcome.status).toBe('refused');
  });

  it('reports an empty paper roll from the status answer', async () => {
    printer = await startFakePrinter('paper-out');
    const outcome = await sendToPrinter({ host: '127.0.0.1', port: printer.port }, saleBytes(), quick);
    expect(outcome).toEqual({ status: 'out_of_paper' });
  });

  it("counts a job as printed once written, for printers configured not to answer status", async () => {
    printer = await startFakePrinter('never-answers');
    const outcome = await sendToPrinter({ host: '127.0.0.1', port: printer.port }, saleBytes(), { ...quick, confirm: 'none' });
    expect(outcome).toEqual({ status: 'printed' });
  });

  it('reports an unknown host as unreachable rather than throwing', async () => {
    const outcome = await sendToPrinter({ host: 'printer.invalid', port: 9100 }, saleBytes(), quick);
    expect(outcome.status).toBe('unreachable');
  });
});
