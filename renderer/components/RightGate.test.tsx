// @vitest-environment happy-dom
/**
 * Rights at the till (issue 28 §2): a screen the role does not grant is locked with what it needs; a manager's PIN
 * opens it under the manager's override (its operations run through `terminal.runApproved`, ended when the screen
 * closes or its document is saved), and a RIGHT_MISSING refusal is said in the cashier's language.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorLines } from '../bridge.js';
import { translator, type Language } from '../i18n/index.js';
import { useBridge } from '../state/context.js';
import { createTerminalStore } from '../state/terminal.js';
import { EMPLOYEE, fakeBridge, memoryStorage, renderWith, type FakeBridge } from '../test-support.js';
import { RightGate, useEndOverride } from './RightGate.js';

afterEach(cleanup);

/** A screen that reads once and saves on a click, showing what came back or the refusal. */
function StockScreen() {
  const bridge = useBridge();
  const end = useEndOverride();
  const [said, setSaid] = useState('');
  const save = () =>
    bridge.run('StockQuantityController_update', { params: { id: 'sq-1' }, body: { quantity: '5' } }).then(
      () => setSaid('saved'),
      (error: unknown) => setSaid(errorLines(error).join(' ')),
    );
  return (
    <div data-testid="stock-screen">
      <button type="button" onClick={() => void save()}>
        Save
      </button>
      <button type="button" onClick={() => end()}>
        Done
      </button>
      <p data-testid="said">{said}</p>
    </div>
  );
}

function shown(rights: readonly string[] | undefined, language: Language = 'en', bridge: FakeBridge = fakeBridge()) {
  const store = createTerminalStore(bridge, memoryStorage(), language);
  store.setState({ employee: { ...EMPLOYEE, ...(rights ? { rights } : {}) }, language });
  const view = renderWith(
    bridge,
    <RightGate right="STOCK" reason="Stock changes">
      <StockScreen />
    </RightGate>,
    store,
  );
  return { bridge, ...view };
}

describe('a screen the role does not grant', () => {
  it('is locked with a lock, “Needs a manager” and the right it needs, in the cashier’s language', () => {
    const t = translator('uz');
    shown([], 'uz');
    expect(screen.queryByTestId('stock-screen')).toBeNull();
    const locked = screen.getByTestId('locked');
    expect(locked.querySelector('svg.lock-icon')).toBeTruthy();
    expect(locked.textContent).toContain(t('rights.locked'));
    expect(locked.textContent).toContain(t('rights.lockedText', { right: t('rights.right.STOCK') }));
    expect(screen.getByRole('button', { name: t('rights.managerPin') })).toBeTruthy();
  });

  it('opens for a role that grants the right, or MANAGER, and when the core does not say', () => {
    for (const rights of [['STOCK'], ['MANAGER'], undefined]) {
      shown(rights);
      expect(screen.getByTestId('stock-screen')).toBeTruthy();
      cleanup();
    }
  });

  it('opens with a manager’s PIN: its operations run as the manager until the screen says its document is done', async () => {
    const bridge = fakeBridge({
      'terminal.managerApproval': { managerId: 'mgr-1', managerName: 'Rustam', approvalId: 'ap-1' },
      'terminal.runApproved': { id: 'sq-1' },
      'terminal.approvalEnd': { ended: true },
    });
    shown([], 'en', bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Manager’s PIN' }));
    const field = screen.getByTestId('manager-approval').querySelector('input[name="managerPin"]') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '7391' } });
    await act(async () => fireEvent.keyDown(field, { key: 'Enter' }));
    expect(bridge.calls[0]).toEqual(['terminal.managerApproval', { pin: '7391', reason: 'Stock changes', hold: 'screen' }]);
    expect(screen.getByTestId('manager-override').textContent).toContain('Approved by Rustam until this screen is closed.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByTestId('said').textContent).toBe('saved');
    expect(bridge.calls[1]).toEqual([
      'terminal.runApproved',
      { approvalId: 'ap-1', operation: 'StockQuantityController_update', input: { params: { id: 'sq-1' }, body: { quantity: '5' } } },
    ]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(screen.getByTestId('locked')).toBeTruthy();
    await waitFor(() => expect(bridge.calls.at(-1)).toEqual(['terminal.approvalEnd', { approvalId: 'ap-1' }]));
  });

  it('ends the override when the screen is left', async () => {
    const bridge = fakeBridge({
      'terminal.managerApproval': { managerId: 'mgr-1', managerName: 'Rustam', approvalId: 'ap-2' },
      'terminal.approvalEnd': { ended: true },
    });
    const { unmount } = shown([], 'en', bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Manager’s PIN' }));
    const field = screen.getByTestId('manager-approval').querySelector('input[name="managerPin"]') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '7391' } });
    await act(async () => fireEvent.keyDown(field, { key: 'Enter' }));
    unmount();
    await waitFor(() => expect(bridge.calls.at(-1)).toEqual(['terminal.approvalEnd', { approvalId: 'ap-2' }]));
  });

  it('says a RIGHT_MISSING refusal in the cashier’s language, naming the right', async () => {
    const bridge = fakeBridge({
      StockQuantityController_update: () => {
        throw { statusCode: 403, message: 'Your role does not grant STOCK', code: 'RIGHT_MISSING', right: 'STOCK' };
      },
    });
    shown(['STOCK'], 'ru', bridge);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByTestId('said').textContent).toBe('Ваша должность не позволяет это сделать: нужно право «Приход и склад».');
  });
});
