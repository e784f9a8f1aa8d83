import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { SandboxDb } from '../db';
import { defaultSandboxProperties, flagsOf, type SandboxProperty } from './default-properties';
import { SandboxRateLimits } from './rate-limits';
import { SandboxValidationRules } from './validation-rules';
import { addSampleRecords } from './samples';
import { searchRecords, type RecordSearch } from './search-query';
import type { Properties, SandboxObjectType, SandboxRecord } from './records';

const ACCESS_TOKEN_SECONDS = 1800;
const CODE_SECONDS = 300;
/** How the sandbox keeps a token: SHA-256, hex. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const hash = tokenHash;
const newToken = (prefix: string) => `${prefix}-${randomBytes(24).toString('base64url')}`;

/** What the sandbox CRM keeps: portals, the grants it issued, records and property definitions. */
export class SandboxCrmStore {
  /** The API's rate limits, counted across every process serving the sandbox. */
  readonly rateLimits: SandboxRateLimits;
  /** Each portal's property validation rules. */
  readonly validationRules: SandboxValidationRules;

  constructor(
    private readonly db: SandboxDb,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.rateLimits = new SandboxRateLimits(db);
    this.validationRules = new SandboxValidationRules(db);
  }

  /** Puts HubSpot's default properties in place (and brings them up to date); safe from every process at start. */
  async seed(): Promise<void> {
    const rows = defaultSandboxProperties().map((p) => {
      const { calculated, hasUniqueValue, readOnlyValue, hidden } = flagsOf(p);
      return {
        object_type: p.objectType,
        name: p.name,
        label: p.label,
        type: p.type,
        field_type: p.fieldType,
        calculated,
        has_unique_value: hasUniqueValue,
        read_only_value: readOnlyValue,
        hidden,
        validation_rule: p.validationRule ?? null,
        options: JSON.stringify(p.options ?? []),
      };
    });
    await this.db
      .insertInto('sandbox_properties')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['object_type', 'name']).doUpdateSet((eb) => ({
          label: eb.ref('excluded.label'),
          type: eb.ref('excluded.type'),
          field_type: eb.ref('excluded.field_type'),
          calculated: eb.ref('excluded.calculated'),
          has_unique_value: eb.ref('excluded.has_unique_value'),
          read_only_value: eb.ref('excluded.read_only_value'),
          hidden: eb.ref('excluded.hidden'),
          validation_rule: eb.ref('excluded.validation_rule'),
          options: eb.ref('excluded.options'),
        })),
      )
      .execute();
  }

  /** A new portal, owned by the ZipFill user who created it on the consent page. */
  async createPortal(ownerUserId: string): Promise<string> {
    for (;;) {
      const portalId = String(randomInt(10_000_000, 99_999_999));
      const inserted = await this.db
        .insertInto('sandbox_portals')
        .values({
          portal_id: portalId,
          hub_domain: `sandbox-${portalId}.hubspot.local`,
          created_at: this.now(),
          owner_user_id: ownerUserId,
        })
        .onConflict((oc) => oc.column('portal_id').doNothing())
        .returning('portal_id')
        .executeTakeFirst();
      if (inserted) return portalId;
    }
  }

  async portal(portalId: string) {
    return this.db
      .selectFrom('sandbox_portals')
      .selectAll()
      .where('portal_id', '=', portalId)
      .executeTakeFirst();
  }

  /** The portal when this user owns it; undefined for anyone else's (answered as 404). */
  async ownPortal(portalId: string, userId: string) {
    return this.db
      .selectFrom('sandbox_portals')
      .selectAll()
      .where('portal_id', '=', portalId)
      .where('owner_user_id', '=', userId)
      .executeTakeFirst();
  }

  async portalsOf(userId: string) {
    return this.db
      .selectFrom('sandbox_portals')
      .selectAll()
      .where('owner_user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** Erases the portals this user created, records, grants and counts included (account deletion). */
  async erasePortalsOf(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const owned = trx.selectFrom('sandbox_portals').select('portal_id').where('owner_user_id', '=', userId);
      for (const table of [
        'sandbox_records',
        'sandbox_grants',
        'sandbox_api_calls',
        'sandbox_api_usage',
      ] as const)
        await trx.deleteFrom(table).where('portal_id', 'in', owned).execute();
      await trx.deleteFrom('sandbox_portals').where('owner_user_id', '=', userId).execute();
    });
  }

  async issueCode(portalId: string): Promise<string> {
    const code = newToken('code');
    await this.grant(code, 'code', portalId, CODE_SECONDS);
    return code;
  }

  /** The portal a code was issued for; a code works once and for five minutes. */
  async redeemCode(code: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('sandbox_grants')
      .set({ used: true })
      .where('token_hash', '=', hash(code))
      .where('kind', '=', 'code')
      .where('used', '=', false)
      .where('expires_at', '>', this.now())
      .returning('portal_id')
      .executeTakeFirst();
    return row?.portal_id;
  }

  async issueTokens(portalId: string, refreshToken?: string) {
    const accessToken = newToken('access');
    await this.grant(accessToken, 'access', portalId, ACCESS_TOKEN_SECONDS);
    const refresh = refreshToken ?? newToken('refresh');
    if (!refreshToken) await this.grant(refresh, 'refresh', portalId, 365 * 24 * 3600);
    return {
      access_token: accessToken,
      refresh_token: refresh,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'bearer',
    };
  }

  /** The portal a live token of this kind belongs to. */
  async portalOf(token: string, kind: 'access' | 'refresh'): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('sandbox_grants')
      .select('portal_id')
      .where('token_hash', '=', hash(token))
      .where('kind', '=', kind)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return row?.portal_id;
  }

  /** Ends a refresh token; answers false when it was not a live one. */
  async revoke(refreshToken: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sandbox_grants')
      .where('token_hash', '=', hash(refreshToken))
      .where('kind', '=', 'refresh')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The app uninstalled from the portal, as HubSpot does it: every token it issued for the portal
   * stops working at once, so calls answer 401 and the refresh token is refused (400
   * BAD_REFRESH_TOKEN). Answers how many grants ended.
   */
  async uninstall(portalId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('sandbox_grants')
      .where('portal_id', '=', portalId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async accessTokenExpiry(token: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sandbox_grants')
      .select('expires_at')
      .where('token_hash', '=', hash(token))
      .where('kind', '=', 'access')
      .executeTakeFirst();
    return row && Math.floor((new Date(row.expires_at).getTime() - this.now().getTime()) / 1000);
  }

  async properties(objectType: SandboxObjectType): Promise<SandboxProperty[]> {
    const rows = await this.db
      .selectFrom('sandbox_properties')
      .selectAll()
      .where('object_type', '=', objectType)
      .orderBy('name')
      .execute();
    return rows.map((r) => ({
      objectType,
      name: r.name,
      label: r.label,
      type: r.type,
      fieldType: r.field_type,
      calculated: r.calculated,
      hasUniqueValue: r.has_unique_value,
      readOnlyValue: r.read_only_value,
      hidden: r.hidden,
      ...(r.validation_rule ? { validationRule: r.validation_rule } : {}),
      options: typeof r.options === 'string' ? JSON.parse(r.options) : r.options,
    }));
  }

  async records(
    portalId: string,
    objectType: SandboxObjectType,
    ids?: readonly string[],
  ): Promise<SandboxRecord[]> {
    let query = this.db
      .selectFrom('sandbox_records')
      .selectAll()
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType);
    if (ids) {
      if (ids.length === 0) return [];
      query = query.where('id', 'in', ids);
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .limit(ids ? ids.length : 200)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      properties: typeof r.properties === 'string' ? JSON.parse(r.properties) : r.properties,
      lastChangeSource: r.last_change_source,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  /** Adds `count` sample records (samples.ts), the same ones for the same seed; no webhook. */
  async addSamples(
    portalId: string,
    objectType: SandboxObjectType,
    count: number,
    seed: number,
    onProgress?: (added: number) => void,
  ) {
    return addSampleRecords(this.db, { portalId, objectType, count, seed, now: this.now(), onProgress });
  }

  async countRecords(portalId: string, objectType: SandboxObjectType): Promise<number> {
    const row = await this.db
      .selectFrom('sandbox_records')
      .select(sql<string>`count(*)`.as('n'))
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of HubSpot's CRM search over the portal's records (search.ts). */
  async search(portalId: string, objectType: SandboxObjectType, search: RecordSearch) {
    return searchRecords(this.db, portalId, objectType, search);
  }

  async createRecord(
    portalId: string,
    objectType: SandboxObjectType,
    properties: Properties,
  ): Promise<string> {
    const { rows } = await sql<{ id: string }>`SELECT nextval('sandbox_record_ids')::text AS id`.execute(
      this.db,
    );
    const id = rows[0]!.id;
    const now = this.now();
    await this.db
      .insertInto('sandbox_records')
      .values({
        portal_id: portalId,
        object_type: objectType,
        id,
        properties: JSON.stringify({ ...properties, hs_object_id: id, createdate: now.toISOString() }),
        last_change_source: 'CRM_UI',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /** Merges the given values into the record; answers false when there is no such record. */
  async updateRecord(
    portalId: string,
    objectType: SandboxObjectType,
    id: string,
    properties: Properties,
    changeSource: 'CRM_UI' | 'INTEGRATION',
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sandbox_records')
      .set({
        properties: sql`properties || ${JSON.stringify(properties)}::jsonb` as unknown as string,
        last_change_source: changeSource,
        updated_at: this.now(),
      })
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Merges each input's values into its record in one statement (HubSpot's batch update of up to
   * 100); answers the records written. An id with no record is left out.
   */
  async updateRecords(
    portalId: string,
    objectType: SandboxObjectType,
    inputs: readonly { id: string; properties: Properties }[],
    changeSource: 'CRM_UI' | 'INTEGRATION',
  ): Promise<SandboxRecord[]> {
    if (inputs.length === 0) return [];
    const values = sql.join(inputs.map((i) => sql`(${i.id}, ${JSON.stringify(i.properties)})`));
    const { rows } = await sql<{
      id: string;
      properties: Properties | string;
      created_at: Date;
      updated_at: Date;
    }>`
      UPDATE sandbox_records AS r
      SET properties = r.properties || v.properties::jsonb, last_change_source = ${changeSource},
        updated_at = ${this.now()}
      FROM (VALUES ${values}) AS v (id, properties)
      WHERE r.portal_id = ${portalId} AND r.object_type = ${objectType} AND r.id = v.id
      RETURNING r.id, r.properties, r.created_at, r.updated_at`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      properties: typeof r.properties === 'string' ? JSON.parse(r.properties) : r.properties,
      lastChangeSource: changeSource,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  /** Deletes a record for good (HubSpot's GDPR delete); answers false when there was none. */
  async deleteRecord(portalId: string, objectType: SandboxObjectType, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sandbox_records')
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private async grant(token: string, kind: 'code' | 'access' | 'refresh', portalId: string, seconds: number) {
    await this.db
      .insertInto('sandbox_grants')
      .values({
        token_hash: hash(token),
        kind,
        portal_id: portalId,
        expires_at: new Date(this.now().getTime() + seconds * 1000),
        used: false,
      })
      .execute();
  }
}
