// @vitest-environment happy-dom
/**
 * The sign-in security page: it shows whether the second password is on (from the profile), turns it on only when
 * the two entries agree (nothing is sent otherwise) and with the account's password, changes and turns it off the
 * same way, and says the service's refusals — a wrong password, a second password equal to the first — under their
 * fields in the user's language.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { ConsoleProvider } from '../../context.js';
import { translator, type Language } from '../../i18n/index.js';
import page from './index.js';

afterEach(cleanup);

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
}

const SESSION = JSON.stringify({ token: 'token-1', user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' } });

/** A fake service holding one user's second-password flag; `refuse` answers the next change with a 400. */
function renderSecurity(language: Language, state: { enabled: boolean; refuse?: string }) {
  const sent: { url: string; method: string; body: Record<string, unknown> | undefined }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ url, method: init.method, body });
    const json = (status: number, answer: unknown) => new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/v1/auth/user/info') return json(200, { id: 'u1', login: 'owner', second_verification: state.enabled });
    if (state.refuse) {
      const message = state.refuse;
      delete state.refuse;
      return json(400, { statusCode: 400, message: [message], timestamp: '', path: url, detail: null });
    }
    if (url.endsWith('/enable')) state.enabled = true;
    if (url.endsWith('/disable')) state.enabled = false;
    return json(200, { id: 'u1', login: 'owner', second_verification: state.enabled });
  };
  const Page = page.Component;
  render(
    <ConsoleProvider fetch={fetch} sessionStorage={memoryStorage({ 'kassa.console.session': SESSION })} preferences={memoryStorage({ 'kassa.console.language': language })}>
      <Page />
    </ConsoleProvider>,
  );
  return sent;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const changes = (sent: { method: string }[]) => sent.filter((request) => request.method === 'PATCH');

describe('the sign-in security page', () => {
  it('turns the second password on only when both entries agree, with the account’s password, and then says it is on', async () => {
    const t = translator('en');
    const sent = renderSecurity('en', { enabled: false });
    await screen.findByText(t('security.stateOff'), {}, { timeout: 10_000 });
    type(t('security.second'), 'blue-river-7');
    type(t('security.repeat'), 'blue-river-8');
    type(t('security.current'), 'owner-password');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('security.turnOn') })));
    expect(screen.getByText(t('security.mismatch'))).toBeTruthy();
    expect(changes(sent)).toEqual([]);

    type(t('security.repeat'), 'blue-river-7');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('security.turnOn') })));
    expect(changes(sent)).toEqual([
      { url: '/api/v1/auth/user/second-verification/enable', method: 'PATCH', body: { password: 'blue-river-7', current_password: 'owner-password' } },
    ]);
    await screen.findByText(t('security.stateOn'), {}, { timeout: 10_000 });
    expect(screen.getByRole('status').textContent).toBe(t('security.turnedOn'));
    // Nothing typed stays on the page.
    expect(document.body.innerHTML).not.toContain('blue-river-7');
  });

  it('changes it and turns it off with the account’s password', async () => {
    const t = translator('ru');
    const sent = renderSecurity('ru', { enabled: true });
    await screen.findByText(t('security.stateOn'), {}, { timeout: 10_000 });
    const [changeForm, offForm] = [screen.getByRole('form', { name: t('security.changeTitle') }), screen.getByRole('form', { name: t('security.turnOffTitle') })];
    fireEvent.change(changeForm.querySelectorAll('input')[0]!, { target: { value: 'green-hill-2' } });
    fireEvent.change(changeForm.querySelectorAll('input')[1]!, { target: { value: 'green-hill-2' } });
    fireEvent.change(changeForm.querySelectorAll('input')[2]!, { target: { value: 'owner-password' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('security.change') })));
    expect(changes(sent)[0]).toEqual({ url: '/api/v1/auth/user/second-verification/update-password', method: 'PATCH', body: { password: 'green-hill-2', current_password: 'owner-password' } });

    fireEvent.change(offForm.querySelector('input')!, { target: { value: 'owner-password' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('security.turnOff') })));
    expect(changes(sent)[1]).toEqual({ url: '/api/v1/auth/user/second-verification/disable', method: 'PATCH', body: { current_password: 'owner-password' } });
    await screen.findByText(t('security.stateOff'), {}, { timeout: 10_000 });
  });

  it('says a wrong password and a second password equal to the first under their fields, in Uzbek', async () => {
    const t = translator('uz');
    const state: { enabled: boolean; refuse?: string } = { enabled: false, refuse: 'current_password is incorrect' };
    renderSecurity('uz', state);
    await screen.findByText(t('security.stateOff'), {}, { timeout: 10_000 });
    type(t('security.second'), 'same-as-login');
    type(t('security.repeat'), 'same-as-login');
    type(t('security.current'), 'wrong');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('security.turnOn') })));
    expect(await screen.findByText(t('problem.currentPasswordWrong'))).toBeTruthy();
    expect(screen.getByLabelText(t('security.current')).getAttribute('aria-invalid')).toBe('true');

    state.refuse = 'password must differ from the login password';
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('security.turnOn') })));
    expect(await screen.findByText(t('problem.sameAsPassword'))).toBeTruthy();
    expect(screen.getByLabelText(t('security.second')).getAttribute('aria-invalid')).toBe('true');
    expect(state.enabled).toBe(false);
  });
});
