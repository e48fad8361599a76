/**
 * What we know of a lead's quality, on the mover's lead page and staff's alike: the checks' findings as
 * badges and the server's sentences about them (always at least one, "nothing found" included); in the
 * leads lists, the findings alone.
 */
import type { ReactNode } from 'react';
import {
  LEAD_QUALITY_FLAG_LABELS,
  type LeadQuality,
  type LeadQualityFlag,
} from '@moveratlas/contracts';
import { Badge, type BadgeTone } from './badge';
import { Panel } from './section-card';

const FLAG_TONES: Record<LeadQualityFlag, BadgeTone> = {
  'disposable-email': 'warning',
  repeat: 'info',
  'sample-phone': 'danger',
};

export function LeadQualitySection({
  quality,
  children,
}: {
  quality: LeadQuality;
  /** More for this reader below the notes (staff's link to the earlier request). */
  children?: ReactNode;
}) {
  return (
    <Panel title="Lead quality">
      {quality.flags.length > 0 ? (
        <ul aria-label="Findings" className="mb-3 flex flex-wrap gap-2">
          {quality.flags.map((flag) => (
            <li key={flag}>
              <Badge tone={FLAG_TONES[flag]}>{LEAD_QUALITY_FLAG_LABELS[flag]}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="space-y-1 text-sm text-slate-700">
        {quality.notes.map((note, i) => (
          <p key={i}>{note}</p>
        ))}
      </div>
      {children}
    </Panel>
  );
}

/**
 * A lead's findings on its row in a leads list (staff's and the mover's), nothing when there are none. One
 * amber tone for all: beside the status and delivery badges, red reads as a failed delivery or a stopped
 * mover; the words say which finding it is, and the lead's page tells them apart.
 */
export function LeadQualityBadges({ flags }: { flags: readonly LeadQualityFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <ul aria-label="Quality flags" className="mt-1 flex flex-wrap gap-1">
      {flags.map((flag) => (
        <li key={flag}>
          <Badge tone="warning">{LEAD_QUALITY_FLAG_LABELS[flag]}</Badge>
        </li>
      ))}
    </ul>
  );
}
