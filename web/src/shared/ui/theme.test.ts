import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILY, themeTokens } from './theme';

describe('theme', () => {
  it('the theme colour reaches links as well as buttons (antd derives links from its own blue otherwise)', () => {
    expect(themeTokens('#fa541c')).toMatchObject({ colorPrimary: '#fa541c', colorLink: '#fa541c', colorInfo: '#fa541c' });
  });

  it('antd and the page use one font stack', () => {
    const css = readFileSync(join(__dirname, '..', '..', 'app', 'global.css'), 'utf8');
    const body = /body\s*\{[^}]*font-family:([^;]+);/.exec(css)?.[1] ?? '';
    const normalize = (stack: string) => stack.replace(/\s+/g, ' ').trim();
    expect(normalize(body)).toBe(normalize(FONT_FAMILY));
    expect(themeTokens('#349cff').fontFamily).toBe(FONT_FAMILY);
  });
});
