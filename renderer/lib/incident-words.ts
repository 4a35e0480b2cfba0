/**
 * An incident of this till (`terminal.incidentsList`) in words: a title, the sentences a cashier reads, a line for
 * the office, and whether something was lost for good (red) or only repaired (amber). A kind these screens do not
 * know yet is shown by its name with its details, never dropped: the core may learn new kinds before the screens do.
 */
import type { IncidentPayload } from '../../shared/terminal-contract.js';
import type { Translate } from '../i18n/index.js';

export interface IncidentWords {
  readonly title: string;
  readonly sentences: readonly string[];
  /** What the office needs to trace it (which operations), or null. */
  readonly forOffice: string | null;
  /** Something could not be recovered: the cashier must tell the office. */
  readonly danger: boolean;
}

/** A count from the incident's detail; anything else reads as none. */
function count(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : 0;
}

function rewound(detail: IncidentPayload['detail'], t: Translate, sending: boolean): IncidentWords {
  const resent = count(detail.resent);
  const lost = count(detail.lost);
  const sentences: string[] = [];
  if (resent > 0) sentences.push(t(sending ? 'incidents.rewound.resending' : 'incidents.rewound.resent', { resent }));
  if (lost > 0) sentences.push(t('incidents.rewound.lost', { lost }));
  else sentences.push(t(resent > 0 ? 'incidents.rewound.nothingLost' : 'incidents.rewound.nothingMissing'));
  const seqs = typeof detail.lostSeqs === 'string' && detail.lostSeqs !== '' ? detail.lostSeqs : null;
  return {
    title: t('incidents.rewound.title'),
    sentences,
    forOffice: lost > 0 && seqs ? t('incidents.rewound.which', { seqs }) : null,
    danger: lost > 0,
  };
}

/** `sending`: what this incident's restore lost is still being sent again (the sync status counts resends). */
export function incidentWords(incident: Pick<IncidentPayload, 'kind' | 'detail'>, t: Translate, sending = false): IncidentWords {
  if (incident.kind === 'SERVICE_REWOUND') return rewound(incident.detail, t, sending);
  const details = Object.entries(incident.detail ?? {})
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
  return { title: t('incidents.other', { kind: incident.kind }), sentences: [], forOffice: details || null, danger: false };
}
