import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  ButtonRow,
  DescriptionList,
  DescriptionListItem,
  Divider,
  EmptyState,
  ErrorState,
  Flex,
  Heading,
  Link,
  LoadingSpinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Text,
} from '@hubspot/ui-extensions';
import type { HubSpotFetchOptions } from '@hubspot/ui-extensions';
import type { ActionAnswer, CardObjectType, RecordCardAnswer } from './card-answer';

/** hubspot.fetch: HubSpot signs each call with the app's client secret and adds the portal and user. */
export type CardFetch = (url: string, options?: HubSpotFetchOptions) => Promise<Response>;

export interface RecordCardProps {
  /** ZipFill's public URL (the rendered project's PUBLIC_URL). */
  baseUrl: string;
  portalId: string;
  objectType: CardObjectType;
  objectId: string;
  fetcher: CardFetch;
}

type View =
  | { kind: 'loading' }
  | { kind: 'not_connected'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; card: RecordCardAnswer; notice?: { ok: boolean; words: string } };

/** One id per click: a retried Fill now is the same lookup, charged once. */
const newFillId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    return body.error ?? `ZipFill answered ${response.status}.`;
  } catch {
    return `ZipFill answered ${response.status}.`;
  }
}

/** The ZipFill card on a contact or company: what ZipFill made of its ZIP, and Fill now / Choose. */
export function RecordCard({ baseUrl, portalId, objectType, objectId, fetcher }: RecordCardProps) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const url = `${baseUrl}/api/hubspot/records/${portalId}/${objectType}/${objectId}/card`;

  const failed = useCallback(async (response: Response) => {
    const message = await errorOf(response);
    setView(response.status === 403 ? { kind: 'not_connected', message } : { kind: 'error', message });
  }, []);

  useEffect(() => {
    let live = true;
    fetcher(url)
      .then(async (response) => {
        if (!live) return;
        if (response.ok) setView({ kind: 'ready', card: (await response.json()) as RecordCardAnswer });
        else await failed(response);
      })
      .catch(
        () =>
          live && setView({ kind: 'error', message: 'ZipFill could not be reached. Try again in a moment.' }),
      );
    return () => {
      live = false;
    };
  }, [fetcher, url, failed]);

  const act = async (path: string, body: Record<string, unknown>) => {
    setBusy(true);
    try {
      const response = await fetcher(`${url}${path}`, { method: 'POST', body });
      if (response.ok) {
        const answer = (await response.json()) as ActionAnswer;
        setView({ kind: 'ready', card: answer.card, notice: { ok: true, words: answer.words } });
      } else if (view.kind === 'ready') {
        setView({ ...view, notice: { ok: false, words: await errorOf(response) } });
      } else await failed(response);
    } catch {
      if (view.kind === 'ready')
        setView({ ...view, notice: { ok: false, words: 'ZipFill could not be reached.' } });
    } finally {
      setBusy(false);
    }
  };

  switch (view.kind) {
    case 'loading':
      return <LoadingSpinner label="Asking ZipFill about this record" />;
    case 'not_connected':
      return (
        <EmptyState title="This portal is not connected to ZipFill" layout="vertical">
          <Text>{view.message}</Text>
          <Link href={`${baseUrl}/dashboard`}>Open ZipFill</Link>
        </EmptyState>
      );
    case 'error':
      return (
        <ErrorState title="ZipFill could not show this record">
          <Text>{view.message}</Text>
        </ErrorState>
      );
    case 'ready':
      return <ReadyCard card={view.card} notice={view.notice} busy={busy} act={act} />;
  }
}

function ReadyCard({
  card,
  notice,
  busy,
  act,
}: {
  card: RecordCardAnswer;
  notice?: { ok: boolean; words: string };
  busy: boolean;
  /** Posts to a path below the card's URL (/fill, /choose, the answer's undo path). */
  act: (path: string, body: Record<string, unknown>) => Promise<void>;
}) {
  const { zip, fields, lastLookup, lowBalance, actions } = card;
  const current = (field: string) => fields.find((f) => f.field === field)?.value ?? null;
  const alternatives =
    zip.status === 'found'
      ? actions.choose.map((field) => ({
          field,
          values: (field === 'city' ? zip.cities : zip.counties.map((c) => c.county)).filter(
            (v) => v !== current(field),
          ),
        }))
      : [];
  return (
    <Flex direction="column" gap="sm">
      {notice && (
        <Alert title={notice.ok ? 'Done' : 'Not done'} variant={notice.ok ? 'success' : 'error'}>
          {notice.words}
        </Alert>
      )}
      {lowBalance && (
        <Alert title="ZipFill credits are running low" variant="warning">
          {`${lowBalance.credits} credits left. Top up in ZipFill so lookups keep filling.`}
        </Alert>
      )}
      {zip.status === 'none' ? (
        <EmptyState title="No ZIP on this record" layout="vertical">
          <Text>{`Enter a ZIP in the ${zip.property} property and ZipFill fills the location in.`}</Text>
        </EmptyState>
      ) : zip.status === 'found' ? (
        <DescriptionList direction="row">
          <DescriptionListItem label="ZIP">{zip.value}</DescriptionListItem>
          <DescriptionListItem label="Resolves to">
            {[zip.place.city, zip.place.state, zip.place.county, zip.place.country]
              .filter(Boolean)
              .join(', ')}
          </DescriptionListItem>
        </DescriptionList>
      ) : (
        <Alert title={`ZIP ${zip.value}`} variant="warning">
          {zip.message}
        </Alert>
      )}
      {fields.length > 0 && (
        <Table bordered={true}>
          <TableHead>
            <TableRow>
              <TableHeader>Field</TableHeader>
              <TableHeader>In HubSpot</TableHeader>
              <TableHeader>From the ZIP</TableHeader>
              <TableHeader>Written by</TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((f) => (
              <TableRow key={f.field}>
                <TableCell>{f.label}</TableCell>
                <TableCell>{f.value ?? '—'}</TableCell>
                <TableCell>{f.resolved ?? '—'}</TableCell>
                <TableCell>
                  {f.writtenBy === 'zipfill' ? 'ZipFill' : f.writtenBy === 'person' ? 'A person' : '—'}
                  {f.writtenAt ? `, ${f.writtenAt.slice(0, 16).replace('T', ' ')} UTC` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {lastLookup && (
        <Text>{`Last lookup ${lastLookup.at.slice(0, 16).replace('T', ' ')} UTC (ZIP ${lastLookup.zip}): ${lastLookup.words}. Source: ${lastLookup.sourceWords}.`}</Text>
      )}
      {alternatives.map(({ field, values }) => (
        <Flex key={field} direction="column" gap="xs">
          <Heading>{field === 'city' ? 'This ZIP’s other city names' : 'This ZIP’s other counties'}</Heading>
          <ButtonRow>
            {values.map((value) => (
              <Button key={value} disabled={busy} onClick={() => void act('/choose', { field, value })}>
                {`Use ${value}`}
              </Button>
            ))}
          </ButtonRow>
        </Flex>
      ))}
      <Divider />
      <ButtonRow>
        {actions.fillNow && (
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void act('/fill', { fillId: newFillId() })}
          >
            Fill now
          </Button>
        )}
        {actions.undo && (
          <Button variant="secondary" disabled={busy} onClick={() => void act(actions.undo!.path, {})}>
            {actions.undo.label}
          </Button>
        )}
      </ButtonRow>
    </Flex>
  );
}
