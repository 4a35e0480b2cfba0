/**
 * The terminal's state as the screens see it (zustand, vanilla store made per bridge — no module-level
 * singleton): which phase we are in (enroll → login → app), the signed-in employee, the sync status, the initial
 * download's progress, the language, and counters that tell lists to re-read (a local write, a completed sync).
 * Everything comes from the bridge: its events keep the store current, and after a reconnect or a core restart
 * the store reads the truth again instead of trusting what it had.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  EnrollmentProgressPayload,
  ProvisioningStatusPayload,
  SessionEmployee,
  SyncStatusPayload,
  TerminalEventPayloads,
} from '../../shared/terminal-contract.js';
import { asRpcError, type Bridge, type ConnectionState } from '../bridge.js';
import { isLanguage, type Language } from '../i18n/index.js';
import { operationChangedCatalogue, syncChangedCatalogue } from './catalogue-changes.js';
import type { EnrollOffer } from '../lib/enroll-offer.js';

export type Phase = 'starting' | 'enroll' | 'login' | 'app';
export type CoreState = TerminalEventPayloads['core-status']['state'];

export interface EnrollRequest {
  readonly serviceUrl: string;
  readonly code: string;
  readonly name?: string;
}

export interface TerminalState {
  readonly phase: Phase;
  readonly connection: ConnectionState;
  readonly coreState: CoreState;
  readonly employee: SessionEmployee | null;
  readonly sync: SyncStatusPayload | null;
  readonly progress: EnrollmentProgressPayload | null;
  readonly enrolling: boolean;
  /** The enrollment and its download finished; the screen shows it until the cashier continues (or a moment passes). */
  readonly enrollDone: boolean;
  readonly language: Language;
  /** Bumped when local data may have changed (a write here, a completed sync): lists re-read. */
  readonly dataVersion: number;
  /** Bumped only when the selling catalogue may have changed (./catalogue-changes.ts): the sales screen re-reads it. */
  readonly catalogueVersion: number;
  /** Bumped when the needs-attention inbox may have changed. */
  readonly inboxVersion: number;
  /** Enrolling a disconnected till again (the enrollment screen over the work screens). */
  readonly reenrolling: boolean;
  /** The service this till is enrolled with (prefills enrolling again), or null. */
  readonly serviceUrl: string | null;
  /** A link's server and code (`#enroll=…&code=…`), to fill in the form for a person to confirm. */
  readonly enrollOffer: EnrollOffer | null;
  /** First start from a downloaded installer's provisioning file: connecting by itself, or why it could not. */
  readonly provisioning: ProvisioningStatusPayload | null;

  refresh(): Promise<void>;
  enroll(request: EnrollRequest): Promise<void>;
  /** From the finished download to PIN login. */
  continueAfterEnroll(): Promise<void>;
  pinLogin(pincode: string): Promise<SessionEmployee>;
  signOut(): Promise<void>;
  syncNow(): Promise<void>;
  setLanguage(language: Language): void;
  /** A till the owner disconnected: to the enrollment screen, to connect it again with a new code. */
  startReenroll(): void;
  /** Back to where the till was, without enrolling again. */
  cancelReenroll(): Promise<void>;
}

export type TerminalStore = StoreApi<TerminalState>;

/** How often the screen asks how an enrollment from a provisioning file is going. */
export const PROVISIONING_POLL_MS = 500;

/** Where the language choice is kept: one per employee, and the last one chosen for the screens before sign-in. */
export interface LanguageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const LANGUAGE_KEY = 'kassa.language';
const employeeLanguageKey = (employeeId: string) => `${LANGUAGE_KEY}.${employeeId}`;

function storedLanguage(storage: LanguageStorage, key: string): Language | undefined {
  const value = storage.getItem(key);
  return isLanguage(value) ? value : undefined;
}

export function createTerminalStore(bridge: Bridge, storage: LanguageStorage, fallbackLanguage: Language = 'uz'): TerminalStore {
  /** Who is signed in, and in which language: an employee's own choice, else what the screen shows now. */
  const session = (employee: SessionEmployee | null, current: Language): Partial<TerminalState> => ({
    employee,
    language: employee ? (storedLanguage(storage, employeeLanguageKey(employee.id)) ?? current) : current,
    phase: employee ? 'app' : 'login',
  });

  const store = createStore<TerminalState>()((set, get) => {
    const signedIn = (employee: SessionEmployee | null) => set(session(employee, get().language));

    /**
     * The core is enrolling from a provisioning file by itself: the enrollment screen shows it with the download's
     * progress (events) until the core says how it ended.
     */
    const followProvisioning = async (): Promise<void> => {
      set({ phase: 'enroll', employee: null, enrolling: true, enrollDone: false });
      for (;;) {
        const { provisioning } = await bridge.terminal('terminal.enrollmentStatus');
        set({ provisioning: provisioning ?? null });
        if (provisioning?.state !== 'enrolling') {
          set({ enrolling: false, enrollDone: provisioning?.state === 'enrolled' });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, PROVISIONING_POLL_MS));
      }
    };

    return {
      phase: 'starting',
      connection: bridge.connection(),
      coreState: 'ready',
      employee: null,
      sync: null,
      progress: null,
      enrolling: false,
      enrollDone: false,
      language: storedLanguage(storage, LANGUAGE_KEY) ?? fallbackLanguage,
      dataVersion: 0,
      catalogueVersion: 0,
      inboxVersion: 0,
      reenrolling: false,
      serviceUrl: null,
      enrollOffer: null,
      provisioning: null,

      async refresh() {
        if (get().enrolling || get().enrollDone || get().reenrolling) return;
        const { enrolled, serviceUrl, provisioning } = await bridge.terminal('terminal.enrollmentStatus');
        if (provisioning?.state === 'enrolling') return followProvisioning();
        if (!enrolled) return set({ phase: 'enroll', employee: null, provisioning: provisioning ?? null });
        set({ serviceUrl: serviceUrl ?? null });
        const [{ employee }, sync] = await Promise.all([
          bridge.terminal('terminal.session'),
          bridge.terminal('terminal.syncStatus'),
        ]);
        set((state) => ({ sync, dataVersion: state.dataVersion + 1, catalogueVersion: state.catalogueVersion + 1, inboxVersion: state.inboxVersion + 1 }));
        signedIn(employee);
      },

      async enroll(request) {
        set({ enrolling: true, enrollDone: false, progress: null });
        try {
          await bridge.terminal('terminal.enroll', {
            serviceUrl: request.serviceUrl,
            code: request.code,
            name: request.name || null,
          });
        } catch (error) {
          set({ enrolling: false });
          // The download may outlast the bridge's wait (a large business): the terminal may have finished anyway.
          if (asRpcError(error).statusCode !== 504 || !(await bridge.terminal('terminal.enrollmentStatus')).enrolled) throw error;
        }
        set({ enrolling: false, enrollDone: true });
      },

      async continueAfterEnroll() {
        set({ enrollDone: false, reenrolling: false });
        await get().refresh();
      },

      async pinLogin(pincode) {
        const employee = await bridge.terminal('terminal.pinLogin', { pincode });
        signedIn(employee);
        return employee;
      },

      async signOut() {
        await bridge.terminal('terminal.signOut');
        signedIn(null);
      },

      async syncNow() {
        set({ sync: await bridge.terminal('terminal.syncNow') });
      },

      startReenroll() {
        set({ reenrolling: true, phase: 'enroll', progress: null, enrollDone: false });
      },

      async cancelReenroll() {
        set({ reenrolling: false });
        await get().refresh();
      },

      setLanguage(language) {
        storage.setItem(LANGUAGE_KEY, language);
        const { employee } = get();
        if (employee) storage.setItem(employeeLanguageKey(employee.id), language);
        set({ language });
      },
    };
  });

  const refreshQuietly = () =>
    void store
      .getState()
      .refresh()
      .catch(() => undefined);

  bridge.on('sync-status', (sync) => {
    const before = store.getState().sync;
    const synced = sync.lastSyncAt !== before?.lastSyncAt;
    const attention = sync.needsAttention !== before?.needsAttention;
    store.setState((state) => ({
      sync,
      dataVersion: synced ? state.dataVersion + 1 : state.dataVersion,
      catalogueVersion: synced && syncChangedCatalogue(sync.changedTables) ? state.catalogueVersion + 1 : state.catalogueVersion,
      inboxVersion: attention ? state.inboxVersion + 1 : state.inboxVersion,
    }));
    // A role changed in the back office: the signed-in employee's rights (what the screens lock) are read again.
    const roles = sync.changedTables === undefined || sync.changedTables.some((table) => table === '*' || table === 'employee_roles' || table === 'employees');
    const signedIn = store.getState().employee;
    if (synced && roles && signedIn && store.getState().phase === 'app') {
      void bridge.terminal('terminal.session').then(
        ({ employee }) => {
          if (employee && employee.id === store.getState().employee?.id) store.setState({ employee });
        },
        () => undefined,
      );
    }
  });
  bridge.on('operation-applied', ({ operation }) =>
    store.setState((state) => ({
      dataVersion: state.dataVersion + 1,
      catalogueVersion: operationChangedCatalogue(operation) ? state.catalogueVersion + 1 : state.catalogueVersion,
    })),
  );
  bridge.on('inbox', () => store.setState((state) => ({ inboxVersion: state.inboxVersion + 1 })));
  bridge.on('enrollment-progress', (progress) => store.setState({ progress }));
  bridge.on('session', ({ employee }) => {
    const { phase, language } = store.getState();
    if (phase === 'login' || phase === 'app') store.setState(session(employee, language));
  });
  bridge.on('core-status', ({ state }) => {
    const was = store.getState().coreState;
    store.setState({ coreState: state });
    // A restarted core may have lost the session or finished a write we never heard of: read again.
    if (state === 'ready' && was !== 'ready') refreshQuietly();
  });
  bridge.onConnection((connection) => {
    const was = store.getState().connection;
    store.setState({ connection });
    if (connection === 'open' && was !== 'open') refreshQuietly();
  });
  return store;
}
