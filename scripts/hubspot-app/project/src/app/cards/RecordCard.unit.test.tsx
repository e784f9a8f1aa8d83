import {
  Alert,
  Button,
  EmptyState,
  ErrorState,
  LoadingSpinner,
  TableCell,
  TableRow,
  Text,
} from '@hubspot/ui-extensions';
import { createRenderer } from '@hubspot/ui-extensions/testing';
import { describe, expect, it, vi } from 'vitest';
import type { RecordCardAnswer as ServiceAnswer } from '../../../../../../api/record-card/contract';
import type { RecordCardAnswer } from './card-answer';
import { RecordCard, type CardFetch } from './RecordCard';

// The service's answer is what the card reads (a type error here means the copy drifted).
const sameAnswer = (answer: ServiceAnswer): RecordCardAnswer => answer;

const BASE = 'https://zipfill.example.com';
const CARD_URL = `${BASE}/api/hubspot/records/123/contacts/456/card`;

const filled: RecordCardAnswer = sameAnswer({
  portalId: '123',
  objectType: 'contacts',
  objectId: '456',
  zip: {
    status: 'found',
    property: 'zip',
    value: '10001',
    place: {
      city: 'New York',
      state: 'NY',
      county: 'New York County',
      country: 'US',
      timezone: 'America/New_York',
    },
    cities: ['New York'],
    counties: [{ county: 'New York County', state: 'NY', share: 100 }],
  },
  fields: [
    {
      field: 'city',
      label: 'City',
      property: 'city',
      value: 'New York',
      resolved: 'New York',
      mode: 'keep_entered',
      writtenBy: 'zipfill',
    },
    {
      field: 'state',
      label: 'State',
      property: 'state',
      value: 'NY',
      resolved: 'NY',
      mode: 'keep_entered',
      writtenBy: 'person',
    },
  ],
  lastLookup: {
    at: '2026-11-27T09:00:00.000Z',
    zip: '10001',
    outcome: 'filled',
    words: 'Filled',
    source: 'webhook',
    sourceWords: 'Live: the ZIP changed in HubSpot',
    credits: 1,
  },
  lowBalance: null,
  actions: { fillNow: true, choose: [] },
  dashboardUrl: `${BASE}/dashboard`,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function rendered(fetcher: CardFetch) {
  const renderer = createRenderer('crm.record.tab');
  renderer.render(
    <RecordCard baseUrl={BASE} portalId="123" objectType="contacts" objectId="456" fetcher={fetcher} />,
  );
  return renderer;
}

describe('the ZipFill card on a record', () => {
  it('shows a spinner while ZipFill answers', () => {
    const { find } = rendered(() => new Promise<Response>(() => undefined));
    expect(find(LoadingSpinner)).toBeTruthy();
  });

  it('says the record has no ZIP, and where to enter one', async () => {
    const { find, waitFor } = rendered(async () =>
      json(200, {
        ...filled,
        zip: { status: 'none', property: 'zip' },
        fields: [],
        lastLookup: null,
        actions: { fillNow: false, choose: [] },
      }),
    );
    await waitFor(() => expect(find(EmptyState).props.title).toBe('No ZIP on this record'));
    expect(find(EmptyState).find(Text).text).toContain('Enter a ZIP in the zip property');
  });

  it('shows a filled record: each field, who wrote it, and the last lookup with its source', async () => {
    const fetcher = vi.fn<CardFetch>(async () => json(200, filled));
    const { findAll, find, waitFor, maybeFind } = rendered(fetcher);
    await waitFor(() => expect(findAll(TableRow)).toHaveLength(3));
    expect(fetcher).toHaveBeenCalledWith(CARD_URL);
    const cells = (row: number) =>
      findAll(TableRow)
        [row]!.findAll(TableCell)
        .map((c) => c.text);
    expect(cells(1)).toEqual(['City', 'New York', 'New York', 'ZipFill']);
    expect(cells(2)).toEqual(['State', 'NY', 'NY', 'A person']);
    expect(find(Text, (t) => t.text?.startsWith('Last lookup') ?? false).text).toBe(
      'Last lookup 2026-11-27 09:00 UTC (ZIP 10001): Filled. Source: Live: the ZIP changed in HubSpot.',
    );
    expect(find(Button, { variant: 'primary' }).text).toBe('Fill now');
    expect(maybeFind(Alert)).toBeNull();
  });

  it('says why a failed lookup failed', async () => {
    const failed = {
      ...filled,
      lastLookup: {
        ...filled.lastLookup!,
        outcome: 'failed',
        words: 'Failed: the ZIP is not in ZipFill’s ZIP table (not charged)',
      },
    };
    const { find, waitFor } = rendered(async () => json(200, failed));
    await waitFor(() =>
      expect(find(Text, (t) => t.text?.startsWith('Last lookup') ?? false).text).toContain(
        'Failed: the ZIP is not in ZipFill’s ZIP table (not charged)',
      ),
    );
  });

  it('offers each other city name one click away, and shows what Choose wrote', async () => {
    const several: RecordCardAnswer = {
      ...filled,
      zip: {
        ...(filled.zip as Extract<RecordCardAnswer['zip'], { status: 'found' }>),
        cities: ['Trenton', 'Robbinsville'],
      },
      fields: [{ ...filled.fields[0]!, value: 'Trenton', resolved: 'Trenton' }],
      actions: { fillNow: true, choose: ['city'] },
    };
    const fetcher = vi.fn<CardFetch>(async (url) =>
      url === CARD_URL
        ? json(200, several)
        : json(200, {
            words: 'City set to Robbinsville as your own value, free: later lookups keep it.',
            card: several,
          }),
    );
    const { find, waitFor } = rendered(fetcher);
    await waitFor(() => expect(find(Button, { variant: undefined }).text).toBe('Use Robbinsville'));
    find(Button, (node) => node.text === 'Use Robbinsville').trigger('onClick');
    await waitFor(() => expect(find(Alert).props.variant).toBe('success'));
    expect(fetcher).toHaveBeenLastCalledWith(`${CARD_URL}/choose`, {
      method: 'POST',
      body: { field: 'city', value: 'Robbinsville' },
    });
  });

  it('warns when the balance is low', async () => {
    const { find, waitFor } = rendered(async () =>
      json(200, { ...filled, lowBalance: { credits: 3, threshold: 10 } }),
    );
    await waitFor(() => expect(find(Alert).props.variant).toBe('warning'));
    expect(find(Alert).props.title).toBe('ZipFill credits are running low');
  });

  it('says the portal is not connected when ZipFill refuses it', async () => {
    const { find, waitFor } = rendered(async () =>
      json(403, { error: 'HubSpot portal 123 is not connected to a ZipFill account.' }),
    );
    await waitFor(() => expect(find(EmptyState).props.title).toBe('This portal is not connected to ZipFill'));
    expect(find(EmptyState).find(Text).text).toBe(
      'HubSpot portal 123 is not connected to a ZipFill account.',
    );
  });

  it('shows an error when ZipFill cannot be reached, and an Undo button only when the answer offers it', async () => {
    const { find, waitFor } = rendered(async () => {
      throw new Error('offline');
    });
    await waitFor(() => expect(find(ErrorState).find(Text).text).toContain('ZipFill could not be reached'));
    const undoable = rendered(async () =>
      json(200, {
        ...filled,
        actions: { fillNow: true, choose: [], undo: { label: 'Undo', path: '/undo' } },
      }),
    );
    await undoable.waitFor(() => expect(undoable.find(Button, { variant: 'secondary' }).text).toBe('Undo'));
  });
});
