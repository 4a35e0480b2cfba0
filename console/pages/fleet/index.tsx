/**
 * Fleet health (docs/fleet-health.md): every enrolled till with what it last reported — when it was last in touch,
 * its version and system, its unsent operations and how old the oldest is, what needs a person at the till, its
 * last sync error and its printer — red when its sales are not reaching the office, it has gone silent (against
 * thresholds the owner sets here, kept in this browser), its clock is wrong (how far, in the problems), a copy of it
 * is using its connection or a restore lost operations it could not send again. Above the list, banners say when
 * the service's database was restored and how far the tills are with it, and name each till whose copy is at work
 * (./disasters.tsx). From here a till can be disconnected (its credential revoked) or replaced (a new enrollment
 * code for the same workplace). Reads through the public `SyncController_fleet` operation; refreshes every 30 s.
 */
import { useCallback, useEffect, useState } from 'react';
import { useApi, useT } from '../../context.js';
import { describeError } from '../../lib/problems.js';
import { FormErrors } from '../../components/form.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import type { ConsolePage } from '../page.js';
import { CopyBanners, IncidentList, RestoreBanner, type FleetIncident, type FleetService } from './disasters.js';

export interface FleetTerminal {
  readonly id: string;
  readonly name: string | null;
  readonly workplace_id: string;
  readonly workplace_name: string | null;
  readonly point_name: string | null;
  readonly is_revoked: boolean;
  readonly last_seen_at: string | null;
  readonly health: {
    readonly app_version: string | null;
    readonly os: string | null;
    readonly outbox_depth: number;
    readonly oldest_unsent_age_seconds: number | null;
    readonly needs_attention: number;
    readonly last_sync_error: { readonly message: string; readonly at: string | null } | null;
    readonly printer: { readonly status: string; readonly detail: string | null } | null;
    /** How far the till's clock is off (positive: ahead), while off by more than 2 minutes; absent from older services. */
    readonly clock_skew_seconds?: number | null;
  } | null;
  /** Recent incidents, newest first. */
  readonly incidents: readonly FleetIncident[];
  readonly alerts: readonly ('UNSENT_TOO_OLD' | 'NOT_SEEN' | 'CLOCK_WRONG' | 'COPY_DETECTED' | 'RESTORE_LOSS')[];
}

interface Fleet {
  readonly now: string;
  readonly service: FleetService;
  readonly terminals: readonly FleetTerminal[];
}

export const THRESHOLDS_KEY = 'kassa.console.fleet';
const REFRESH_MS = 30_000;

function loadThresholds(): { unsent: string; unseen: string } {
  try {
    const kept = JSON.parse(localStorage.getItem(THRESHOLDS_KEY) ?? '{}') as { unsent?: string; unseen?: string };
    return { unsent: kept.unsent ?? '30', unseen: kept.unseen ?? '60' };
  } catch {
    return { unsent: '30', unseen: '60' };
  }
}

const minutesSince = (iso: string, now: string) => Math.max(0, Math.floor((Date.parse(now) - Date.parse(iso)) / 60_000));

function printerText(t: Translate, printer: { status: string; detail: string | null } | null): string {
  if (!printer) return '—';
  const known = ['ok', 'paper-out', 'offline', 'error', 'none', 'unknown'].includes(printer.status)
    ? t(`fleet.printer.${printer.status}` as MessageKey)
    : printer.status;
  return printer.detail ? `${known} (${printer.detail})` : known;
}

const UNITS: readonly [MessageKey, number][] = [
  ['fleet.years', 365 * 86_400],
  ['fleet.days', 86_400],
  ['fleet.hours', 3_600],
  ['fleet.minutes', 60],
];

/** "Clock 2 years ahead of the service…": the largest whole unit, as the owner would say it. */
function clockText(t: Translate, skewSeconds: number): string {
  const size = Math.abs(skewSeconds);
  const [key, unit] = UNITS.find(([, seconds]) => size >= seconds) ?? UNITS[UNITS.length - 1]!;
  const amount = t(key, { count: Math.max(1, Math.round(size / unit)) });
  return t(skewSeconds > 0 ? 'fleet.clockAhead' : 'fleet.clockBehind', { amount });
}

type Pending = { kind: 'revoke'; terminal: FleetTerminal } | null;

function FleetPage() {
  const api = useApi();
  const t = useT();
  const [thresholds, setThresholds] = useState(loadThresholds);
  const [applied, setApplied] = useState(thresholds);
  const [fleet, setFleet] = useState<Fleet | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  // Said at each render, so a language switch re-says it.
  const [notice, setNotice] = useState<{ workplace: string; code: string; until: string } | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = (await api.call('SyncController_fleet', {
        query: { unsentMinutes: applied.unsent, unseenMinutes: applied.unseen },
      })) as Fleet;
      setFleet(answer);
      setErrors([]);
    } catch (error) {
      const { general, fields } = describeError(error, t);
      setErrors([...general, ...Object.entries(fields).flatMap(([field, texts]) => texts.map((text) => `${field}: ${text}`))]);
    }
  }, [api, t, applied]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  function apply() {
    localStorage.setItem(THRESHOLDS_KEY, JSON.stringify(thresholds));
    setApplied(thresholds);
  }

  async function revoke(terminal: FleetTerminal) {
    setPending(null);
    try {
      await api.call('SyncController_revokeTerminal', { params: { id: terminal.id } });
      await load();
    } catch (error) {
      setErrors(describeError(error, t).general);
    }
  }

  async function replace(terminal: FleetTerminal) {
    try {
      const code = (await api.call('SyncController_createEnrollmentCode', { body: { workplaceId: terminal.workplace_id } })) as {
        code: string;
        expires_at: string;
      };
      const until = new Date(code.expires_at).toLocaleTimeString();
      setNotice({ workplace: terminal.workplace_name ?? terminal.name ?? '', code: code.code, until });
    } catch (error) {
      setErrors(describeError(error, t).general);
    }
  }

  const tillName = (terminal: FleetTerminal) => terminal.workplace_name ?? terminal.name ?? terminal.id;
  const tills = (fleet?.terminals ?? []).map((terminal) => ({ ...terminal, name: tillName(terminal) }));
  return (
    <div className="fleet-page">
      {fleet ? <RestoreBanner service={fleet.service} /> : null}
      <CopyBanners tills={tills} />
      <p className="muted">{t('fleet.intro')}</p>
      {/* The thresholds on one line at 1024 px: each label beside its input, never wrapped; one button applies and
          refreshes. */}
      <form
        className="toolbar fleet-thresholds"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
          void load();
        }}
      >
        <label className="threshold">
          <span>{t('fleet.unsentMinutes')}</span>
          <input
            inputMode="numeric"
            value={thresholds.unsent}
            onChange={(event) => setThresholds({ ...thresholds, unsent: event.target.value })}
          />
        </label>
        <label className="threshold">
          <span>{t('fleet.unseenMinutes')}</span>
          <input
            inputMode="numeric"
            value={thresholds.unseen}
            onChange={(event) => setThresholds({ ...thresholds, unseen: event.target.value })}
          />
        </label>
        <span className="grow" />
        <button type="submit">{t('fleet.refresh')}</button>
      </form>
      <FormErrors lines={errors} />
      {notice ? (
        <p className="success" role="status">
          <span className="secret">{t('fleet.replacementCode', notice)}</span>
        </p>
      ) : null}
      {pending ? (
        <div className="confirm" role="alertdialog" aria-label={t('fleet.revoke')}>
          <span>{t('fleet.revokeConfirm', { till: tillName(pending.terminal) })}</span>{' '}
          <button type="button" className="danger" onClick={() => void revoke(pending.terminal)}>
            {t('fleet.confirm')}
          </button>{' '}
          <button type="button" onClick={() => setPending(null)}>
            {t('fleet.cancel')}
          </button>
        </div>
      ) : null}
      {fleet === null ? <p className="muted">{t('common.loading')}</p> : null}
      {fleet && fleet.terminals.length === 0 ? <p className="empty">{t('fleet.empty')}</p> : null}
      {fleet && fleet.terminals.length > 0 ? (
        // A fixed layout: the table never scrolls sideways, long texts wrap inside their column, and the actions
        // column is always on screen.
        <table className="records fleet">
          <colgroup>
            <col className="fleet-till" />
            <col className="fleet-status" />
            <col className="fleet-seen" />
            <col className="fleet-unsent" />
            <col className="fleet-problems" />
            <col className="fleet-printer" />
            <col className="fleet-actions" />
          </colgroup>
          <thead>
            <tr>
              <th>{t('fleet.till')}</th>
              <th>{t('fleet.status')}</th>
              <th>{t('fleet.lastSeen')}</th>
              <th>{t('fleet.unsent')}</th>
              <th>{t('fleet.problems')}</th>
              <th>{t('fleet.printer')}</th>
              <th>
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          {/* A body per till: its row, and under it a line per incident across the columns (a restore's or a copy's
              words are too long for one column at 1024 px). */}
          {fleet.terminals.map((terminal, position) => {
            const red = terminal.alerts.length > 0;
            const health = terminal.health;
            const system = health ? [health.app_version, health.os].filter(Boolean).join(' · ') : '';
            const marked = red ? 'alert' : terminal.is_revoked ? 'revoked' : '';
            return (
              <tbody key={terminal.id}>
                <tr className={marked}>
                  <td title={terminal.name ?? undefined}>
                    <strong>{tillName(terminal)}</strong>
                    {terminal.point_name ? <div className="muted small">{terminal.point_name}</div> : null}
                    {system ? (
                      <div className="muted small clip" title={system}>
                        {system}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    {terminal.is_revoked
                      ? t('fleet.revoked')
                      : red
                        ? terminal.alerts.map((alert) => t(`fleet.alert.${alert}`)).join('; ')
                        : t('fleet.ok')}
                  </td>
                  <td>
                    {terminal.last_seen_at
                      ? t('fleet.minutesAgo', { minutes: minutesSince(terminal.last_seen_at, fleet.now) })
                      : t('fleet.never')}
                  </td>
                  <td>
                    {health ? t('fleet.queue', { count: health.outbox_depth }) : t('fleet.noReport')}
                    {health?.oldest_unsent_age_seconds != null ? (
                      <div className="small">
                        {t('fleet.queueAge', { minutes: Math.floor(health.oldest_unsent_age_seconds / 60) })}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    {health && health.needs_attention > 0 ? (
                      <div>{t('fleet.attentionCount', { count: health.needs_attention })}</div>
                    ) : null}
                    {health?.last_sync_error ? (
                      <div className="clip-2" title={health.last_sync_error.message}>
                        {health.last_sync_error.message}
                        {health.last_sync_error.at ? (
                          <span className="muted">
                            {' '}
                            · {t('fleet.minutesAgo', { minutes: minutesSince(health.last_sync_error.at, fleet.now) })}
                          </span>
                        ) : null}
                      </div>
                    ) : null}
                    {health?.clock_skew_seconds != null ? <div>{clockText(t, health.clock_skew_seconds)}</div> : null}
                    {!health || (health.needs_attention === 0 && !health.last_sync_error && health.clock_skew_seconds == null)
                      ? '—'
                      : null}
                  </td>
                  <td>{printerText(t, health?.printer ?? null)}</td>
                  <td className="fleet-actions">
                    {terminal.is_revoked ? null : (
                      <button type="button" className="link danger" onClick={() => setPending({ kind: 'revoke', terminal })}>
                        {t('fleet.revoke')}
                      </button>
                    )}
                    <button type="button" className="link" onClick={() => void replace(terminal)}>
                      {t('fleet.replace')}
                    </button>
                  </td>
                </tr>
                {terminal.incidents.length > 0 ? (
                  <tr className={`fleet-incidents ${marked}`.trim()}>
                    <td />
                    <td colSpan={6}>
                      <IncidentList till={tills[position]!} />
                    </td>
                  </tr>
                ) : null}
              </tbody>
            );
          })}
        </table>
      ) : null}
    </div>
  );
}

const page: ConsolePage = { path: '/fleet', titleMessageId: 'page.fleet', Component: FleetPage };
export default page;
