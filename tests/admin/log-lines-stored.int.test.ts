import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { operationalDb } from '../../api/db/operational';
import type { LogLine } from '../../api/logging/logger';
import { RequestLogWriter } from '../../api/logging/request-log-writer';
import { requestTimeline } from '../../api/log-viewer/queries';
import { backends, type TestDatabase, openForSuite } from '../support/databases';

// A batch of lines goes to the database as one array a column; whatever a line says must come
// back as it was said, in the order the lines were written.
for (const backend of backends) {
  describe(`log lines as stored, on ${backend.name}`, () => {
    let database: TestDatabase;
    openForSuite(backend, (test) => {
      database = test;
    });

    it('keeps every text of a line as written, quotes, braces, backslashes, "NULL" and all, in the order written', async () => {
      const db = operationalDb(database.database);
      const writer = new RequestLogWriter(db, { batchSize: 100 });
      const requestId = randomUUID();
      const awkward = [
        'NULL',
        'a "quoted", {braced} value',
        'back\\slash\\',
        'Zürich – 東京',
        ' padded ',
        '',
      ];
      const lines: LogLine[] = awkward.map((text, i) => ({
        time: new Date(Date.UTC(2026, 10, 29, 6, 0, i)).toISOString(),
        level: i === 1 ? 'warn' : 'info',
        message: `line ${i}: ${text}`,
        requestId,
        userAgent: text,
        statusCode: i === 2 ? 404 : undefined,
        detail: text,
        nested: { text, list: [text, null] },
      }));
      for (const line of lines) writer.sink(line);
      await writer.flush();

      const stored = await requestTimeline(db, requestId);
      expect(stored.map((l) => l.message)).toEqual(lines.map((l) => l.message));
      expect(stored.map((l) => l.level)).toEqual(['info', 'warn', 'info', 'info', 'info', 'info']);
      expect(stored.map((l) => l.userAgent)).toEqual(awkward.map((text) => text || null));
      expect(stored.map((l) => l.metadata.detail)).toEqual(awkward);
      expect(stored.map((l) => l.metadata.nested)).toEqual(
        awkward.map((text) => ({ text, list: [text, null] })),
      );
      expect(stored[2]!.metadata.statusCode).toBe(404);
      expect(stored[0]!.metadata).not.toHaveProperty('statusCode');
    });

    it('keeps a line whose text was cut through an emoji, or holds half of one, with U+FFFD in its place, and the rest of its batch', async () => {
      const db = operationalDb(database.database);
      const writer = new RequestLogWriter(db, { batchSize: 100 });
      const requestId = randomUUID();
      const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 7, 0, s)).toISOString();
      writer.sink({ time: at(0), level: 'info', message: `${'a'.repeat(1999)}😀`, requestId });
      writer.sink({
        time: at(1),
        level: 'info',
        message: 'half \ud83d of an emoji',
        requestId,
        userAgent: 'x\ude00',
      });
      writer.sink({ time: at(2), level: 'info', message: 'after them', requestId });
      await writer.flush();

      const stored = await requestTimeline(db, requestId);
      expect(writer.stats().lost).toBe(0);
      expect(stored.map((l) => l.message)).toEqual([
        `${'a'.repeat(1999)}\ufffd`,
        'half \ufffd of an emoji',
        'after them',
      ]);
      expect(stored[1]!.userAgent).toBe('x\ufffd');
    });
  });
}
