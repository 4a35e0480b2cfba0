// @vitest-environment happy-dom
/**
 * The owner sets a modifier group's rules in the console (issue 16, the rules the till's picker enforces): the form
 * opens with the stored rules, saves whole counts as numbers, an emptied maximum as null (no limit) and the default
 * chosen from the modifiers; a new group is sent as a modifier group; the service's refusal shows under the field it
 * names.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { RecordsPage } from '../../components/RecordsPage.js';
import { ConsoleProvider } from '../../context.js';
import { translator } from '../../i18n/index.js';
import { modifierGroupsConfig } from './index.js';

afterEach(cleanup);

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const SESSION = JSON.stringify({
  token: 'token-1',
  user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' },
});
const GROUP = {
  id: 'g-1',
  name: 'Milk',
  is_required: true,
  min_choices: 1,
  max_choices: 1,
  free_quantity: 0,
  default_modifier_id: null,
};
const MODIFIERS = [
  { id: 'm-1', name: 'Cow milk', group_id: 'g-1' },
  { id: 'm-2', name: 'Oat milk', group_id: 'g-1' },
];

function renderPage(refuse?: string) {
  const sent: { url: string; method: string; body: Record<string, unknown> | undefined }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, body: init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined });
    if (refuse && init.method !== 'GET') {
      return new Response(JSON.stringify({ statusCode: 400, message: [refuse], path: url, timestamp: '', detail: null }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    }
    const answer = url.includes('/modifier-groups/all') ? [GROUP] : url.includes('/modifiers/all') ? MODIFIERS : {};
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  render(
    <ConsoleProvider
      fetch={fetch}
      sessionStorage={memoryStorage({ 'kassa.console.session': SESSION })}
      preferences={memoryStorage({ 'kassa.console.language': 'en' })}
    >
      <RecordsPage config={modifierGroupsConfig} />
    </ConsoleProvider>,
  );
  return sent;
}

const t = translator('en');
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));

async function openEditor() {
  const edit = await screen.findByRole('button', { name: t('common.edit') }, { timeout: 10_000 });
  await act(async () => fireEvent.click(edit));
}

describe('a modifier group’s rules in the console', () => {
  it('lists each group with its rules in words', async () => {
    renderPage();
    expect(await screen.findByText('required, 1–1 choices, 0 free', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('saves changed rules: counts as whole numbers, an emptied maximum as no limit, the default among the modifiers', async () => {
    const sent = renderPage();
    await openEditor();
    expect(input(t('field.minChoices')).value).toBe('1');
    expect(input(t('field.maxChoices')).value).toBe('1');
    fireEvent.change(input(t('field.maxChoices')), { target: { value: '' } });
    fireEvent.change(input(t('field.freeQuantity')), { target: { value: '2' } });
    fireEvent.change(input(t('field.defaultModifier')), { target: { value: 'm-2' } });
    fireEvent.click(input(t('field.isRequired')));
    await save();
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe('/api/v1/item-modifier/modifier-groups/update/g-1');
    expect(patch?.body).toEqual({
      name: 'Milk',
      is_required: false,
      min_choices: 1,
      max_choices: null,
      free_quantity: 2,
      default_modifier_id: 'm-2',
    });
  });

  it('sends a new group as a modifier group with its rules', async () => {
    const sent = renderPage();
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: t('modifierGroups.add') }, { timeout: 10_000 })),
    );
    fireEvent.change(input(t('field.name')), { target: { value: 'Sauce' } });
    fireEvent.click(input(t('field.isRequired')));
    fireEvent.change(input(t('field.maxChoices')), { target: { value: '1' } });
    await save();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Sauce',
      measurement: 'pcs',
      price: '0',
      type: 'MODIFIER_GROUP',
      is_required: true,
      min_choices: 0,
      max_choices: 1,
      free_quantity: 0,
    });
  });

  it('sends a mistyped count as typed and shows the service’s refusal under that field', async () => {
    const sent = renderPage('min_choices must be an integer');
    await openEditor();
    fireEvent.change(input(t('field.minChoices')), { target: { value: '1.5' } });
    await save();
    expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({ min_choices: '1.5' });
    await screen.findByRole('alert');
    const field = input(t('field.minChoices'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain(t('problem.integer'));
  });
});
