// @vitest-environment happy-dom
/**
 * Editing a tax or a discount: the form opens with the stored amounts written the language's way ("1 250,5" in ru,
 * "1,250.5" in en — what the table shows, not the raw "1250.5"), and Save sends exactly the decimal string the owner
 * meant, also after the language was switched with the form open. No JS number is ever involved.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { RecordsPage } from '../../components/RecordsPage.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { ConsoleProvider } from '../../context.js';
import { translator, type Language } from '../../i18n/index.js';
import { discountsConfig } from '../discounts/index.js';
import { taxesConfig } from './index.js';

afterEach(cleanup);

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
}

const SESSION = JSON.stringify({ token: 'token-1', user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' } });
const TAX = { id: 'tax-1', name: 'QQS', tax_percent: '12.5', tax_value: null, fee_percent: null, fee_value: '1250.5', id_automated_point: null };
const DISCOUNT = { id: 'd-1', name: 'Bayram', discount_percent: '7.25', discount_value: '98765432109876543.21', id_automated_point: null };

function renderPage(config: typeof taxesConfig | typeof discountsConfig, language: Language) {
  const sent: { url: string; method: string; body: Record<string, unknown> | undefined }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, body: init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined });
    const answer = url.includes('/taxes/all') ? [TAX] : url.includes('/discounts/all') ? [DISCOUNT] : url.includes('/points/all') ? [] : {};
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  render(
    <ConsoleProvider fetch={fetch} sessionStorage={memoryStorage({ 'kassa.console.session': SESSION })} preferences={memoryStorage({ 'kassa.console.language': language })}>
      <LanguageSwitch />
      <RecordsPage config={config as typeof taxesConfig} />
    </ConsoleProvider>,
  );
  return sent;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('editing a tax or a discount', () => {
  it('opens with the stored amounts in the language’s number format and saves them back unchanged, exactly', async () => {
    for (const language of ['ru', 'en', 'uz'] as const) {
      const t = translator(language);
      const sent = renderPage(taxesConfig, language);
      const edit = await screen.findByRole('button', { name: t('common.edit') }, { timeout: 10_000 });
      await act(async () => fireEvent.click(edit));
      expect(input(t('field.taxPercent')).value).toBe(language === 'en' ? '12.5' : '12,5');
      expect(input(t('field.feeValue')).value).toBe(language === 'en' ? '1,250.5' : '1\u00a0250,5');
      expect(input(t('field.taxValue')).value).toBe('');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));
      const patch = sent.find((request) => request.method === 'PATCH');
      expect(patch?.url).toBe('/api/v1/finance/taxes/update/tax-1');
      expect(patch?.body).toMatchObject({ tax_percent: '12.5', fee_value: '1250.5' });
      cleanup();
    }
  });

  it('reads a changed amount typed the language’s way as the exact decimal string', async () => {
    const t = translator('ru');
    const sent = renderPage(discountsConfig, 'ru');
    const edit = await screen.findByRole('button', { name: t('common.edit') }, { timeout: 10_000 });
    await act(async () => fireEvent.click(edit));
    expect(input(t('field.discountValue')).value).toBe('98\u00a0765\u00a0432\u00a0109\u00a0876\u00a0543,21');
    fireEvent.change(input(t('field.discountValue')), { target: { value: '98 765 432 109 876 543,19' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));
    // 17 digits and two decimals: beyond a float's precision, so only string arithmetic keeps it.
    expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({ discount_percent: '7.25', discount_value: '98765432109876543.19' });
  });

  it('keeps the amount when the language is switched with the form open: "1 250,5" typed in ru is saved as 1250.5 in en', async () => {
    const ru = translator('ru');
    const en = translator('en');
    const sent = renderPage(taxesConfig, 'ru');
    const edit = await screen.findByRole('button', { name: ru('common.edit') }, { timeout: 10_000 });
    await act(async () => fireEvent.click(edit));
    fireEvent.change(input(ru('field.feeValue')), { target: { value: '2 000,75' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'EN' })));
    expect(input(en('field.feeValue')).value).toBe('2,000.75');
    expect(input(en('field.taxPercent')).value).toBe('12.5');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('common.save') })));
    expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({ tax_percent: '12.5', fee_value: '2000.75' });
  });
});
