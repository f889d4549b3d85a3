import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@phonemarket/contracts/settings.ts';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { openSecret, sealSecret } from '@phonemarket/platform/secretBox.ts';
import { effectiveSections, sessionPolicyOf } from '../../shared/siteSettings.ts';
import { changesBetween, settingsDecider, type SectionSave, type SettingsCommand } from './settings.ts';

const configured = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };
const save = (s: SectionSave): SettingsCommand => ({ type: 'SaveSettings', configured, save: s });
const site = { ...DEFAULT_SETTINGS.site, companyName: '폰마켓', businessNumber: '220-81-62517' };
const siteSaved: DomainEvent = {
  type: 'SiteSettingsChanged',
  data: { section: 'site', values: site, changes: [{ field: 'companyName', from: '', to: '폰마켓' }, { field: 'businessNumber', from: '', to: '220-81-62517' }] },
};
const security = { sessionIdleMinutes: 10, sessionAbsoluteHours: 12, maxSignInFailures: 5, maxSignInFailuresPerAddress: 20, signInLockMinutes: 15 };
const { passwordSet: _p, ...emailDefaults } = DEFAULT_SETTINGS.email;
const email = { ...emailDefaults, enabled: true, host: 'smtp.phonemarket.kr', fromAddress: 'no-reply@phonemarket.kr', username: 'mailer' };

describe('site settings (given/when/then)', () => {
  const given = DeciderSpecification.for(settingsDecider);

  it('a first save records each field that changed from its default', () => {
    given([]).when(save({ section: 'site', values: site })).then([siteSaved]);
  });

  it('a later save records only what changed, from the saved value; saving the same values appends nothing', () => {
    given([siteSaved]).when(save({ section: 'site', values: { ...site, representative: '홍길동' } })).then([{
      type: 'SiteSettingsChanged',
      data: { section: 'site', values: { ...site, representative: '홍길동' }, changes: [{ field: 'representative', from: '', to: '홍길동' }] },
    }]);
    given([siteSaved]).when(save({ section: 'site', values: site })).thenNothing();
    given([]).when(save({ section: 'payment', values: DEFAULT_SETTINGS.payment })).thenNothing();
  });

  it('security starts from the server\'s session timeouts (SESSION_IDLE_MINUTES/SESSION_ABSOLUTE_HOURS)', () => {
    given([]).when(save({ section: 'security', values: security })).then([{
      type: 'SiteSettingsChanged', data: { section: 'security', values: security, changes: [{ field: 'sessionIdleMinutes', from: 30, to: 10 }] },
    }]);
    given([]).when(save({ section: 'security', values: { ...security, sessionIdleMinutes: 30 } })).thenNothing();
  });

  it('nested sections name the changed leaf (inApp.promotion, methods.deposit)', () => {
    const notifications = { ...DEFAULT_SETTINGS.notifications, inApp: { ...DEFAULT_SETTINGS.notifications.inApp, promotion: false } };
    given([]).when(save({ section: 'notifications', values: notifications })).then([{
      type: 'SiteSettingsChanged', data: { section: 'notifications', values: notifications, changes: [{ field: 'inApp.promotion', from: true, to: false }] },
    }]);
    const payment = { methods: { card: true, transfer: true, deposit: false }, cardLimit: 3_000_000 };
    given([]).when(save({ section: 'payment', values: payment })).then([{
      type: 'SiteSettingsChanged',
      data: { section: 'payment', values: payment, changes: [{ field: 'methods.deposit', from: true, to: false }, { field: 'cardLimit', from: 10_000_000, to: 3_000_000 }] },
    }]);
  });

  it('the SMTP password: a new one is a change without its value, kept sealed; absent keeps it; null removes it (once)', () => {
    const first: DomainEvent = {
      type: 'SiteSettingsChanged',
      data: {
        section: 'email', values: email, sealedPassword: 'v1.sealed',
        changes: [
          { field: 'enabled', from: false, to: true }, { field: 'host', from: '', to: 'smtp.phonemarket.kr' }, { field: 'username', from: '', to: 'mailer' },
          { field: 'fromAddress', from: '', to: 'no-reply@phonemarket.kr' }, { field: 'password', from: null, to: null, secret: true },
        ],
      },
    };
    given([]).when(save({ section: 'email', values: email, password: { sealed: 'v1.sealed' } })).then([first]);
    given([first]).when(save({ section: 'email', values: email })).thenNothing();
    given([first]).when(save({ section: 'email', values: email, password: { sealed: 'v1.other' } })).then([{
      type: 'SiteSettingsChanged', data: { section: 'email', values: email, sealedPassword: 'v1.other', changes: [{ field: 'password', from: null, to: null, secret: true }] },
    }]);
    given([first]).when(save({ section: 'email', values: email, password: null })).thenState((s) => expect(s.sealedPassword).toBeNull());
    given([]).when(save({ section: 'email', values: emailDefaults, password: null })).thenNothing();
    given([first]).when(save({ section: 'email', values: { ...email, port: 2525 } })).thenState((s) => {
      expect(s.sealedPassword).toBe('v1.sealed');
      expect(s.sections.email?.port).toBe(2525);
    });
  });

  it('the session timeouts in force: the saved ones, else exactly the configured ones', () => {
    expect(sessionPolicyOf({ sections: {}, sealedPassword: null }, configured)).toBe(configured);
    expect(sessionPolicyOf({ sections: { security }, sealedPassword: null }, configured)).toEqual({ idleMs: 10 * 60_000, absoluteMs: 12 * 3_600_000 });
    expect(effectiveSections({ sections: {}, sealedPassword: null }, { idleMs: 45 * 60_000, absoluteMs: 24 * 3_600_000 }).security)
      .toMatchObject({ sessionIdleMinutes: 45, sessionAbsoluteHours: 24, maxSignInFailures: 5, signInLockMinutes: 15 });
  });

  it('changesBetween compares leaves', () => {
    expect(changesBetween({ a: 1, b: { c: true } }, { a: 1, b: { c: false } })).toEqual([{ field: 'b.c', from: true, to: false }]);
  });
});

describe('secret box (the sealed SMTP password)', () => {
  it('opens under the same server secret and purpose only; a new server secret cannot read it', () => {
    const secret = randomBytes(32).toString('hex');
    const password = randomBytes(24).toString('base64url');
    const sealed = sealSecret(secret, 'smtp-password', password);
    expect(sealed).not.toContain(password);
    expect(sealSecret(secret, 'smtp-password', password)).not.toBe(sealed);
    expect(openSecret(secret, 'smtp-password', sealed)).toBe(password);
    expect(openSecret(secret, 'other', sealed)).toBeNull();
    expect(openSecret(randomBytes(32).toString('hex'), 'smtp-password', sealed)).toBeNull();
    expect(openSecret(secret, 'smtp-password', 'v1.bad')).toBeNull();
  });
});
