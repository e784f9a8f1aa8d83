import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { FULL_CONTACT_MAPPING } from '../support/portals';
import { connectionsOf, connectSandboxPortal } from '../support/sandbox-hubspot';

const mapping = {
  contact: {
    ...FULL_CONTACT_MAPPING,
    modes: {
      city: 'keep_entered',
      state: 'keep_entered',
      county: 'always_overwrite',
      country: 'keep_entered',
      timezone: 'keep_entered',
    },
  },
  company: {
    city: 'city',
    state: '',
    county: 'location_notes',
    country: '',
    modes: {
      city: 'always_overwrite',
      state: 'keep_entered',
      county: 'keep_entered',
      country: 'keep_entered',
    },
  },
};
const every = (mode: string) => ({ city: mode, state: mode, county: mode, country: mode });

for (const backend of behaviourBackends) {
  describe(`portal properties and mapping on ${backend.name}`, () => {
    let app: RunningApp;
    let owner: { token: string; userId: string };
    let portalId: string;
    beforeAll(async () => {
      app = await startApp(backend);
      owner = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, owner.token);
      portalId = (await connectionsOf(app.baseUrl, owner.token))[0]!.portal_id;
    });
    afterAll(async () => app?.close());

    it('offers only writable single- and multi-line text properties without rules, not calculated, not unique, sorted by label', async () => {
      const { status, body } = await call(app.baseUrl, `/api/hubspot/contact-properties/${portalId}`, {
        token: owner.token,
      });
      expect(status).toBe(200);
      // Left out: email and region_code (validation rules), phone (phone number field), customer_code
      // (unique), full_location (calculated), hs_internal_geo (hidden), hs_timezone (a select),
      // hs_object_id and createdate (read-only, not text), and zip: the ZIP property is never a target.
      expect(body).toEqual([
        { name: 'city', label: 'City' },
        { name: 'company', label: 'Company Name' },
        { name: 'country', label: 'Country/Region' },
        { name: 'county', label: 'County' },
        { name: 'firstname', label: 'First Name' },
        { name: 'jobtitle', label: 'Job Title' },
        { name: 'lastname', label: 'Last Name' },
        { name: 'location_notes', label: 'Location Notes' },
        { name: 'state', label: 'State/Region' },
        { name: 'address', label: 'Street Address' },
      ]);
    });

    it('offers company properties the same way', async () => {
      const { body } = await call(app.baseUrl, `/api/hubspot/company-properties/${portalId}`, {
        token: owner.token,
      });
      const names = (body as { name: string }[]).map((p) => p.name);
      expect(names).toEqual(
        expect.arrayContaining(['name', 'domain', 'city', 'state', 'county', 'location_notes']),
      );
      expect(names).not.toEqual(expect.arrayContaining(['industry']));
      expect(names).not.toContain('customer_code');
      expect(names).not.toContain('zip');
    });

    it('starts a new portal with nothing mapped, every field keeping what people entered', async () => {
      const { status, body } = await call(app.baseUrl, `/api/hubspot/portal-config/${portalId}`, {
        token: owner.token,
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        contact: {
          city: '',
          state: '',
          county: '',
          country: '',
          updateTimezone: false,
          modes: { ...every('keep_entered'), timezone: 'keep_entered' },
        },
        company: { city: '', state: '', county: '', country: '', modes: every('keep_entered') },
      });
    });

    it('saves a mapping, loads it back, and shows it to the lookup pipeline at once', async () => {
      const saved = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
        token: owner.token,
        body: mapping,
      });
      expect(saved).toMatchObject({ status: 200, body: { message: expect.any(String) } });
      const loaded = await call(app.baseUrl, `/api/hubspot/portal-config/${portalId}`, {
        token: owner.token,
      });
      expect(loaded.body).toEqual(mapping);
      expect(await app.system.hubspot.directory.route(portalId)).toEqual({
        portalId,
        userId: owner.userId,
        config: mapping,
        zipProperty: { contact: 'zip', company: 'zip' },
        accessRevoked: false,
      });
    });

    it('keeps the modes in force for fields a client sends none for', async () => {
      const { modes: _contactModes, ...contact } = mapping.contact;
      const { modes: _companyModes, ...company } = mapping.company;
      const partial = {
        contact: { ...contact, modes: { state: 'always_overwrite' } },
        company,
      };
      expect(
        (
          await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
            token: owner.token,
            body: partial,
          })
        ).status,
      ).toBe(200);
      const loaded = await call(app.baseUrl, `/api/hubspot/portal-config/${portalId}`, {
        token: owner.token,
      });
      expect(loaded.body).toEqual({
        ...mapping,
        contact: { ...mapping.contact, modes: { ...mapping.contact.modes, state: 'always_overwrite' } },
      });
    });

    it('reads the old "only fill empty" switch from a client that still sends it as the modes it meant', async () => {
      const { modes: _contactModes, ...contact } = mapping.contact;
      const { modes: _companyModes, ...company } = mapping.company;
      const old = {
        contact: { ...contact, onlyFillEmpty: true },
        company: { ...company, onlyFillEmpty: false },
      };
      expect(
        (
          await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
            token: owner.token,
            body: old,
          })
        ).status,
      ).toBe(200);
      const loaded = await call(app.baseUrl, `/api/hubspot/portal-config/${portalId}`, {
        token: owner.token,
      });
      expect(loaded.body).toEqual({
        contact: { ...contact, modes: { ...every('keep_entered'), timezone: 'keep_entered' } },
        company: { ...company, modes: every('always_overwrite') },
      });
    });

    it('refuses a write mode it does not know, naming the field and the modes', async () => {
      const { status, body } = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
        token: owner.token,
        body: {
          ...mapping,
          company: { ...mapping.company, modes: { ...mapping.company.modes, city: 'sometimes' } },
        },
      });
      expect(status).toBe(400);
      expect((body as { error: string }).error).toBe(
        'company.modes.city must be one of: keep_entered, always_overwrite.',
      );
      const timezone = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
        token: owner.token,
        body: { ...mapping, company: { ...mapping.company, modes: { timezone: 'always_overwrite' } } },
      });
      expect(timezone).toMatchObject({
        status: 400,
        body: { error: 'Unknown field "timezone" in company.modes.' },
      });
    });

    it('refuses to map a location value to the ZIP property, saying why', async () => {
      for (const [type, field] of [
        ['contact', 'city'],
        ['contact', 'country'],
        ['company', 'state'],
        ['company', 'county'],
      ] as const) {
        const { status, body } = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
          token: owner.token,
          body: { ...mapping, [type]: { ...mapping[type], [field]: 'zip' } },
        });
        expect(status).toBe(400);
        expect((body as { error: string }).error).toBe(
          `${type}.${field}: "zip" is the ZIP property the lookup reads; writing the ${field} there would overwrite the ZIP. Choose another property, or Do Not Update.`,
        );
      }
    });

    it('refuses a property the portal does not offer, naming it', async () => {
      const { status, body } = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
        token: owner.token,
        body: { ...mapping, contact: { ...mapping.contact, state: 'customer_code' } },
      });
      expect(status).toBe(400);
      expect((body as { error: string }).error).toContain('contact.state: "customer_code"');
    });

    it('refuses unknown fields and wrong types with the field named', async () => {
      const extra = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
        token: owner.token,
        body: { ...mapping, contact: { ...mapping.contact, zip: 'zip' } },
      });
      expect(extra).toMatchObject({ status: 400, body: { error: 'Unknown field "zip" in contact.' } });
      const wrong = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
        token: owner.token,
        body: { ...mapping, contact: { ...mapping.contact, updateTimezone: 'yes' } },
      });
      expect(wrong).toMatchObject({
        status: 400,
        body: { error: 'contact.updateTimezone must be boolean.' },
      });
    });

    it('answers 404 to anyone but the owner for properties and mapping', async () => {
      const stranger = await signUp(app.baseUrl);
      for (const path of [
        `/api/hubspot/contact-properties/${portalId}`,
        `/api/hubspot/company-properties/${portalId}`,
        `/api/hubspot/portal-config/${portalId}`,
        `/api/hubspot/portal-config/not-a-portal`,
      ]) {
        expect((await call(app.baseUrl, path, { token: stranger.token })).status).toBe(404);
      }
      const save = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
        token: stranger.token,
        body: mapping,
      });
      expect(save.status).toBe(404);
    });
  });
}
