/**
 * Printing on screen, end to end in Chromium at 1024×768 against a real service, terminal core and fake ESC/POS
 * printer: a cash sale with change while the point's printer is switched off shows, on the next sale's screen, the
 * change, the printer's problem, Reprint and Preview; Preview opens the receipt as the paper will print it (58 mm:
 * 32 characters a line, the point's printer tied to the point by its `automated_point_id` column); Esc closes it and
 * the receipt is reprinted once the printer is on. Screenshots in uz, ru and en (e2e/artifacts; the good ones are
 * kept in docs/screenshots/print for docs/terminal-ui.md).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePrinter, type FakePrinter } from '../test/helpers/fake-printer.js';
import { must, ROOT, startWorld, type World } from './harness.js';
import { seedShop, signIn, type Shop } from './shop.js';

const KEPT = join(ROOT, 'docs', 'screenshots', 'print');

describe('the print preview and the last sale’s printing, end to end', () => {
  let world: World;
  let shop: Shop;
  let printer: FakePrinter;

  beforeAll(async () => {
    printer = await startFakePrinter();
    world = await startWorld('print', { printing: {} });
    shop = await seedShop(world.service);
    const as = { token: shop.token };
    const workplace = (await must(world.service, 'GET', '/business-config/workplaces/all', as)).find((row: { id: string }) => row.id === shop.workplace);
    await must(world.service, 'POST', '/business-config/printers/create', {
      ...as,
      body: { name: 'Counter', ip_address: printer.host, port: String(printer.port), type: 'receipt 58mm', automated_point_id: workplace.automated_point_id },
    });
    await must(world.service, 'POST', '/settlements/create', { ...as, body: { name: 'Morning', workplace_id: shop.workplace, opening_cash: '50000' } });
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', { ...as, body: { workplaceId: shop.workplace } });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (print)' });
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await world.shot('failed');
  });
  afterAll(async () => {
    await world?.close();
    await printer?.close();
  });

  /**
   * The screen in uz, ru and en (ending in en), kept in docs/screenshots/print too; `before` runs after each switch
   * (a message already shown stays in the language it was given in).
   */
  const shots = async (name: string, before: () => Promise<void> = async () => {}) => {
    mkdirSync(KEPT, { recursive: true });
    for (const language of ['UZ', 'RU', 'EN'] as const) {
      // Dispatched, not clicked: the preview's backdrop covers the buttons.
      await world.page.getByRole('button', { name: language, exact: true }).dispatchEvent('click');
      await before();
      await world.page.waitForTimeout(300);
      await world.shot(`${name}-${language.toLowerCase()}`);
      await world.page.screenshot({ path: join(KEPT, `${name}-${language.toLowerCase()}.png`) });
    }
  };

  it('shows the change, the printer’s problem, Reprint and Preview; the preview is the 58 mm paper; Esc closes it; Reprint prints', async () => {
    const { page } = world;
    await signIn(page, world.terminal.host.url);
    await page.getByTestId('sale-screen').waitFor();
    await printer.setState('off');
    const field = page.getByLabel('Barcode or search');
    await field.focus();
    await page.keyboard.type('4780000000017', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.cart-line').count()).toBe(1);
    await page.keyboard.press('F12');
    await page.getByTestId('payment-panel').getByRole('radio', { name: 'Cash' }).waitFor();
    await page.getByLabel('Cash received').fill('20000');
    await page.keyboard.press('Enter');
    const strip = page.getByTestId('last-sale');
    await strip.getByTestId('print-notice').waitFor({ timeout: 15_000 });
    expect(await strip.textContent()).toContain('8,000');
    expect(await strip.textContent()).toContain('does not answer');
    // Reprint with the printer still off: the problem again, now in the language on screen.
    await shots('last-sale', async () => {
      const jobs = printer.jobs.length;
      const notice = strip.getByTestId('print-notice');
      const before = await notice.textContent();
      await notice.getByRole('button').first().click();
      await expect.poll(() => notice.textContent(), { timeout: 15_000 }).not.toBe(before);
      expect(printer.jobs).toHaveLength(jobs);
    });
    expect(await strip.textContent()).toContain('does not answer');

    await strip.getByTestId('last-sale-preview').click();
    const paper = page.getByTestId('print-preview-lines');
    await paper.waitFor();
    const lines = ((await paper.textContent()) ?? '').split('\n');
    expect(lines.every((line) => line.length <= 32)).toBe(true);
    expect(lines.join('\n')).toMatch(/Green tea 100 g/);
    expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe('print-preview-close');
    await shots('preview');
    await page.keyboard.press('Escape');
    await page.getByTestId('print-preview').waitFor({ state: 'detached' });
    // The sale screen is as it was: the cart empty, the strip still there.
    expect(await page.locator('.cart-line').count()).toBe(0);

    await printer.setState('ready');
    const before = printer.jobs.length;
    await strip.getByRole('button', { name: 'Reprint' }).click();
    await strip.getByTestId('print-notice').waitFor({ state: 'detached' });
    await printer.waitForJobs(before + 1);
    expect(printer.jobs[before]!.parsed.drawerPulses).toBe(0);
    expect(printer.jobs[before]!.parsed.lines.join('\n')).toContain('Green tea 100 g');
  });
});
