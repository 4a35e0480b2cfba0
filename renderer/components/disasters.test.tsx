// @vitest-environment happy-dom
/**
 * The cashier hears of every disaster in words, in uz, ru and en: the service restored from an older backup (what
 * the till sent again, what could not be recovered — red —, marked seen from the keyboard), the operations being
 * sent again and the data downloaded again with why, and a till that is a copy of another (what it still sends, its
 * sales refused, connecting it as a new till, refused while it still sends).
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IncidentPayload, SyncStatusPayload } from '../../shared/terminal-contract.js';
import { App } from '../App.js';
import type { Language } from '../i18n/index.js';
import { showDateTime } from '../lib/format.js';
import { AppFrame } from '../screens/AppFrame.js';
import { Enrollment } from '../screens/Enrollment.js';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError, type FakeBridge } from '../test-support.js';
import { Incidents } from './Incidents.js';
import { SyncActivity } from './SyncActivity.js';
import { SyncBar } from './SyncBar.js';

afterEach(cleanup);

const AT = '2026-11-28T10:15:00.000Z';
const rewound = (id: string, detail: IncidentPayload['detail']): IncidentPayload => ({ id, kind: 'SERVICE_REWOUND', occurredAt: AT, detail, reportedAt: null });
const NOTHING_LOST = rewound('inc-1', { cause: 'SERVICE_REWOUND', resent: 6, lost: 0, lostSeqs: null, generation: 'g-2' });
const LOSSES = rewound('inc-2', { cause: 'SERVICE_REWOUND', resent: 2, lost: 3, lostSeqs: 'e-7: 4–6', generation: 'g-3' });

/** The screens' own answers, so the app frame renders its first screen. */
const SCREENS = {
  'terminal.enrollmentStatus': { enrolled: true, till: 'Till 1' },
  'terminal.unsentList': [],
  'terminal.inboxList': [],
  SettlmentController_findLatest: null,
  ItemController_findAll: [],
  ItemGroupController_findAll: [],
};

function incidents(list: IncidentPayload[], language: Language = 'en') {
  let open = [...list];
  const bridge = fakeBridge({
    'terminal.incidentsList': () => open,
    'terminal.incidentSeen': (input: { id: string }) => {
      open = open.filter((incident) => incident.id !== input.id);
      return { seen: true };
    },
  });
  const rendered = renderWith(bridge, <Incidents />);
  act(() => rendered.store.setState({ language, phase: 'app', employee: EMPLOYEE, sync: { ...ONLINE, unseenIncidents: list.length } }));
  return { bridge, ...rendered };
}

const notices = () => screen.getAllByTestId('incident');

describe('a service restored from an older backup', () => {
  const when = (language: Language) => showDateTime(AT, language);

  it('says what the till sent again and that nothing was lost, in en, ru and uz', async () => {
    const { store } = incidents([NOTHING_LOST]);
    await act(async () => {});
    expect(notices()[0]!.textContent).toBe(
      `The service was restored from an older backup · at ${when('en')}This till sent again 6 operations that the service had lost. Nothing was lost.Seen`,
    );
    expect(notices()[0]!.dataset.danger).toBe('false');
    act(() => store.setState({ language: 'ru' }));
    expect(notices()[0]!.textContent).toBe(
      `Сервис восстановлен из старой резервной копии · в ${when('ru')}Касса заново отправила то, что сервис потерял: 6 операций. Ничего не потеряно.Прочитано`,
    );
    act(() => store.setState({ language: 'uz' }));
    expect(notices()[0]!.textContent).toBe(
      `Xizmat eski zaxira nusxadan tiklandi · ${when('uz')} daKassa xizmat yo‘qotgan 6 ta amalni qaytadan yubordi. Hech narsa yo‘qolmadi.Ko‘rildi`,
    );
  });

  it('says in red what could not be recovered and to tell the office, with which operations, in en, ru and uz', async () => {
    const { store } = incidents([LOSSES]);
    await act(async () => {});
    const notice = () => notices()[0]!;
    expect(notice().dataset.danger).toBe('true');
    expect(notice().className).toContain('danger');
    expect(notice().textContent).toContain(
      'This till sent again 2 operations that the service had lost. 3 operations could not be recovered (they were older than this till keeps): tell the office.For the office: e-7: 4–6',
    );
    expect(notice().textContent).not.toContain('Nothing was lost');
    act(() => store.setState({ language: 'ru' }));
    expect(notice().textContent).toContain('Не удалось восстановить 3 операции (они старше, чем хранит касса): сообщите в офис.Для офиса: e-7: 4–6');
    act(() => store.setState({ language: 'uz' }));
    expect(notice().textContent).toContain('3 ta amalni tiklab bo‘lmadi (ular kassa saqlaydigan muddatdan eski edi): ofisga xabar bering.Ofis uchun: e-7: 4–6');
  });

  it('says the newest restore’s operations are being sent while they still are, in en, ru and uz', async () => {
    const { store } = incidents([NOTHING_LOST, rewound('inc-0', { resent: 4, lost: 0 })]);
    act(() => store.setState({ sync: { ...ONLINE, unseenIncidents: 2, resendsWaiting: 6 } }));
    await act(async () => {});
    expect(notices()[0]!.textContent).toContain('This till is sending again 6 operations that the service had lost. Nothing was lost.');
    // An older restore's operations were all sent: the resends counted now are the newest one's.
    expect(notices()[1]!.textContent).toContain('This till sent again 4 operations that the service had lost.');
    act(() => store.setState({ language: 'ru' }));
    expect(notices()[0]!.textContent).toContain('Касса заново отправляет то, что сервис потерял: 6 операций.');
    act(() => store.setState({ language: 'uz' }));
    expect(notices()[0]!.textContent).toContain('Kassa xizmat yo‘qotgan 6 ta amalni qaytadan yubormoqda.');
    act(() => store.setState({ sync: { ...ONLINE, unseenIncidents: 2, resendsWaiting: 0 } }));
    expect(notices()[0]!.textContent).toContain('Kassa xizmat yo‘qotgan 6 ta amalni qaytadan yubordi.');
  });

  it('says one operation in the singular, and a restore that took nothing of this till', async () => {
    incidents([rewound('inc-3', { resent: 1, lost: 1, lostSeqs: 'e-1: 9–9' }), rewound('inc-4', { resent: 0, lost: 0 })]);
    await act(async () => {});
    expect(notices()[0]!.textContent).toContain('This till sent again 1 operation that the service had lost. 1 operation could not be recovered');
    expect(notices()[1]!.textContent).toContain('The service had lost nothing of this till’s: nothing had to be sent again.');
  });

  it('shows a kind it does not know by its name and details, without failing', async () => {
    incidents([{ id: 'inc-9', kind: 'DISK_FULL', occurredAt: AT, detail: { free: 12, path: '/var/kassa', none: null }, reportedAt: null }]);
    await act(async () => {});
    expect(notices()[0]!.textContent).toContain('Something went wrong at this till: DISK_FULL');
    expect(notices()[0]!.textContent).toContain('free: 12, path: /var/kassa');
  });

  it('marks a notice seen with a button the keyboard reaches, and goes on to the next one', async () => {
    const { bridge } = incidents([NOTHING_LOST, LOSSES]);
    await act(async () => {});
    const first = screen.getAllByRole('button', { name: 'Seen' })[0]!;
    // A button of its own: reached with Tab, pressed with Enter or Space.
    expect(first.tagName).toBe('BUTTON');
    expect(first.tabIndex).toBe(0);
    first.focus();
    await act(async () => fireEvent.click(first));
    await act(async () => {});
    expect(bridge.calls.filter(([name]) => name === 'terminal.incidentSeen')).toEqual([['terminal.incidentSeen', { id: 'inc-1' }]]);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.dataset.danger).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Seen' }));
  });

  it('asks for nothing while the sync status counts no unseen incident', async () => {
    const { bridge } = incidents([]);
    await act(async () => {});
    expect(bridge.calls.filter(([name]) => name === 'terminal.incidentsList')).toEqual([]);
    expect(screen.queryByTestId('incidents')).toBeNull();
  });
});

describe('repairs under the sync bar', () => {
  const activity = (sync: Partial<SyncStatusPayload>, language: Language = 'en') => {
    const rendered = renderWith(fakeBridge(), <SyncActivity />);
    act(() => rendered.store.setState({ language, sync: { ...ONLINE, ...sync } }));
    return rendered;
  };
  const download = (reason: string) => ({ table: 'items', rowsDone: 40, rowsTotal: 40, tables: [{ table: 'items', rowsTotal: 40 }, { table: 'clients', rowsTotal: 60 }], reason });

  it('says how many operations the service lost are being sent again, in en, ru and uz', () => {
    const { store } = activity({ resendsWaiting: 6 });
    expect(screen.getByTestId('sync-resending').textContent).toBe('Sending again 6 operations the service lost');
    act(() => store.setState({ language: 'ru' }));
    expect(screen.getByTestId('sync-resending').textContent).toBe('Повторно отправляются 6 операций, потерянных сервисом');
    act(() => store.setState({ language: 'uz', sync: { ...ONLINE, resendsWaiting: 1 } }));
    expect(screen.getByTestId('sync-resending').textContent).toBe('Xizmat yo‘qotgan 1 ta amal qaytadan yuborilmoqda');
    act(() => store.setState({ language: 'en' }));
    expect(screen.getByTestId('sync-resending').textContent).toBe('Sending again 1 operation the service lost');
  });

  it('never says "All sent" while operations wait to be sent again', () => {
    const { store } = renderWith(fakeBridge(), <SyncBar onOpenInbox={() => undefined} />);
    act(() => store.setState({ language: 'en', sync: { ...ONLINE, pendingOperations: 1, resendsWaiting: 6 } }));
    expect(screen.getByTestId('sync-pending').textContent).toBe('7 to send');
    act(() => store.setState({ sync: { ...ONLINE, resendsWaiting: 0 } }));
    expect(screen.getByTestId('sync-pending').textContent).toBe('All sent');
  });

  it('says the data is downloaded again because the service was restored, with its progress, in en, ru and uz', () => {
    const { store } = activity({ redownload: download('SERVICE_REWOUND') });
    expect(screen.getByTestId('sync-redownload').textContent).toBe(
      'Downloading this till’s data again: the service was restored from an older backup (40 of 100 rows)',
    );
    act(() => store.setState({ language: 'ru' }));
    expect(screen.getByTestId('sync-redownload').textContent).toBe(
      'Данные кассы загружаются заново: сервис восстановлен из старой резервной копии (40 из 100 строк)',
    );
    act(() => store.setState({ language: 'uz' }));
    expect(screen.getByTestId('sync-redownload').textContent).toBe(
      'Kassa ma’lumotlari qaytadan yuklanmoqda: xizmat eski zaxira nusxadan tiklandi (40 / 100 qator)',
    );
  });

  it('gives each reason for a download its own words, and an unknown one plain words', () => {
    const { store } = activity({ redownload: download('ENROLLED_AS_NEW') });
    expect(screen.getByTestId('sync-redownload').textContent).toBe('Downloading this till’s data as a new till (40 of 100 rows)');
    act(() => store.setState({ sync: { ...ONLINE, redownload: download('SCOPE_CHANGED') } }));
    expect(screen.getByTestId('sync-redownload').textContent).toBe('Downloading this till’s data again: its point or warehouses changed (40 of 100 rows)');
    act(() => store.setState({ sync: { ...ONLINE, redownload: download('CURSOR_BEFORE_RETENTION') } }));
    expect(screen.getByTestId('sync-redownload').textContent).toContain('it was offline longer than the service keeps its changes');
    act(() => store.setState({ sync: { ...ONLINE, redownload: download('toString') } }));
    expect(screen.getByTestId('sync-redownload').textContent).toBe('Downloading this till’s data again (40 of 100 rows)');
    act(() => store.setState({ sync: ONLINE }));
    expect(screen.queryByTestId('sync-activity')).toBeNull();
  });
});

describe('a till that is a copy of another till', () => {
  const SINCE = '2026-11-28T09:00:00.000Z';
  function copyInFrame(sync: Partial<SyncStatusPayload>): { bridge: FakeBridge } & ReturnType<typeof renderWith> {
    const bridge = fakeBridge(SCREENS);
    const rendered = renderWith(bridge, <AppFrame />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: { ...ONLINE, copyDetectedAt: SINCE, ...sync } }));
    return { bridge, ...rendered };
  }

  it('says what a copy is, that the office was told, and how many operations it still sends, in en, ru and uz', async () => {
    const { store } = copyInFrame({ pendingOperations: 2, resendsWaiting: 1 });
    await act(async () => {});
    const panel = () => screen.getByTestId('till-copy');
    expect(panel().textContent).toContain('This till is a copy of another till');
    expect(panel().textContent).toContain(`the service found out at ${showDateTime(SINCE, 'en')} and told the office`);
    expect(panel().textContent).toContain('this copy takes no new sales or changes');
    expect(screen.getByTestId('till-copy-sending').textContent).toBe(
      '3 operations it holds are still being sent, under the connection of the till it was copied from. Nothing is lost.',
    );
    // The copy's own panel says what waits; the general "waiting" notice would say it twice.
    expect(screen.queryByTestId('waiting-notice')).toBeNull();
    act(() => store.setState({ language: 'ru' }));
    expect(panel().textContent).toContain('Эта касса — копия другой кассы');
    expect(screen.getByTestId('till-copy-sending').textContent).toContain('3 операции с этой кассы ещё отправляются');
    act(() => store.setState({ language: 'uz' }));
    expect(panel().textContent).toContain('Bu kassa boshqa kassaning nusxasi');
    expect(screen.getByTestId('till-copy-sending').textContent).toContain('Undagi 3 ta amal hali yuborilmoqda');
  });

  it('says when everything it held was sent, and that it may now be connected as a new till', async () => {
    copyInFrame({ pendingOperations: 0 });
    await act(async () => {});
    expect(screen.getByTestId('till-copy-sending').textContent).toBe('Everything it held has been sent.');
    expect(screen.getByTestId('till-copy').textContent).toContain(
      'Everything it held has been sent. To sell on this computer, connect it as a new till with a new code from the owner.',
    );
  });

  it('is not shown for a till that is no copy', async () => {
    copyInFrame({ copyDetectedAt: null });
    await act(async () => {});
    expect(screen.queryByTestId('till-copy')).toBeNull();
  });

  it('leads to connecting as a new till, where the core’s refusal while it still sends says how many, in en, ru and uz', async () => {
    const { bridge, store } = copyInFrame({ pendingOperations: 3 });
    await act(async () => {});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect as a new till' })));
    expect(store.getState()).toMatchObject({ phase: 'enroll', reenrolling: true });
    cleanup();
    bridge.answer('terminal.enroll', () => {
      throw rpcError(409, '3 operations of this till are still being sent under its old connection: connect it as a new till once they are sent');
    });
    renderWith(bridge, <Enrollment />, store);
    expect(screen.getByRole('heading', { name: 'Connect as a new till' })).toBeTruthy();
    expect(screen.getByText(/Ask the owner for a code for a new till/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Enrollment code'), { target: { value: 'NEW-TIL-L22' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    const alert = () => screen.getByRole('alert').textContent;
    expect(alert()).toBe(
      '3 operations of this till are still being sent under the connection of the till it was copied from: connect it as a new till once they are sent.',
    );
    // Never mistaken for a code of another business (what a 409 means to a disconnected till).
    expect(alert()).not.toContain('another business');
    act(() => store.setState({ language: 'ru' }));
    expect(alert()).toContain('3 операции этой кассы ещё отправляются');
    act(() => store.setState({ language: 'uz' }));
    expect(alert()).toContain('Bu kassaning 3 ta amali hali');
    expect(store.getState()).toMatchObject({ phase: 'enroll', reenrolling: true, enrollDone: false });
  });

  it('says one operation still being sent in the singular', async () => {
    const { bridge, store } = copyInFrame({ pendingOperations: 1 });
    await act(async () => {});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect as a new till' })));
    cleanup();
    bridge.answer('terminal.enroll', () => {
      throw rpcError(409, '1 operations of this till are still being sent under its old connection: connect it as a new till once they are sent');
    });
    renderWith(bridge, <Enrollment />, store);
    fireEvent.change(screen.getByLabelText('Enrollment code'), { target: { value: 'NEW-TIL-L22' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(screen.getByRole('alert').textContent).toBe(
      '1 operation of this till is still being sent under the connection of the till it was copied from: connect it as a new till once that operation is sent.',
    );
  });

  it('shows a refusal it cannot read as the core says it', async () => {
    const { bridge, store } = copyInFrame({ pendingOperations: 0 });
    await act(async () => {});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect as a new till' })));
    cleanup();
    bridge.answer('terminal.enroll', () => {
      throw rpcError(409, 'Something the screens have no words for');
    });
    renderWith(bridge, <Enrollment />, store);
    fireEvent.change(screen.getByLabelText('Enrollment code'), { target: { value: 'NEW-TIL-L22' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })));
    expect(screen.getByRole('alert').textContent).toBe('Something the screens have no words for');
  });

  it('says so on the sign-in screen, in en, ru and uz', async () => {
    const bridge = fakeBridge({ ...SCREENS, 'terminal.session': { employee: null }, 'terminal.syncStatus': { ...ONLINE, copyDetectedAt: SINCE } });
    const { store } = renderWith(bridge, <App />);
    await act(async () => {});
    act(() => store.setState({ phase: 'login', sync: { ...ONLINE, copyDetectedAt: SINCE } }));
    expect(screen.getByTestId('copy-at-login').textContent).toBe(
      'This till is a copy of another till: it takes no new sales. Sign in to connect it as a new till.',
    );
    act(() => store.setState({ language: 'ru' }));
    expect(screen.getByTestId('copy-at-login').textContent).toBe(
      'Эта касса — копия другой кассы: она не принимает новых продаж. Войдите, чтобы подключить её как новую кассу.',
    );
    act(() => store.setState({ language: 'uz' }));
    expect(screen.getByTestId('copy-at-login').textContent).toBe(
      'Bu kassa boshqa kassaning nusxasi: u yangi savdoni qabul qilmaydi. Uni yangi kassa sifatida ulash uchun kiring.',
    );
  });
});
