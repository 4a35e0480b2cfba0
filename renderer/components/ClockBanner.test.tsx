// @vitest-environment happy-dom
/**
 * A wrong computer clock on the till's screen (docs/terminal-ui.md): the banner says how far off it is and what
 * sales are dated by, in uz, ru and en, and goes once the clock is right; the shift's proposed name is dated by the
 * till's sane clock, not by the computer's.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClockPayload } from '../../shared/terminal-contract.js';
import type { Language } from '../i18n/index.js';
import { translator } from '../i18n/index.js';
import { skewAmount } from '../lib/sane-clock.js';
import { OpenShiftForm } from '../screens/shift/OpenShiftForm.js';
import { fakeBridge, ONLINE, renderWith } from '../test-support.js';
import { ClockBanner } from './ClockBanner.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const DAY = 86_400_000;
const TWO_YEARS = 730 * DAY;
const ahead: ClockPayload = { skewMs: TWO_YEARS, since: '2026-11-25T09:00:00.000Z', basis: 'service', correctionMs: -TWO_YEARS };

function bannerText(language: Language, clock: ClockPayload | undefined): string | null {
  const { store } = renderWith(fakeBridge(), <ClockBanner />);
  act(() => store.setState({ language, sync: { ...ONLINE, ...(clock ? { clock } : {}) } }));
  const text = screen.queryByTestId('clock-warning')?.textContent ?? null;
  cleanup();
  return text;
}

describe('the clock warning', () => {
  it('says in each language that the clock is two years ahead of the service and sales are dated by its time', () => {
    expect(bannerText('en', ahead)).toBe('This computer’s clock is 2 years ahead of the service; sales are dated by the service’s time. Set the clock right.');
    expect(bannerText('ru', ahead)).toBe('Часы этого компьютера спешат на 2 года относительно сервиса; продажи датируются по времени сервиса. Установите правильное время.');
    expect(bannerText('uz', ahead)).toBe('Bu kompyuterning soati xizmat vaqtidan 2 yil oldinda; savdolar xizmat vaqti bo‘yicha sanalanmoqda. Soatni to‘g‘rilang.');
  });

  it('says a clock set back is behind the service, or behind the last time the till knew to be right while offline', () => {
    const behind = { ...ahead, skewMs: -3 * DAY, correctionMs: 3 * DAY };
    expect(bannerText('en', behind)).toBe('This computer’s clock is 3 days behind the service; sales are dated by the service’s time. Set the clock right.');
    expect(bannerText('en', { ...behind, basis: 'last-known' })).toMatch(/^This computer’s clock is at least 3 days behind the last time this till knew to be right/);
  });

  it('shows nothing while the clock is right, or from a core that does not report it', () => {
    expect(bannerText('en', { skewMs: null, since: null, basis: 'service', correctionMs: 0 })).toBeNull();
    expect(bannerText('en', undefined)).toBeNull();
  });

  it('says how far off in the largest whole unit, by each language’s plural rules', () => {
    const en = translator('en');
    const ru = translator('ru');
    expect([skewAmount(TWO_YEARS, en), skewAmount(-5 * DAY, en), skewAmount(3 * 3_600_000, en), skewAmount(-150_000, en)]).toEqual(['2 years', '5 days', '3 hours', '3 minutes']);
    expect([skewAmount(365 * DAY, ru), skewAmount(5 * 365 * DAY, ru), skewAmount(DAY, ru), skewAmount(22 * 3_600_000, ru)]).toEqual(['1 год', '5 лет', '1 день', '22 часа']);
  });
});

describe('a shift’s proposed name', () => {
  it('is dated by the till’s sane clock while the computer’s clock is two years ahead', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2028, 10, 24, 9, 30));
    const { store } = renderWith(fakeBridge(), <OpenShiftForm workplaceId="wp-1" onOpened={() => undefined} />, undefined);
    cleanup();
    act(() => store.setState({ language: 'en', sync: { ...ONLINE, clock: ahead } }));
    const rendered = renderWith(fakeBridge(), <OpenShiftForm workplaceId="wp-1" onOpened={() => undefined} />, store);
    const name = (rendered.getByRole('textbox', { name: /name/i }) as HTMLInputElement).value;
    expect(name).toMatch(/2026/);
    expect(name).not.toMatch(/2028/);
  });
});
