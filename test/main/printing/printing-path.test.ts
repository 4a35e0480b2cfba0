/**
 * Printing through the whole path, in browser mode: the renderer's printing functions (renderer/printing.ts) over
 * the browser-mode WebSocket bridge → the shell's print dispatcher → the order read from the real terminal core (in
 * its worker, enrolled with a real service) → the point's printer, a fake ESC/POS printer on loopback that reads
 * the bytes back. Printer trouble (out of paper, switched off) must give the cashier a message in their language and
 * a reprint, never a failure, and must reach the owner's fleet page through the till's health report.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserMode } from '../../../main/browser-mode.js';
import { PrintService } from '../../../main/printing/print-service.js';
import type { Language } from '../../../renderer/i18n/index.js';
import { connectPrinting, previewDocument, printDocument, reprintLast, type PrintBridge } from '../../../renderer/printing.js';
import { connectBrowserModeClient, type BrowserModeClient } from '../../helpers/browser-mode-client.js';
import { startFakePrinter, type FakePrinter } from '../../helpers/fake-printer.js';
import { insertItem } from '../../helpers/fixtures.js';
import { orderWorld, type OrderWorld } from '../../helpers/orders.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../../helpers/server.js';
import { enrollmentCode } from '../../helpers/terminals.js';

describe('printing at the till, from the screen’s call to the paper', () => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;
  let printer: FakePrinter;
  let otherPointPrinter: FakePrinter;
  let kitchenPrinter: FakePrinter;
  let mode: BrowserMode;
  let bridge: BrowserModeClient;
  let uzbekItem: string;
  let managerId: string;
  let language: Language = 'ru';

  const createPrinter = (body: Record<string, unknown>) => server.request('POST', '/api/v1/business-config/printers/create', { token: shop.token, body });

  async function sell(orderId: string, lines: { item: string; quantity: string; price: string; subtotal: string }[], total: string, paid: string) {
    const change = (BigInt(paid) - BigInt(total)).toString();
    const order = await bridge.run('OrderController_create', {
      body: {
        order_id: orderId,
        automated_point_id: world.point,
        workplace_id: world.workplace,
        items: lines.map((entry) => ({ item_id: entry.item, quantity: entry.quantity, price: entry.price, subtotal: entry.subtotal })),
        subtotal: total,
        total_sum: total,
        total_paid: paid,
        total_change: change,
        is_closed: true,
        payments: [{ payment_type_id: world.cash, paid_sum: paid }],
      },
    });
    return (order as { id: string }).id;
  }

  /** The printer as the owner's fleet page shows it, after the till's pulls have carried `expected` (a few tries). */
  async function reportedPrinter(expected: string): Promise<{ status: string; detail: string | null }> {
    let printer: { status: string; detail: string | null } = { status: 'unknown', detail: null };
    for (let attempt = 0; attempt < 5 && printer.status !== expected; attempt += 1) {
      await bridge.terminal('terminal.syncNow');
      const fleet = await server.request('GET', '/api/v1/sync/fleet', { token: shop.token });
      printer = fleet.body.terminals[0].health.printer;
    }
    return printer;
  }

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await registerTenant(server, 'Chorsu');
    world = await orderWorld(server, shop);
    uzbekItem = await insertItem(server, shop, { name: 'Qoʻqon choyi — Қовун', price: 15000n });
    [printer, otherPointPrinter, kitchenPrinter] = await Promise.all([startFakePrinter(), startFakePrinter(), startFakePrinter()]);
    expect((await createPrinter({ name: 'Kassa printer', ip_address: '127.0.0.1', port: String(printer.port), type: `receipt 58mm cp866 point=${world.point}` })).status).toBe(201);
    // Tied to the other point by the column alone (migration 0028): were it not mirrored to the till or not matched, this
    // printer, whose type names no point, would print at every point — the first test checks that it does not.
    expect((await createPrinter({ name: 'Kiosk printer', ip_address: '127.0.0.1', port: String(otherPointPrinter.port), type: 'receipt', automated_point_id: world.barePoint })).status).toBe(201);
    expect((await createPrinter({ name: 'Kitchen', ip_address: '127.0.0.1', port: String(kitchenPrinter.port), type: 'kitchen' })).status).toBe(201);
    // Voids need REFUNDS (issue 28 §2), as well as the manager's approval the void slip shows.
    const voids = await server.request('POST', '/api/v1/employee-role/create', { token: shop.token, body: { name: 'Senior cashier', access_resources: ['REFUNDS'] } });
    const employee = await server.request('POST', '/api/v1/employee/create', { token: shop.token, body: { full_name: 'Gʻulom Qodirov', role_id: voids.body.id, password: '3141', workplace_id: world.workplace } });
    expect(employee.status).toBe(201);
    const role = await server.request('POST', '/api/v1/employee-role/create', { token: shop.token, body: { name: 'Manager', access_resources: ['MANAGER'] } });
    const manager = await server.request('POST', '/api/v1/employee/create', { token: shop.token, body: { full_name: 'Dilnoza Rahimova', role_id: role.body.id, password: '2718', workplace_id: world.workplace } });
    expect(manager.status).toBe(201);
    managerId = manager.body.id;

    mode = await startBrowserMode({
      coreOptions: { dataDir: mkdtempSync(join(tmpdir(), 'kassa-print-')) },
      rootDir: mkdtempSync(join(tmpdir(), 'kassa-print-root-')),
      log: () => {},
      printing: { service: new PrintService({ connectTimeoutMs: 1_000, writeTimeoutMs: 3_000 }) },
    });
    bridge = await connectBrowserModeClient(mode);
    connectPrinting(bridge as PrintBridge, () => language);
    await bridge.terminal('terminal.enroll', { serviceUrl: url, code: await enrollmentCode(server, shop.token, world.workplace), name: 'Till 1' });
    await bridge.terminal('terminal.pinLogin', { pincode: '3141' });
  });

  afterAll(async () => {
    bridge?.close();
    await mode?.close();
    await Promise.all([printer?.close(), otherPointPrinter?.close(), kitchenPrinter?.close()]);
    await server?.close();
  });

  it('prints a cash sale on the point’s receipt printer: Cyrillic in cp866, Uzbek Latin readable, drawer pulse, cut and both order codes', async () => {
    language = 'ru';
    const orderId = await sell('A-1001', [
      { item: world.tea, quantity: '2', price: '1000', subtotal: '2000' },
      { item: uzbekItem, quantity: '1', price: '15000', subtotal: '15000' },
    ], '17000', '20000');
    expect(await printDocument({ kind: 'sale', orderId, openDrawer: true })).toEqual({ ok: true, canReprint: true });
    const [job] = await printer.waitForJobs(1);
    const paper = job!.parsed;
    expect(paper.problems).toEqual([]);
    expect(paper.codePageSwitches).toEqual([17]);
    expect(paper.drawerPulses).toBe(1);
    expect(paper.cuts).toBe(1);
    expect(paper.qrCodes).toEqual([orderId]);
    expect(paper.barcodes).toEqual(['A-1001']);
    const text = paper.lines.join('\n');
    expect(text).toContain('КАССОВЫЙ ЧЕК');
    expect(text).toMatch(/Кассир: +G'ulom Qodirov/);
    expect(text).toMatch(/Касса: +Till 1/);
    expect(text).toContain("Qo'qon choyi - Ковун");
    expect(text).toMatch(/ {2}2 x 1 000 +2 000/);
    expect(text).toMatch(/ИТОГО +17 000/);
    expect(text).toMatch(/Cash +20 000/);
    expect(text).toMatch(/Сдача +3 000/);
    // Only the point's receipt printer prints: not the other point's, not the kitchen's.
    expect(otherPointPrinter.jobs).toHaveLength(0);
    expect(kitchenPrinter.jobs).toHaveLength(0);
  });

  it('shows the same lines in the preview as on the paper, and opens no drawer for a card-less preview', async () => {
    language = 'ru';
    const orderId = await sell('A-1002', [{ item: world.coffee, quantity: '1', price: '2000', subtotal: '2000' }], '2000', '2000');
    const before = printer.jobs.length;
    const preview = await previewDocument({ kind: 'sale', orderId, openDrawer: false });
    expect(printer.jobs).toHaveLength(before);
    expect(await printDocument({ kind: 'sale', orderId, openDrawer: false })).toMatchObject({ ok: true });
    await printer.waitForJobs(before + 1);
    const job = printer.jobs[before]!;
    expect(job.parsed.drawerPulses).toBe(0);
    expect(preview).toContain('              Cafe');
    // The preview shows the codes as labelled placeholders ("[QR]" and the id, cut to the paper); the paper has them as codes.
    const codePlaceholders = new Set(['[QR]', 'A-1002', '||| ||||| || ||| |||| ||']);
    const onScreen = preview.filter((line) => !codePlaceholders.has(line.trim()) && !line.trim().startsWith(orderId.slice(0, 20)));
    const onPaper = job.parsed.lines.filter((line) => line.trim() !== '' && !codePlaceholders.has(line.trim()));
    expect(onScreen).toEqual(onPaper);
    expect(preview.every((line) => line.length <= 32)).toBe(true);
  });

  it('tells the cashier the printer is out of paper, in Russian, and reprints the receipt without a second drawer pulse', async () => {
    language = 'ru';
    await printer.setState('paper-out');
    const orderId = await sell('A-1003', [{ item: world.tea, quantity: '1', price: '1000', subtotal: '1000' }], '1000', '5000');
    const before = printer.jobs.length;
    const result = await printDocument({ kind: 'sale', orderId, openDrawer: true });
    expect(result).toEqual({ ok: false, canReprint: true, message: expect.stringContaining('В принтере «Kassa printer» закончилась бумага') });
    expect(printer.jobs[before]!.parsed.drawerPulses).toBe(1);
    await printer.setState('ready');
    expect(await reprintLast()).toEqual({ ok: true, canReprint: true });
    const reprinted = printer.jobs[before + 1]!.parsed;
    expect(reprinted.drawerPulses).toBe(0);
    const printed = (lines: readonly string[]) => lines.filter((line) => line !== '');
    expect(printed(reprinted.lines)).toEqual(printed(printer.jobs[before]!.parsed.lines));
    expect(reprinted.qrCodes).toEqual([orderId]);
  });

  it('keeps selling with the printer switched off: an Uzbek message, a reprint once it is on, and the owner sees it offline then ok', async () => {
    language = 'uz';
    await printer.setState('off');
    const orderId = await sell('A-1004', [{ item: world.tea, quantity: '3', price: '1000', subtotal: '3000' }], '3000', '3000');
    const result = await printDocument({ kind: 'sale', orderId, openDrawer: false });
    expect(result).toEqual({ ok: false, canReprint: true, message: expect.stringContaining('“Kassa printer” printeri javob bermayapti') });
    // The report goes with the next pull; a pull the sale itself set off may have left just before the outcome.
    const printerHealth = await reportedPrinter('offline');
    expect(printerHealth.status).toBe('offline');
    expect(printerHealth.detail).toContain('Kassa printer: offline');
    // The sale itself is in the till and on its way, whatever the printer did.
    expect((await bridge.run('OrderController_findOne', { params: { id: orderId } })).order_id).toBe('A-1004');

    await printer.setState('ready');
    const before = printer.jobs.length;
    expect(await reprintLast()).toMatchObject({ ok: true });
    expect(printer.jobs[before]!.parsed.lines.join('\n')).toContain('SOTUV CHEKI');
    expect(await reportedPrinter('ok')).toMatchObject({ status: 'ok', detail: null });
  });

  it('prints the X report from the till’s shift report and the refund slip from the refund document, both from the till’s own store', async () => {
    language = 'en';
    await printer.setState('ready');
    const shift = (await bridge.run('SettlmentController_create', { body: { name: 'Shift 7', workplace_id: world.workplace, opening_cash: '50000' } })) as { id: string };
    // One sale the till's way (cash kept 17 000, change 3 000) and one the tendered way (paid 5 000 for 2 000).
    const kept = (await bridge.run('OrderController_create', {
      body: {
        order_id: 'A-2001',
        automated_point_id: world.point,
        workplace_id: world.workplace,
        settlement_id: shift.id,
        items: [{ item_id: world.tea, quantity: '17', price: '1000', subtotal: '17000' }],
        subtotal: '17000',
        total_sum: '17000',
        total_paid: '17000',
        total_change: '3000',
        is_closed: true,
        payments: [{ payment_type_id: world.cash, paid_sum: '17000', settlement_id: shift.id }],
      },
    })) as { id: string; items: { id: string }[] };
    await bridge.run('OrderController_create', {
      body: {
        order_id: 'A-2002',
        automated_point_id: world.point,
        workplace_id: world.workplace,
        settlement_id: shift.id,
        items: [{ item_id: world.coffee, quantity: '1', price: '2000', subtotal: '2000' }],
        subtotal: '2000',
        total_sum: '2000',
        total_paid: '5000',
        total_change: '3000',
        is_closed: true,
        payments: [{ payment_type_id: world.cash, paid_sum: '5000', settlement_id: shift.id }],
      },
    });
    // The sale's receipt shows the 20 000 handed over, though the till recorded the 17 000 kept.
    let before = printer.jobs.length;
    expect(await printDocument({ kind: 'sale', orderId: kept.id, openDrawer: false })).toMatchObject({ ok: true });
    const [receipt] = (await printer.waitForJobs(before + 1)).slice(before);
    expect(receipt!.parsed.lines.join('\n')).toMatch(/Cash +20 000\nChange +3 000/);

    // The owner refunds 5 teas of the first sale in cash on the service, in this shift; the till pulls it.
    await bridge.terminal('terminal.syncNow');
    const refund = await server.request('POST', `/api/v1/orders/refund/${kept.id}`, {
      token: shop.token,
      body: { refund_number: 'A-2001-R1', settlement_id: shift.id, lines: [{ order_line_id: kept.items[0]!.id, quantity: '5' }], payments: [{ payment_type_id: world.cash, amount: '5000' }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    await bridge.terminal('terminal.syncNow');

    before = printer.jobs.length;
    expect(await printDocument({ kind: 'refund', refundId: refund.body.id })).toMatchObject({ ok: true });
    const [slip] = (await printer.waitForJobs(before + 1)).slice(before);
    const slipText = slip!.parsed.lines.join('\n');
    expect(slipText).toContain('REFUND RECEIPT');
    expect(slipText).toContain('A-2001-R1');
    expect(slipText).toMatch(/Original order # +A-2001/);
    expect(slipText).toMatch(/ {2}5 x 1 000 +5 000/);
    expect(slipText).toMatch(/REFUNDED +5 000/);
    expect(slip!.parsed.drawerPulses).toBe(1);

    before = printer.jobs.length;
    expect(await printDocument({ kind: 'shift-report', settlementId: shift.id, final: false })).toMatchObject({ ok: true });
    const [x] = (await printer.waitForJobs(before + 1)).slice(before);
    const xText = x!.parsed.lines.join('\n');
    expect(xText).toContain('X REPORT');
    expect(xText).toMatch(/Sales \(2\) +19 000/);
    expect(xText).toMatch(/Refunds \(1\) +-5 000/);
    // 50 000 opening + 17 000 + 2 000 kept − 5 000 back: both ways of recording the change agree.
    expect(xText).toMatch(/Expected cash +64 000/);
    const report = await server.request('GET', `/api/v1/settlements/${shift.id}/report`, { token: shop.token });
    expect(report.body).toMatchObject({ expected_cash: '64000', refunds_total: '5000', cash_sales: '19000' });
  });

  it('prints the credit slip of a signed sale on account with the debt entry that keeps the signature', async () => {
    language = 'en';
    const sale = (await bridge.run('OrderController_create', {
      body: {
        order_id: 'A-3001',
        automated_point_id: world.point,
        workplace_id: world.workplace,
        client_id: world.client,
        items: [{ item_id: world.tea, quantity: '3', price: '1000', subtotal: '3000' }],
        subtotal: '3000',
        total_sum: '3000',
        total_paid: '3000',
        is_closed: true,
        payments: [{ payment_type_id: world.debt, paid_sum: '3000', signature_url: 'https://signatures.example/a-3001.png' }],
      },
    })) as { id: string };
    const entries = (await bridge.run('ClientDebtController_findAllTransactions', { query: { client_id: world.client } })) as { id: string; signature_url: string | null }[];
    const signed = entries.find((entry) => entry.signature_url === 'https://signatures.example/a-3001.png');
    expect(signed).toBeDefined();
    const before = printer.jobs.length;
    expect(await printDocument({ kind: 'credit-slip', orderId: sale.id })).toMatchObject({ ok: true });
    const [slip] = (await printer.waitForJobs(before + 1)).slice(before);
    const text = slip!.parsed.lines.join('\n');
    expect(text).toContain('SALE ON ACCOUNT');
    expect(text).toContain("Client's signature on file");
    // The entry's id, wrapped over the 32 columns of the paper.
    expect(text.replace(/\s+/g, '')).toContain(`Signature:${signed!.id}`);
  });

  it('prints a voided open order’s slip after the void: its lines, the cash going back with a drawer pulse, the approving manager and the reason, in cp866', async () => {
    language = 'ru';
    await printer.setState('ready');
    const open = (await bridge.run('OrderController_create', {
      body: {
        order_id: 'A-4001',
        automated_point_id: world.point,
        workplace_id: world.workplace,
        items: [
          { item_id: world.tea, quantity: '2', price: '1000', subtotal: '2000' },
          { item_id: uzbekItem, quantity: '1', price: '15000', subtotal: '15000' },
        ],
        subtotal: '17000',
        total_sum: '17000',
        total_paid: '5000',
        payments: [{ payment_type_id: world.cash, paid_sum: '5000' }],
      },
    })) as { id: string };
    // Asked before the void, there is no void to print: nothing reaches the paper.
    let before = printer.jobs.length;
    expect(await printDocument({ kind: 'void', orderId: open.id })).toMatchObject({ ok: false, canReprint: false });
    expect(printer.jobs).toHaveLength(before);

    await bridge.run('OrderRefundController_void', { params: { id: open.id }, body: { manager_id: managerId, reason: 'Стол перепутан' } });
    before = printer.jobs.length;
    expect(await printDocument({ kind: 'void', orderId: open.id, managerId: managerId, reason: 'Стол перепутан' })).toEqual({ ok: true, canReprint: true });
    const [slip] = (await printer.waitForJobs(before + 1)).slice(before);
    const paper = slip!.parsed;
    expect(paper.problems).toEqual([]);
    expect(paper.codePageSwitches).toEqual([17]);
    expect(paper.drawerPulses).toBe(1);
    expect(paper.cuts).toBe(1);
    // A voided order cannot be refunded: the slip carries no order code for the refund screen.
    expect(paper.qrCodes).toEqual([]);
    expect(paper.barcodes).toEqual([]);
    const text = paper.lines.join('\n');
    expect(text).toContain('АННУЛИРОВАНИЕ');
    expect(text).toMatch(/Заказ № +A-4001/);
    expect(text).toMatch(/Аннулирован: +\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/);
    expect(text).toMatch(/Кассир: +G'ulom Qodirov/);
    expect(text).toMatch(/ {2}2 x 1 000 +2 000/);
    expect(text).toContain("Qo'qon choyi - Ковун");
    expect(text).toMatch(/АННУЛИРОВАНО +17 000/);
    expect(text).toMatch(/Выплачено\nCash +5 000/);
    expect(text).toMatch(/Подтвердил: +Dilnoza Rahimova/);
    expect(text).toContain('Причина: Стол перепутан');
    expect(paper.lines.every((line) => line.length <= 32)).toBe(true);

    // The preview shows the same slip without printing it; the reprint gives it again without opening the drawer.
    const preview = await previewDocument({ kind: 'void', orderId: open.id, managerId: managerId, reason: 'Стол перепутан' });
    expect(preview.filter((line) => line.trim() !== '')).toEqual(paper.lines.filter((line) => line.trim() !== ''));
    expect(await reprintLast()).toEqual({ ok: true, canReprint: true });
    const [again] = (await printer.waitForJobs(before + 2)).slice(before + 1);
    expect(again!.parsed.drawerPulses).toBe(0);
    await expect(bridge.terminal('terminal.print', { kind: 'void', orderId: open.id, reason: 7 } as never)).rejects.toMatchObject({ statusCode: 400, message: ['reason must be a string'] });
  });

  it('answers a document that is not on the till, a malformed request and a signed-out till with a message, never a failure', async () => {
    language = 'en';
    expect(await printDocument({ kind: 'sale', orderId: 'no-such-order', openDrawer: false })).toEqual({
      ok: false,
      canReprint: false,
      message: 'This document is not on this till yet, so it cannot be printed.',
    });
    await expect(bridge.terminal('terminal.print', { kind: 'sale' } as never)).rejects.toMatchObject({ statusCode: 400, message: expect.arrayContaining(['orderId is required']) });
    await expect(bridge.terminal('terminal.print', { kind: 'poster', orderId: 'x' } as never)).rejects.toMatchObject({ statusCode: 400 });
    await bridge.terminal('terminal.signOut');
    expect(await printDocument({ kind: 'credit-slip', orderId: 'whatever' })).toMatchObject({ ok: false, message: 'Sign in with your PIN to print.' });
    await bridge.terminal('terminal.pinLogin', { pincode: '3141' });
  });
});
