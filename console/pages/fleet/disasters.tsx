/**
 * What the fleet page says about disasters (docs/fleet-health.md, "Disasters"): a banner while the service's
 * database was lately put back to an earlier state, with how many tills have sent again what it lost; a banner per
 * till whose copy is using its connection; and each till's incidents in words, a line each under its row — red for
 * what was lost and for a copy at work, since those need a person.
 */
import { useLanguage, useT } from '../../context.js';
import type { Translate } from '../../i18n/index.js';
import { showDate, showTime } from '../../lib/dates.js';

export interface FleetIncident {
  readonly id: string;
  readonly kind: string;
  readonly occurred_at: string;
  readonly received_at: string;
  readonly detail: Readonly<Record<string, string | number | boolean | null>>;
}

export interface FleetService {
  readonly since: string;
  /** `created`, `restored from <file name>`, or `detected: …` (the service's words, in English). */
  readonly reason: string;
  readonly restored: boolean;
  readonly tills_affected: number;
  readonly tills_not_reconciled: number;
}

/** What the banners and incident lines need of a till's row. */
export interface TillIncidents {
  readonly id: string;
  readonly name: string;
  readonly alerts: readonly string[];
  readonly incidents: readonly FleetIncident[];
}

const RESTORED_FROM = /^restored from (.+)$/;

/** The restore banner: when, from what, and how far the tills are with sending again what it lost. */
export function RestoreBanner({ service }: { service: FleetService }) {
  const t = useT();
  const { language } = useLanguage();
  if (!service.restored) return null;
  const at = { date: showDate(service.since, language), time: showTime(service.since, language) };
  const file = RESTORED_FROM.exec(service.reason)?.[1];
  const what = file
    ? t('fleet.restoredFrom', { ...at, file })
    : service.reason.startsWith('restored')
      ? t('fleet.restored', at)
      : t('fleet.restoredDetected', at);
  const total = service.tills_affected;
  const done = total - service.tills_not_reconciled;
  const progress = total === 0 ? '' : done === total ? t('fleet.restoredAllCaughtUp') : t('fleet.restoredProgress', { done, total });
  return (
    <div className="fleet-banner warn" role="status" title={service.reason}>
      {what} {progress}
    </div>
  );
}

/** One banner per till a copy of which is at work with its connection. */
export function CopyBanners({ tills }: { tills: readonly TillIncidents[] }) {
  const t = useT();
  return tills
    .filter((till) => till.alerts.includes('COPY_DETECTED'))
    .map((till) => (
      <div key={till.id} className="fleet-banner danger" role="alert">
        {t('fleet.copyBanner', { till: till.name })}
      </div>
    ));
}

/** "e-1: 4–5; e-2: 7–7" (the till's queues and seqs) → "4–5, 7": the queues' random names tell the owner nothing. */
function seqRanges(lostSeqs: unknown): string | null {
  if (typeof lostSeqs !== 'string' || lostSeqs.trim() === '') return null;
  return lostSeqs
    .split(';')
    .map((part) => {
      const range = part.slice(part.lastIndexOf(':') + 1).trim();
      const [from, to] = range.split('–');
      return from !== undefined && from === to ? from : range;
    })
    .join(', ');
}

const whole = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** An incident in words: one line or two, each red when it needs a person. */
export function incidentLines(t: Translate, incident: FleetIncident, copyAtWork: boolean): { text: string; red: boolean }[] {
  if (incident.kind === 'SERVICE_REWOUND') {
    const resent = whole(incident.detail.resent);
    const lost = whole(incident.detail.lost);
    const lines: { text: string; red: boolean }[] = [];
    if (resent > 0) lines.push({ text: t('fleet.incident.resent', { count: resent }), red: false });
    if (lost > 0) {
      const seqs = seqRanges(incident.detail.lostSeqs);
      lines.push({ text: seqs ? t('fleet.incident.lostSeqs', { count: lost, seqs }) : t('fleet.incident.lost', { count: lost }), red: true });
    }
    if (lines.length === 0) lines.push({ text: t('fleet.incident.nothingLost'), red: false });
    return lines;
  }
  if (incident.kind === 'TILL_COPY_DETECTED') {
    return [copyAtWork ? { text: t('fleet.incident.copy'), red: true } : { text: t('fleet.incident.copyDone'), red: false }];
  }
  return [{ text: t('fleet.incident.other', { kind: incident.kind }), red: false }];
}

/** A till's incidents, newest first, each with when it happened. */
export function IncidentList({ till }: { till: TillIncidents }) {
  const t = useT();
  const { language } = useLanguage();
  const copyAtWork = till.alerts.includes('COPY_DETECTED');
  return till.incidents.flatMap((incident) =>
    incidentLines(t, incident, copyAtWork).map((line, index) => (
      <div key={`${incident.id}:${index}`} className={line.red ? 'incident red' : 'incident'}>
        <span className="muted">
          {showDate(incident.occurred_at, language)} {showTime(incident.occurred_at, language)} ·
        </span>{' '}
        {line.text}
      </div>
    )),
  );
}
