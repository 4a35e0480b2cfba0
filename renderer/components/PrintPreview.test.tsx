// @vitest-environment happy-dom
/**
 * The screens' side of printing: the answers of the shell in the cashier's three languages, calls that never
 * reject whatever the bridge does, the preview showing the shell's lines at the paper's width (Escape closes,
 * Enter prints) as a modal dialog that keeps the keyboard from the screen behind, and the reprint notice.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectPrinting, printDocument, reprintLast, resultOf } from '../printing.js';
import { fakeBridge, renderWith, rpcError } from '../test-support.js';
import { PreviewButton, PrintNotice, PrintPreview } from './PrintPreview.js';

afterEach(cleanup);

describe('printing from the screens', () => {
  it('says why a receipt did not print in the cashier’s language, naming the printer', () => {
    const outOfPaper = { ok: false, problem: 'out-of-paper', printer: 'Kassa', canReprint: true } as const;
    expect(resultOf(outOfPaper, 'en').message).toBe('Printer “Kassa” is out of paper: load a new roll, then reprint. The sale is saved.');
    expect(resultOf(outOfPaper, 'ru').message).toContain('В принтере «Kassa» закончилась бумага');
    expect(resultOf(outOfPaper, 'uz').message).toContain('“Kassa” printerida qog‘oz tugadi');
    expect(resultOf({ ok: true, canReprint: true }, 'en')).toEqual({ ok: true, canReprint: true });
  });

  it('sends the request with the language on screen, and never rejects when the till does not answer', async () => {
    const bridge = fakeBridge({ 'terminal.print': { ok: true, canReprint: true } });
    const disconnect = connectPrinting(bridge, () => 'ru');
    expect(await printDocument({ kind: 'sale', orderId: 'o-1', openDrawer: true })).toEqual({ ok: true, canReprint: true });
    expect(bridge.calls).toEqual([['terminal.print', { kind: 'sale', orderId: 'o-1', openDrawer: true, language: 'ru' }]]);
    bridge.answer('terminal.reprintLast', () => {
      throw rpcError(503, 'The connection to the terminal was lost');
    });
    expect(await reprintLast()).toEqual({ ok: false, canReprint: false, message: expect.stringContaining('Касса не ответила') });
    disconnect();
    expect(await printDocument({ kind: 'refund', refundId: 'r-1' })).toMatchObject({ ok: false, canReprint: false });
  });

  it('previews the shell’s lines at the paper’s width; Enter prints and Escape closes', async () => {
    const lines = ['     Bahor Market', '--------------------------------', 'TOTAL                      2 000'];
    const bridge = fakeBridge({ 'terminal.printPreview': { lines, columns: 32 } });
    connectPrinting(bridge, () => 'en');
    const onClose = vi.fn();
    const onPrint = vi.fn();
    renderWith(bridge, <PrintPreview request={{ kind: 'sale', orderId: 'o-1', openDrawer: false }} onClose={onClose} onPrint={onPrint} />);
    const paper = await screen.findByTestId('print-preview-lines');
    expect(paper.textContent).toBe(lines.join('\n'));
    expect(paper.className).toContain('print-paper-58');
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(onPrint).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the reprint button only when the job was kept, and hands the reprint’s answer back', async () => {
    const bridge = fakeBridge({ 'terminal.reprintLast': { ok: true, canReprint: true } });
    connectPrinting(bridge, () => 'en');
    const onResult = vi.fn();
    renderWith(bridge, <PrintNotice result={{ ok: false, message: 'Printer “Kassa” does not answer', canReprint: true }} onResult={onResult} />);
    expect(screen.getByRole('alert').textContent).toContain('Printer “Kassa” does not answer');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reprint' }));
    });
    expect(onResult).toHaveBeenCalledWith({ ok: true, canReprint: true });
    cleanup();
    renderWith(bridge, <PrintNotice result={{ ok: false, message: 'No receipt printer', canReprint: false }} onResult={onResult} />);
    expect(screen.getByRole('alert').textContent).toContain('No receipt printer');
    expect(screen.queryByRole('button', { name: 'Reprint' })).toBeNull();
  });

  it('is a modal dialog: it takes the focus, Tab stays inside, Enter on a focused button presses it, and no key reaches the screen behind', async () => {
    const bridge = fakeBridge({ 'terminal.printPreview': { lines: ['X REPORT'], columns: 48 } });
    connectPrinting(bridge, () => 'uz');
    const behind = vi.fn();
    window.addEventListener('keydown', behind);
    const onPrint = vi.fn();
    try {
      renderWith(bridge, <PreviewButton request={{ kind: 'shift-report', settlementId: 's-1', final: false }} onPrint={onPrint} testId="x-preview" />);
      const button = screen.getByTestId('x-preview');
      expect(button.textContent).toBe('Preview');
      button.focus();
      fireEvent.click(button);
      const paper = await screen.findByTestId('print-preview-lines');
      expect(paper.className).toContain('print-paper-80');
      expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
      const close = screen.getByTestId('print-preview-close');
      expect(document.activeElement).toBe(close);
      // Tab from the last element comes back to the first (the paper, scrollable by keys), not to the screen behind.
      fireEvent.keyDown(close, { key: 'Tab' });
      expect(document.activeElement).toBe(paper);
      fireEvent.keyDown(paper, { key: 'Tab', shiftKey: true });
      expect(document.activeElement).toBe(close);
      // A scanner's digits, Enter and Esc: none reaches the screen's own listeners.
      fireEvent.keyDown(paper, { key: '4' });
      close.focus();
      fireEvent.keyDown(close, { key: 'Enter' });
      expect(onPrint).not.toHaveBeenCalled();
      fireEvent.keyDown(close, { key: 'Escape' });
      expect(behind).not.toHaveBeenCalled();
      expect(screen.queryByTestId('print-preview')).toBeNull();
      expect(document.activeElement).toBe(button);
      expect(bridge.calls).toEqual([['terminal.printPreview', { kind: 'shift-report', settlementId: 's-1', final: false, language: 'uz' }]]);
    } finally {
      window.removeEventListener('keydown', behind);
    }
  });

  it('says why a document cannot be shown, and that the point has no printer under a preview it can show', async () => {
    const bridge = fakeBridge({ 'terminal.printPreview': { lines: [], columns: 48, problem: 'not-found' } });
    connectPrinting(bridge, () => 'en');
    renderWith(bridge, <PrintPreview request={{ kind: 'void', orderId: 'o-9' }} onClose={() => {}} />);
    expect((await screen.findByTestId('print-preview-empty')).textContent).toBe('This document is not on this till yet, so it cannot be printed.');
    cleanup();
    bridge.answer('terminal.printPreview', { lines: ['VOID'], columns: 32, problem: 'no-printer' });
    renderWith(bridge, <PrintPreview request={{ kind: 'void', orderId: 'o-9', managerId: 'm-1' }} onClose={() => {}} />);
    expect((await screen.findByTestId('print-preview-note')).textContent).toContain('No receipt printer is set up for this point.');
  });
});
