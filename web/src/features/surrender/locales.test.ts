import { describe, expect, it } from 'vitest';
import { surrenderLabelDictionaries } from '../../shared/surrender/labels';
import { dictionaryKeys, dictionaryText } from '../../test/dictionaries';
import { surrenderDictionaries } from './locales';
import {
  NO_REFUND_REASONS,
  NOTICE_STATUSES,
  POLICY_KINDS,
  REFUND_METHODS,
  SETTLE_RESOLUTIONS,
  SHORTFALL_RESOLUTIONS,
  SURRENDER_BEARERS,
  SURRENDER_CHANNELS,
  SURRENDER_REASONS,
  SURRENDER_STATUSES,
} from './types';

const LANGUAGES = ['en', 'es', 'ja'] as const;
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('surrender texts', () => {
  it.each([
    ['the screen', surrenderDictionaries],
    ['the shared labels', surrenderLabelDictionaries],
  ] as const)('%s: the four languages have the same keys, none empty, the placeholders kept', (_name, dictionaries) => {
    const zh = dictionaryKeys(dictionaries.zh);
    for (const lang of LANGUAGES) expect(dictionaryKeys(dictionaries[lang]), lang).toEqual(zh);
    for (const [lang, dictionary] of Object.entries(dictionaries)) {
      for (const key of zh) {
        const value = dictionaryText(dictionary, key);
        expect(typeof value === 'string' && value.trim() !== '', `${lang} ${key}`).toBe(true);
      }
    }
    for (const key of zh) {
      const wanted = placeholders(dictionaryText(dictionaries.zh, key));
      for (const lang of LANGUAGES) expect(placeholders(dictionaryText(dictionaries[lang], key)), `${lang} ${key}`).toEqual(wanted);
    }
  });

  it('every status, reason and notice status has a label, the Chinese ones the domain’s', () => {
    const labels = surrenderLabelDictionaries.zh;
    expect(Object.keys(labels.status)).toEqual([...SURRENDER_STATUSES]);
    expect(Object.keys(labels.reason)).toEqual([...SURRENDER_REASONS]);
    expect(Object.keys(labels.reasonShort)).toEqual([...SURRENDER_REASONS]);
    expect(Object.keys(labels.notice)).toEqual([...NOTICE_STATUSES]);
    expect(labels.status.APPROVED).toBe('已审批（退保中）');
    expect(labels.status.REFUND_RECEIVED).toBe('退保款已冲账（差额待清）');
    expect(labels.notice.SENT).toBe('已催告');
  });

  it('every channel, resolution, bearer, policy kind, method and no-refund reason has a label; every action its texts', () => {
    const zh = surrenderDictionaries.zh;
    for (const channel of SURRENDER_CHANNELS) expect(zh.channel[channel], channel).toBeTruthy();
    for (const resolution of SHORTFALL_RESOLUTIONS) expect(zh.resolution[resolution], resolution).toBeTruthy();
    for (const resolution of SETTLE_RESOLUTIONS) expect(zh.settle.resolutionOption[resolution], resolution).toBeTruthy();
    for (const bearer of SURRENDER_BEARERS) expect(zh.bearer[bearer], bearer).toBeTruthy();
    for (const kind of POLICY_KINDS) expect(zh.policyKind[kind], kind).toBeTruthy();
    for (const method of REFUND_METHODS) expect(zh.method[method], method).toBeTruthy();
    for (const reason of NO_REFUND_REASONS) expect(zh.noRefund[reason], reason).toBeTruthy();
    for (const reason of SURRENDER_REASONS) expect(zh.form.reasonHint[reason], reason).toBeTruthy();
    for (const action of ['approve', 'reject', 'withdraw', 'submit', 'confirm', 'decline', 'cancel', 'settle', 'payout'] as const) {
      expect(zh.action[action], action).toBeTruthy();
      expect(zh.title[action], action).toContain('{{no}}');
      expect(zh.ok[action], action).toBeTruthy();
    }
    // The labels the brief names.
    expect(zh.action.settle).toBe('退保款确认并冲账');
    expect(zh.action.payout).toBe('退还余款');
    expect(zh.sub.graceOver).toBe('宽限期已过');
  });
});
