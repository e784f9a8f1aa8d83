import type { FillNowAnswer, RecordCardAnswer } from '../../record-card/contract';
import { esc } from './html';

export type { RecordCardAnswer };
/** What Fill now and Choose answer: the words are shown above the card. */
export type ActionAnswerOf = Pick<FillNowAnswer, 'words'>;

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

/** A button of the card: a form posting one action for the record to the sandbox's card page. */
function actionButton(
  target: { portalId: string; type: string; id: string },
  label: string,
  fields: Record<string, string>,
): string {
  return `<form method="post" action="/sandbox/hubspot/card" class="inline">${hidden('portalId', target.portalId)}${hidden('type', target.type)}${hidden('id', target.id)}${Object.entries(
    fields,
  )
    .map(([k, v]) => hidden(k, v))
    .join('')}<button type="submit">${esc(label)}</button></form>`;
}

/** The card as the app card shows it (RecordCard.tsx), in the sandbox's HTML. */
export function cardView(
  card: RecordCardAnswer,
  target: { portalId: string; type: string; id: string },
): string {
  const parts: string[] = [];
  if (card.lowBalance)
    parts.push(
      `<div class="notice bad">ZipFill credits are running low: ${card.lowBalance.credits} left. Top up in ZipFill so lookups keep filling.</div>`,
    );
  const { zip } = card;
  if (zip.status === 'none')
    parts.push(
      `<p>No ZIP on this record: enter one in the ${esc(zip.property)} property and ZipFill fills the location in.</p>`,
    );
  else if (zip.status === 'found') {
    const place = [zip.place.city, zip.place.state, zip.place.county, zip.place.country]
      .filter(Boolean)
      .join(', ');
    parts.push(`<p>ZIP <strong>${esc(zip.value)}</strong> resolves to ${esc(place)}.</p>`);
  } else parts.push(`<div class="notice bad">ZIP ${esc(zip.value)}: ${esc(zip.message)}</div>`);
  if (card.fields.length > 0)
    parts.push(
      `<table aria-label="ZipFill fields"><thead><tr><th>Field</th><th>In HubSpot</th><th>From the ZIP</th><th>Written by</th></tr></thead><tbody>${card.fields
        .map(
          (f) =>
            `<tr><td>${esc(f.label)}</td><td>${esc(f.value ?? '—')}</td><td>${esc(f.resolved ?? '—')}</td><td>${f.writtenBy === 'zipfill' ? `ZipFill${f.writtenAt ? `, ${esc(f.writtenAt.slice(0, 16).replace('T', ' '))} UTC` : ''}` : f.writtenBy === 'person' ? 'A person' : '—'}</td></tr>`,
        )
        .join('')}</tbody></table>`,
    );
  if (card.lastLookup) {
    const l = card.lastLookup;
    parts.push(
      `<p>Last lookup ${esc(l.at.slice(0, 16).replace('T', ' '))} UTC (ZIP ${esc(l.zip)}): ${esc(l.words)}. Source: ${esc(l.sourceWords)}.</p>`,
    );
  }
  if (zip.status === 'found')
    for (const field of card.actions.choose) {
      const current = card.fields.find((f) => f.field === field)?.value;
      const values = (field === 'city' ? zip.cities : zip.counties.map((c) => c.county)).filter(
        (v) => v !== current,
      );
      parts.push(
        `<h3>${field === 'city' ? 'This ZIP’s other city names' : 'This ZIP’s other counties'}</h3><div>${values
          .map((value) => actionButton(target, `Use ${value}`, { action: 'choose', field, value }))
          .join(' ')}</div>`,
      );
    }
  const buttons = [
    ...(card.actions.fillNow ? [actionButton(target, 'Fill now', { action: 'fill' })] : []),
    ...(card.actions.undo ? [actionButton(target, card.actions.undo.label, { action: 'undo' })] : []),
  ];
  if (buttons.length > 0) parts.push(`<div>${buttons.join(' ')}</div>`);
  return parts.join('\n');
}
