// @vitest-environment happy-dom
/**
 * The Add-a-till page against a fake service: the code as text, QR code, barcode and kassa:// link; download buttons
 * per published platform that save the installer and its provisioning file side by side; and, with nothing
 * published, how to publish a release.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleProvider } from '../../context.js';
import { SESSION_KEY } from '../../session.js';
import { Tills } from './index.js';

const TOKEN = 'owner-token';
const TILL = {
  code: 'K7Q-4MZ-9TD',
  expires_at: '2026-11-25T21:40:00.000Z',
  workplace_id: 'wp-1',
  workplace_name: 'Till 1',
  server: 'https://kassa.example.com',
  link: 'kassa://enroll?server=https%3A%2F%2Fkassa.example.com&code=K7Q-4MZ-9TD',
  provisioning: { file_name: 'Kassa.K7Q-4MZ-9TD.kassa', content: 'a.b.c' },
};
const PUBLISHED = { releases_dir_configured: true, platforms: [{ platform: 'windows', file_name: 'Kassa-Setup-0.1.0.exe', size: 10, version: '0.1.0' }], feed_url: 'https://kassa.example.com/releases/' };
const NOTHING = { releases_dir_configured: true, platforms: [], how_to_publish: 'No terminal release…', feed_url: 'https://kassa.example.com/releases/' };

function fakeService(releases: unknown) {
  const calls: { url: string; method: string; authorization?: string }[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: { method: string; headers: Record<string, string> }) => {
    calls.push({ url, method: init.method, authorization: init.headers.authorization });
    if (url.startsWith('/api/v1/business-config/workplaces')) return json([{ id: 'wp-1', name: 'Till 1' }]);
    if (url === '/downloads') return json(releases);
    if (url === '/downloads/wp-1/enrollment') return json(TILL, 201);
    if (url === '/downloads/wp-1/windows') {
      return new Response('MZ installer bytes', {
        headers: {
          'content-disposition': 'attachment; filename="Kassa-Setup-0.1.0.ABC-DEF-GHJ.exe"',
          'kassa-provisioning': 'h.p.s',
          'kassa-provisioning-file-name': 'Kassa-Setup-0.1.0.ABC-DEF-GHJ.kassa',
          'kassa-enrollment-code': 'ABC-DEF-GHJ',
        },
      });
    }
    return json({ message: 'Not found' }, 404);
  });
  return calls;
}

function renderPage() {
  const storage = new Map<string, string>([[SESSION_KEY, JSON.stringify({ token: TOKEN, user: { id: 'u', login: 'owner', name: 'Owner', role: 'OWNER' } })]]);
  const sessionStorage = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value), removeItem: (key: string) => void storage.delete(key) };
  const preferences = { getItem: () => 'en', setItem: () => undefined };
  return render(
    <ConsoleProvider sessionStorage={sessionStorage} preferences={preferences}>
      <Tills />
    </ConsoleProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:fake');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Add-a-till page', () => {
  it('shows a new till’s code as text, QR code, Code 128 barcode and kassa:// link, with a button per platform', async () => {
    const calls = fakeService(PUBLISHED);
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add a till' });
    await act(async () => fireEvent.click(add));
    expect((await screen.findByTestId('enrollment-code')).textContent).toBe('K7Q-4MZ-9TD');
    expect(calls).toContainEqual({ url: '/downloads/wp-1/enrollment', method: 'POST', authorization: `Bearer ${TOKEN}` });
    const qr = (await screen.findByAltText('QR code of the link (server and code)')) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    const barcode = screen.getByAltText('Code 128 barcode of the code') as HTMLImageElement;
    expect(decodeURIComponent(barcode.src)).toContain('<svg');
    expect(decodeURIComponent(barcode.src)).toContain('<rect');
    expect(screen.getByTestId('enroll-link').getAttribute('href')).toBe(TILL.link);
    expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: /Download for macOS/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Release 0.1.0')).toBeTruthy();
  });

  it('saves the installer named with its code and its provisioning file beside it', async () => {
    fakeService(PUBLISHED);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add a till' });
    await act(async () => fireEvent.click(add));
    const windows = await screen.findByRole('button', { name: 'Download for Windows' });
    await act(async () => fireEvent.click(windows));
    expect(saved).toEqual(['Kassa-Setup-0.1.0.ABC-DEF-GHJ.exe', 'Kassa-Setup-0.1.0.ABC-DEF-GHJ.kassa']);
    expect(screen.getByRole('status').textContent).toContain('code ABC-DEF-GHJ');
  });

  it('says how to publish a release when nothing is published, and still gives a code', async () => {
    fakeService(NOTHING);
    renderPage();
    expect((await screen.findByTestId('how-to-publish')).textContent).toMatch(/No terminal release has been published yet.*npm run dist.*RELEASES_DIR/s);
    const add = await screen.findByRole('button', { name: 'Add a till' });
    await act(async () => fireEvent.click(add));
    expect((await screen.findByTestId('enrollment-code')).textContent).toBe('K7Q-4MZ-9TD');
    for (const name of [/Download for Windows/, /Download for macOS/, /Download for Linux/]) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });
});
