/**
 * "Adding a receipt line to its display": in a new goods receipt, a keyboard-wedge scanner types a barcode and
 * Enter; timed from that Enter to the frame that shows the new line (one more `receipt-line` row).
 */
import type { Page } from 'playwright-core';
import { armKeyLatency } from './page-timing.js';

export async function measureReceiptLine(page: Page, samples: number, items: number): Promise<number[]> {
  await page.keyboard.press('F4');
  await page.getByRole('heading', { name: 'Goods receipts' }).waitFor();
  await page.getByRole('button', { name: 'New receipt' }).click();
  const box = page.getByRole('combobox', { name: 'Add an item: name or barcode' });
  await box.waitFor();
  const latencies: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const barcode = `478${items - 100 - index * 13}`;
    await box.focus();
    const expected = index + 1;
    // Armed first: the scanner's burst (digits, then Enter at once) must not be interrupted.
    await page.evaluate(
      armKeyLatency(`(doc) => doc.querySelectorAll('[data-testid="receipt-line"]').length === ${expected}`, 'Enter'),
    );
    await page.keyboard.type(`${barcode}\n`);
    latencies.push((await page.evaluate('window.__latency')) as number);
  }
  return latencies;
}

/**
 * "Search over 100,000 items": in the receipt editor's item box, the keypress that completes a name, timed to the
 * frame whose result list shows exactly that item.
 */
export async function measureItemSearch(page: Page, samples: number, items: number): Promise<number[]> {
  const box = page.getByRole('combobox', { name: 'Add an item: name or barcode' });
  const latencies: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const name = `Item ${items - 3 - index * 11}`;
    await box.fill(name.slice(0, -1));
    await page.waitForTimeout(300);
    const predicate = `(doc) => { const options = doc.querySelectorAll('[role=option]'); return options.length === 1 && options[0].textContent.includes(${JSON.stringify(name)}); }`;
    await page.evaluate(armKeyLatency(predicate));
    await box.press(name.slice(-1));
    latencies.push((await page.evaluate('window.__latency')) as number);
  }
  await box.fill('');
  return latencies;
}
