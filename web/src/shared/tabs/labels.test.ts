import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  sessionStorage.clear();
  vi.resetModules();
});

describe('tab labels', () => {
  it('come back after a reload, from sessionStorage', async () => {
    const first = await import('./labels');
    first.setTabLabel('/business/orderDetail/7', 'BH20261125000007');
    vi.resetModules();
    const reloaded = await import('./labels');
    let seen: Readonly<Record<string, string>> = {};
    const { renderHook } = await import('@testing-library/react');
    renderHook(() => {
      seen = reloaded.useTabLabels();
    });
    expect(seen['/business/orderDetail/7']).toBe('BH20261125000007');
  });

  it('are forgotten at sign-out', async () => {
    const labels = await import('./labels');
    labels.setTabLabel('/business/orderDetail/8', 'BH20261125000008');
    labels.clearTabLabels();
    vi.resetModules();
    const reloaded = await import('./labels');
    let seen: Readonly<Record<string, string>> = { x: 'y' };
    const { renderHook } = await import('@testing-library/react');
    renderHook(() => {
      seen = reloaded.useTabLabels();
    });
    expect(seen).toEqual({});
  });
});
