import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintService, type PrinterConfig, type PrintJob } from '../../../main/printing/print-service.js';
import { decodeRecorded, startFakePrinter, type FakePrinter } from './fake-escpos-printer.js';
import { sampleSale } from './sample-documents.js';

const printers: FakePrinter[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
});

async function fakePrinter(behaviour: Parameters<typeof startFakePrinter>[0] = 'answers'): Promise<{ fake: FakePrinter; config: PrinterConfig }> {
  const fake = await startFakePrinter(behaviour);
  printers.push(fake);
  return { fake, config: { host: '127.0.0.1', port: fake.port, profile: { paperWidth: '58mm', codePage: 'cp866', codePageMapping: 'epson' } } };
}

const saleJob = (printer: PrinterConfig, orderNumber: string, overrides: Parameters<typeof sampleSale>[0] = {}): PrintJob => ({
  printer,
  document: { type: 'sale-receipt', data: sampleSale({ language: 'en', orderNumber, ...overrides }) },
});
const DRAWER_PULSE = Buffer.from([0x1b, 0x70, 0x00]);
const STATUS_QUERY = Buffer.from([0x10, 0x04, 0x04]);

describe('the print service', () => {
  it('prints two jobs queued to one printer whole and in order, the second only after the first was answered', async () => {
    const { fake, config } = await fakePrinter();
    fake.answerDelayMs = 150;
    const service = new PrintService({ writeTimeoutMs: 2_000 });
    const first = service.print(saleJob(config, 'A-000001'));
    const second = service.print(saleJob(config, 'B-000002'));
    expect(await Promise.all([first, second])).toEqual([{ status: 'printed' }, { status: 'printed' }]);
    expect(fake.connections).toHaveLength(2);
    const [firstBytes, secondBytes] = fake.connections.map((bytes) => decodeRecorded(bytes, 'cp866'));
    expect(firstBytes).toMatch(/Order # +A-000001/);
    expect(secondBytes).toMatch(/Order # +B-000002/);
    for (const bytes of fake.connections) {
      expect(bytes.indexOf(Buffer.from([0x1b, 0x40]))).toBe(0); // starts with ESC @
      expect(bytes.subarray(-3)).toEqual(STATUS_QUERY); // ends with its own status query: nothing cut off
      expect(decodeRecorded(bytes, 'cp866').match(/Order #/g)).toHaveLength(1); // nothing of the other job inside
    }
    expect(fake.events.indexOf('open 1')).toBeGreaterThan(fake.events.indexOf('answered 0'));
  });

  it('does not hold a printer back behind another printer that hangs', async () => {
    const hanging = await fakePrinter('never-reads');
    const healthy = await fakePrinter();
    const service = new PrintService({ writeTimeoutMs: 500 });
    const order: string[] = [];
    const slow = service.print(saleJob(hanging.config, 'H-1')).then((outcome) => order.push(`hanging:${outcome.status}`));
    const fast = service.print(saleJob(healthy.config, 'OK-1')).then((outcome) => order.push(`healthy:${outcome.status}`));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['healthy:printed', 'hanging:timed_out']);
  });

  it('keeps printing the queue after a job that timed out', async () => {
    const { fake, config } = await fakePrinter('never-answers');
    const service = new PrintService({ writeTimeoutMs: 300 });
    const failed = service.print(saleJob(config, 'X-1'));
    await vi.waitUntil(() => fake.connections[0]?.subarray(-3).equals(STATUS_QUERY)); // the first job went unanswered
    fake.behaviour = 'answers';
    const next = service.print(saleJob(config, 'X-2'));
    expect((await failed).status).toBe('timed_out');
    expect(await next).toEqual({ status: 'printed' });
  });

  it('reprints the last job of a printer without opening the cash drawer again', async () => {
    const { fake, config } = await fakePrinter();
    const service = new PrintService();
    expect(await service.reprintLast(config)).toEqual({ status: 'nothing_to_reprint' });
    await service.print(saleJob(config, 'R-000001'));
    expect(await service.reprintLast(config)).toEqual({ status: 'printed' });
    const [original, reprint] = fake.connections;
    expect(original?.indexOf(DRAWER_PULSE)).toBeGreaterThan(0);
    expect(reprint?.indexOf(DRAWER_PULSE)).toBe(-1);
    expect(decodeRecorded(reprint ?? Buffer.alloc(0), 'cp866')).toMatch(/Order # +R-000001/);
  });

  it('reprints a job whose first attempt failed, once the printer is back', async () => {
    const { fake, config } = await fakePrinter('hangs-up');
    const service = new PrintService();
    expect((await service.print(saleJob(config, 'P-1'))).status).toBe('refused');
    fake.behaviour = 'answers';
    expect(await service.reprintLast(config)).toEqual({ status: 'printed' });
    expect(decodeRecorded(fake.connections[1] ?? Buffer.alloc(0), 'cp866')).toMatch(/Order # +P-1/);
  });

  it('lays the document out for the paper of the printer it goes to', async () => {
    const { fake, config } = await fakePrinter();
    const service = new PrintService();
    await service.print(saleJob({ ...config, profile: { ...config.profile, paperWidth: '80mm' } }, 'W-1'));
    expect(decodeRecorded(fake.connections[0] ?? Buffer.alloc(0), 'cp866')).toContain(`TOTAL${' '.repeat(37)}45 000`);
  });

  it('answers a malformed document with an outcome naming the field, and sends nothing', async () => {
    const { fake, config } = await fakePrinter();
    const service = new PrintService();
    const outcome = await service.print(saleJob(config, 'M-1', { change: '5,000' }));
    expect(outcome).toEqual({ status: 'invalid_document', problem: expect.stringContaining('change "5,000"') });
    expect(await service.reprintLast(config)).toEqual({ status: 'nothing_to_reprint' });
    expect(fake.connections).toHaveLength(0);
  });

  it('answers a code page the printer model lacks with an outcome, not an exception', async () => {
    const { config } = await fakePrinter();
    const service = new PrintService();
    const outcome = await service.print(saleJob({ ...config, profile: { ...config.profile, codePage: 'windows1251', codePageMapping: 'citizen' } }, 'C-1'));
    expect(outcome.status).toBe('invalid_document');
  });

  it('never rejects, even when a replaced transport throws', async () => {
    const service = new PrintService({
      send: () => {
        throw new Error('transport exploded');
      },
    });
    const config: PrinterConfig = { host: '127.0.0.1', port: 9, profile: { paperWidth: '58mm', codePage: 'cp866', codePageMapping: 'epson' } };
    await expect(service.print(saleJob(config, 'T-1'))).resolves.toEqual({ status: 'refused', reason: 'transport exploded' });
  });
});
