import { describe, it } from 'vitest';
import { DEFAULT_CHATBOT_SETTINGS } from '@phonemarket/contracts/chatbotAdmin.ts';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { settingsDecider } from './settings.ts';

describe('the chatbot section of the site settings (given/when/then)', () => {
  const given = DeciderSpecification.for(settingsDecider);
  const configured = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

  it('a save records each field changed from the defaults (threshold 1, delay 1–2 s, handoff 3 s); the same values append nothing', () => {
    const values = { ...DEFAULT_CHATBOT_SETTINGS, matchThreshold: 2.5, handoffWaitSeconds: 30 };
    given([]).when({ type: 'SaveSettings', configured, save: { section: 'chatbot', values } }).then([{
      type: 'SiteSettingsChanged',
      data: { section: 'chatbot', values, changes: [{ field: 'matchThreshold', from: 1, to: 2.5 }, { field: 'handoffWaitSeconds', from: 3, to: 30 }] },
    }]);
    given([]).when({ type: 'SaveSettings', configured, save: { section: 'chatbot', values: DEFAULT_CHATBOT_SETTINGS } }).thenNothing();
  });
});
