// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../api.js';
import { ConsoleProvider, useSession } from '../context.js';
import { SESSION_KEY } from '../session.js';
import { SignIn } from './SignIn.js';

afterEach(cleanup);

type Answer = { status: number; body: unknown };

/** A fake service answering by URL; records every request. */
function fakeService(answers: Record<string, Answer | ((body: Record<string, unknown>) => Answer)>) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    sent.push({ url, body });
    const answer = answers[url];
    const { status, body: reply } = typeof answer === 'function' ? answer(body) : (answer ?? { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetch };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
}

function WhoIsSignedIn() {
  const { session } = useSession();
  return <p data-testid="who">{session ? `${session.user.name} ${session.user.role}` : 'nobody'}</p>;
}

function renderSignIn(fetch: FetchLike) {
  const storage = memoryStorage();
  const preferences = memoryStorage();
  preferences.setItem('kassa.console.language', 'en');
  render(
    <ConsoleProvider fetch={fetch} sessionStorage={storage} preferences={preferences}>
      <SignIn />
      <WhoIsSignedIn />
    </ConsoleProvider>,
  );
  return storage;
}

async function submitPassword(login: string, password: string) {
  fireEvent.change(screen.getByLabelText('Login'), { target: { value: login } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
}

const OWNER = { id: 'u1', login: 'owner', full_name: 'Rustam Aliyev', role: 'OWNER', business_id: 'b1' };

describe('signing in to the console', () => {
  it('signs in with login and password and keeps the session in this tab’s sessionStorage only', async () => {
    const service = fakeService({ '/api/v1/auth/login': { status: 201, body: { ...OWNER, access_token: 'token-1' } } });
    const storage = renderSignIn(service.fetch);
    await submitPassword('owner', 'secret1');
    expect(service.sent).toEqual([{ url: '/api/v1/auth/login', body: { login: 'owner', password: 'secret1' } }]);
    expect(screen.getByTestId('who').textContent).toBe('Rustam Aliyev OWNER');
    expect(JSON.parse(storage.map.get(SESSION_KEY) ?? '{}')).toMatchObject({ token: 'token-1', user: { id: 'u1', role: 'OWNER' } });
  });

  it('asks for the second password when second verification is on, and signs in only after it', async () => {
    const service = fakeService({
      '/api/v1/auth/login': { status: 201, body: { ...OWNER, second_verification_required: true } },
      '/api/v1/auth/second-verification/verify': (body) =>
        body.password === 'second-1' ? { status: 201, body: { ...OWNER, access_token: 'token-2' } } : { status: 401, body: { message: 'Unauthorized' } },
    });
    renderSignIn(service.fetch);
    await submitPassword('owner', 'secret1');
    expect(screen.getByRole('heading', { name: 'Second password' })).toBeTruthy();
    expect(screen.getByTestId('who').textContent).toBe('nobody');

    fireEvent.change(screen.getByLabelText('Second password'), { target: { value: 'wrong' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(screen.getByRole('alert').textContent).toContain('The second password is wrong');
    expect(screen.getByTestId('who').textContent).toBe('nobody');

    fireEvent.change(screen.getByLabelText('Second password'), { target: { value: 'second-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(service.sent.at(-1)).toEqual({ url: '/api/v1/auth/second-verification/verify', body: { login: 'owner', password: 'second-1' } });
    expect(screen.getByTestId('who').textContent).toBe('Rustam Aliyev OWNER');
  });

  it('says a wrong login or password in words, and names an empty field under it', async () => {
    const service = fakeService({
      '/api/v1/auth/login': (body) =>
        body.login ? { status: 401, body: { message: 'Invalid login or password' } } : { status: 400, body: { message: ['login should not be empty'] } },
    });
    renderSignIn(service.fetch);
    await submitPassword('owner', 'nope');
    expect(screen.getByRole('alert').textContent).toBe('Wrong login or password.');
    await submitPassword('', 'nope');
    expect(screen.getByRole('alert').textContent).toBe('is required');
    expect(screen.getByLabelText('Login').getAttribute('aria-invalid')).toBe('true');
  });

  it('turns away an employee account: the console is for owners and administrators', async () => {
    const service = fakeService({ '/api/v1/auth/login': { status: 201, body: { ...OWNER, role: 'EMPLOYEE', access_token: 'token-3' } } });
    const storage = renderSignIn(service.fetch);
    await submitPassword('cashier', 'secret1');
    expect(screen.getByRole('alert').textContent).toContain('Cashiers sign in at the till');
    expect(screen.getByTestId('who').textContent).toBe('nobody');
    expect(storage.map.size).toBe(0);
  });
});
