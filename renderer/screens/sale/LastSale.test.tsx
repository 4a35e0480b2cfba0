// @vitest-environment happy-dom
/**
 * The last-sale strip on the next sale's screen: the change to hand over, the printer's problem with Reprint once
 * the printing answers (never before: the strip shows at once), and Preview, which shows the receipt as the paper
 * would and can print it again without opening the drawer.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectPrinting, type PrintResult } from '../../printing.js';
import { fakeBridge, renderWith } from '../../test-support.js';
import { LastSale } from './LastSale.js';

afterEach(cleanup);

describe('the last sale’s strip', () => {
  it('shows the change at once, then the printer’s problem with Reprint and Preview; Preview’s Print prints the receipt without the drawer', async () => {
    const lines = ['          Chorsu', '         SALE RECEIPT', 'TOTAL                     17 000', 'Change                     3 000'];
    const bridge = fakeBridge({
      'terminal.printPreview': { lines, columns: 32 },
      'terminal.print': { ok: true, canReprint: true },
      'terminal.reprintLast': { ok: true, canReprint: true },
    });
    connectPrinting(bridge, () => 'en');
    let answer: (result: PrintResult) => void = () => {};
    const printing = new Promise<PrintResult>((resolve) => (answer = resolve));
    renderWith(bridge, <LastSale sale={{ orderId: 'o-1', change: 300000n, printing }} />);
    expect(screen.getByTestId('last-sale').textContent).toContain('Change 3,000');
    expect(screen.queryByTestId('print-notice')).toBeNull();

    await act(async () => answer({ ok: false, message: 'Printer “Kassa” is out of paper', canReprint: true }));
    expect(screen.getByTestId('print-notice').textContent).toContain('Printer “Kassa” is out of paper');
    expect(screen.getByRole('button', { name: 'Reprint' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('last-sale-preview'));
    expect((await screen.findByTestId('print-preview-lines')).textContent).toBe(lines.join('\n'));
    expect(bridge.calls).toContainEqual(['terminal.printPreview', { kind: 'sale', orderId: 'o-1', openDrawer: false, language: 'en' }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    });
    expect(bridge.calls).toContainEqual(['terminal.print', { kind: 'sale', orderId: 'o-1', openDrawer: false, language: 'en' }]);
    expect(screen.queryByTestId('print-preview')).toBeNull();
    // Printed: the problem is gone.
    expect(screen.queryByTestId('print-notice')).toBeNull();
  });

  it('says the sale’s short number back, so the cashier can tell the customer, and nothing for a till without one', async () => {
    const bridge = fakeBridge({});
    connectPrinting(bridge, () => 'en');
    const printing = Promise.resolve<PrintResult>({ ok: true, canReprint: false });
    const { unmount } = renderWith(bridge, <LastSale sale={{ orderId: 'o-1', number: 'A-17', change: 0n, printing }} />);
    expect(screen.getByTestId('last-sale-number').textContent).toBe('No. A-17');
    unmount();
    renderWith(bridge, <LastSale sale={{ orderId: 'o-2', number: null, change: 0n, printing }} />);
    expect(screen.queryByTestId('last-sale-number')).toBeNull();
    await act(async () => {});
  });
});
