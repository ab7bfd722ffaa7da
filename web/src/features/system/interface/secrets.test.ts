import { describe, expect, it } from 'vitest';
import { withoutBlankSecret } from './secrets';

describe('withoutBlankSecret', () => {
  it('leaves out a blank secret so the stored one is kept', () => {
    expect(withoutBlankSecret({ kind: 'aliyun', accessKeySecret: '  ' }, 'accessKeySecret')).toEqual({ kind: 'aliyun' });
    expect(withoutBlankSecret({ kind: 'aliyun', accessKeySecret: undefined as string | undefined }, 'accessKeySecret')).toEqual({ kind: 'aliyun' });
  });
  it('sends a new secret as typed', () => {
    expect(withoutBlankSecret({ kind: 'aliyun', accessKeySecret: 'new' }, 'accessKeySecret')).toEqual({ kind: 'aliyun', accessKeySecret: 'new' });
  });
});
