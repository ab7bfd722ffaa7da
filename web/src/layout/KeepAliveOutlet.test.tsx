import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RedirectRoute } from '../shared/routing/RedirectRoute';
import { dispatchTags, setTags, tagsState } from '../shared/tabs/store';
import { tagCommand } from '../shared/tabs/tags';
import { KeepAliveOutlet } from './KeepAliveOutlet';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name}:{count}
    </button>
  );
}

/** The part of the shell that matters here: a tab per visited page, and the kept pages. */
function Harness() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname.startsWith('/redirect/')) return;
    dispatchTags({ type: 'visit', tag: { key: pathname, fullPath: pathname + search, title: pathname, affix: false, keepAlive: pathname !== '/nocache' } });
  }, [pathname, search]);
  return <KeepAliveOutlet />;
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <Harness />,
        children: [
          { path: '/a', element: <Counter name="a" /> },
          { path: '/b', element: <Counter name="b" /> },
          { path: '/nocache', element: <Counter name="n" /> },
          { path: '/redirect/*', element: <RedirectRoute /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  const go = (to: string) => act(() => router.navigate(to));
  const command = async (name: Parameters<typeof tagCommand>[1], key: string) => {
    const result = tagCommand(tagsState(), name, key, router.state.location.pathname);
    act(() => setTags(result.state));
    if (result.navigateTo) await go(result.navigateTo);
  };
  return { router, go, command };
}

afterEach(() => {
  act(() => dispatchTags({ type: 'reset' }));
});

describe('KeepAliveOutlet (tabs keep their page state)', () => {
  it('keeps the state of an open tab while another tab shows', async () => {
    const { go } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'a:0' }));
    await go('/b');
    expect(await screen.findByRole('button', { name: 'b:0' })).toBeTruthy();
    await go('/a');
    expect(await screen.findByRole('button', { name: 'a:1' })).toBeTruthy();
  });

  it('forgets the state when the tab is closed', async () => {
    const { go, command } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'a:0' }));
    await go('/b');
    await command('close', '/a');
    await go('/a');
    expect(await screen.findByRole('button', { name: 'a:0' })).toBeTruthy();
  });

  it('refresh goes through /redirect and mounts the page afresh', async () => {
    const { router, command } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'a:0' }));
    await command('refresh', '/a');
    expect(router.state.location.pathname).toBe('/a');
    expect(await screen.findByRole('button', { name: 'a:0' })).toBeTruthy();
  });

  it('a page without keep-alive is not kept', async () => {
    const { go } = setup();
    await go('/nocache');
    fireEvent.click(await screen.findByRole('button', { name: 'n:0' }));
    await go('/a');
    await go('/nocache');
    expect(await screen.findByRole('button', { name: 'n:0' })).toBeTruthy();
  });
});
