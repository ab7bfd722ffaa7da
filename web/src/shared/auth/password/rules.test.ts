import { describe, expect, it } from 'vitest';
import { canSubmit, type PasswordValues } from './rules';

const valid: PasswordValues = { passwordOld: 'x', passwordNew: 'secret', newPassword2: 'secret' };

describe('change password can be submitted (the product specification)', () => {
  it.each<[string, Partial<PasswordValues> | undefined, boolean]>([
    ['nothing typed yet', undefined, false],
    ['all valid', valid, true],
    ['old password empty', { ...valid, passwordOld: '' }, false],
    ['new password empty', { ...valid, passwordNew: '', newPassword2: '' }, false],
    ['confirmation empty', { ...valid, newPassword2: undefined }, false],
    ['5 characters', { ...valid, passwordNew: '12345', newPassword2: '12345' }, false],
    ['6 characters', { ...valid, passwordNew: '123456', newPassword2: '123456' }, true],
    ['30 characters', { ...valid, passwordNew: 'x'.repeat(30), newPassword2: 'x'.repeat(30) }, true],
    ['31 characters', { ...valid, passwordNew: 'x'.repeat(31), newPassword2: 'x'.repeat(31) }, false],
    ['6 emoji count as 6 characters', { ...valid, passwordNew: '🐝'.repeat(6), newPassword2: '🐝'.repeat(6) }, true],
    ['confirmation differs', { ...valid, newPassword2: 'secreT' }, false],
  ])('%s → %s', (_name, values, expected) => {
    expect(canSubmit(values)).toBe(expected);
  });
});
