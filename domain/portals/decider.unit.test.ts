import { describe, expect, it } from 'vitest';
import { defaultPortalMapping, type PortalMapping } from './config';
import {
  decidePortal,
  evolvePortal,
  initialPortalState,
  type PortalCommand,
  type PortalState,
} from './decider';
import { PortalRuleError } from './errors';

const at = '2026-11-23T10:00:00.000Z';
const later = '2026-11-24T10:00:00.000Z';
const portalId = '4711';
const connect = (userId: string, when = at): Extract<PortalCommand, { type: 'ConnectPortal' }> => ({
  type: 'ConnectPortal',
  portalId,
  userId,
  at: when,
});
const mapping: PortalMapping = {
  contact: {
    city: 'city',
    state: 'state',
    county: 'county_name',
    country: '',
    updateTimezone: true,
    modes: { ...defaultPortalMapping().contact.modes, city: 'keep_entered' },
  },
  company: {
    city: 'city',
    state: '',
    county: '',
    country: 'country',
    modes: { ...defaultPortalMapping().company.modes, country: 'always_overwrite' },
  },
};
const save = (userId: string, config = mapping): PortalCommand => ({
  type: 'SavePortalConfig',
  portalId,
  userId,
  at,
  config,
});

function given(...commands: PortalCommand[]): PortalState {
  return commands.reduce(
    (state, c) => decidePortal(c, state).reduce(evolvePortal, state),
    initialPortalState(),
  );
}

describe('portal rules', () => {
  it('connects a portal nobody holds to the account that completed the consent', () => {
    expect(
      decidePortal({ ...connect('alice'), hubDomain: 'acme.hubspot.com' }, initialPortalState()),
    ).toEqual([
      { type: 'PortalConnected', data: { portalId, userId: 'alice', at, hubDomain: 'acme.hubspot.com' } },
    ]);
  });

  it('calls connecting the same portal again from the same account a reconnect', () => {
    expect(decidePortal(connect('alice', later), given(connect('alice')))).toEqual([
      { type: 'PortalReconnected', data: { portalId, userId: 'alice', at: later } },
    ]);
  });

  it('moves a portal another account holds to the new account and disconnects it from the old one', () => {
    const events = decidePortal(connect('bob', later), given(connect('alice')));
    expect(events).toEqual([
      {
        type: 'PortalDisconnected',
        data: { portalId, userId: 'alice', at: later, reason: 'connected_by_another_account' },
      },
      { type: 'PortalConnected', data: { portalId, userId: 'bob', at: later } },
    ]);
    const state = events.reduce(evolvePortal, given(connect('alice')));
    expect(state).toMatchObject({ status: 'connected', userId: 'bob', connectedAt: later });
  });

  it('starts a new owner from the default mapping, not the previous owner’s', () => {
    const state = given(connect('alice'), save('alice'), connect('bob'));
    expect(state.config).toEqual(defaultPortalMapping());
  });

  it('keeps the mapping when the owner deletes and connects the portal again', () => {
    const state = given(
      connect('alice'),
      save('alice'),
      { type: 'DisconnectPortal', portalId, userId: 'alice', at },
      connect('alice', later),
    );
    expect(state).toMatchObject({ status: 'connected', config: mapping });
  });

  it('maps nothing by default: empty properties, no timezone, every field only filled when empty', () => {
    const fillIfEmpty = {
      city: 'keep_entered',
      state: 'keep_entered',
      county: 'keep_entered',
      country: 'keep_entered',
    };
    expect(given(connect('alice')).config).toEqual({
      contact: {
        city: '',
        state: '',
        county: '',
        country: '',
        updateTimezone: false,
        modes: { ...fillIfEmpty, timezone: 'keep_entered' },
      },
      company: { city: '', state: '', county: '', country: '', modes: fillIfEmpty },
    });
  });

  it('reads a mapping recorded with "only fill empty" as the write modes that behave the same', () => {
    const recorded = {
      contact: {
        city: 'city',
        state: '',
        county: '',
        country: '',
        updateTimezone: false,
        onlyFillEmpty: true,
      },
      company: { city: 'city', state: '', county: '', country: '' },
    };
    const state = evolvePortal(given(connect('alice')), {
      type: 'PortalConfigSaved',
      data: { portalId, userId: 'alice', at, config: recorded },
    });
    expect(state.config.contact.modes.city).toBe('keep_entered');
    expect(state.config.company.modes.city).toBe('always_overwrite');
    expect(state.config.contact).not.toHaveProperty('onlyFillEmpty');
  });

  it('lets the owner save a mapping', () => {
    expect(decidePortal(save('alice'), given(connect('alice')))).toEqual([
      { type: 'PortalConfigSaved', data: { portalId, userId: 'alice', at, config: mapping } },
    ]);
  });

  it('records nothing when the saved mapping is the one already in force', () => {
    expect(decidePortal(save('alice'), given(connect('alice'), save('alice')))).toEqual([]);
  });

  it('refuses a mapping from anyone but the owner', () => {
    expect(() => decidePortal(save('mallory'), given(connect('alice')))).toThrow(PortalRuleError);
  });

  it('refuses a mapping for a portal that is not connected', () => {
    expect(() => decidePortal(save('alice'), initialPortalState())).toThrow(PortalRuleError);
  });

  it('lets only the owner delete a connection', () => {
    const state = given(connect('alice'));
    expect(() => decidePortal({ type: 'DisconnectPortal', portalId, userId: 'mallory', at }, state)).toThrow(
      PortalRuleError,
    );
    expect(decidePortal({ type: 'DisconnectPortal', portalId, userId: 'alice', at }, state)).toEqual([
      { type: 'PortalDisconnected', data: { portalId, userId: 'alice', at, reason: 'deleted_by_owner' } },
    ]);
  });

  it('refuses to delete a connection that was already deleted', () => {
    const state = given(connect('alice'), { type: 'DisconnectPortal', portalId, userId: 'alice', at });
    expect(() => decidePortal({ type: 'DisconnectPortal', portalId, userId: 'alice', at }, state)).toThrow(
      PortalRuleError,
    );
  });

  it('stops the old owner from configuring a portal that moved to another account', () => {
    expect(() => decidePortal(save('alice'), given(connect('alice'), connect('bob')))).toThrow(
      PortalRuleError,
    );
  });

  describe('when HubSpot revokes access (app uninstalled)', () => {
    const revoked: PortalCommand = { type: 'RecordAccessRevoked', portalId, at: later };

    it('records the loss of access once, for the account holding the portal', () => {
      const state = given(connect('alice'));
      expect(decidePortal(revoked, state)).toEqual([
        { type: 'PortalAccessRevoked', data: { portalId, userId: 'alice', at: later } },
      ]);
      expect(decidePortal(revoked, given(connect('alice'), revoked))).toEqual([]);
    });

    it('records nothing for a portal nobody holds or that was deleted', () => {
      expect(decidePortal(revoked, initialPortalState())).toEqual([]);
      const deleted = given(connect('alice'), { type: 'DisconnectPortal', portalId, userId: 'alice', at });
      expect(decidePortal(revoked, deleted)).toEqual([]);
    });

    it('keeps the portal its owner’s with its mapping, waiting for a reconnect', () => {
      expect(given(connect('alice'), save('alice'), revoked)).toMatchObject({
        status: 'revoked',
        userId: 'alice',
        config: mapping,
      });
    });

    it('calls connecting it again from the same account a reconnect that restores the mapping', () => {
      const state = given(connect('alice'), save('alice'), revoked);
      const events = decidePortal(connect('alice', later), state);
      expect(events).toEqual([{ type: 'PortalReconnected', data: { portalId, userId: 'alice', at: later } }]);
      expect(events.reduce(evolvePortal, state)).toMatchObject({ status: 'connected', config: mapping });
    });

    it('moves a revoked portal to another account that connects it, disconnecting the old owner', () => {
      const events = decidePortal(connect('bob', later), given(connect('alice'), revoked));
      expect(events.map((e) => e.type)).toEqual(['PortalDisconnected', 'PortalConnected']);
    });

    it('lets the owner delete a connection whose access was revoked, and nobody configure it', () => {
      const state = given(connect('alice'), revoked);
      expect(decidePortal({ type: 'DisconnectPortal', portalId, userId: 'alice', at }, state)).toEqual([
        { type: 'PortalDisconnected', data: { portalId, userId: 'alice', at, reason: 'deleted_by_owner' } },
      ]);
      expect(() => decidePortal(save('alice'), state)).toThrow(PortalRuleError);
    });
  });
});
