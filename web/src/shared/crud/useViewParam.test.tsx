import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseViewId, useViewParam } from './useViewParam';

function Viewer() {
  const view = useViewParam();
  return (
    <div>
      <span data-testid="id">{view.id ?? 'none'}</span>
      <button type="button" onClick={() => view.open(42)}>
        open
      </button>
      <button type="button" onClick={view.close}>
        close
      </button>
    </div>
  );
}

function setup(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Viewer /> }, { path: '/other', element: <Viewer /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useViewParam', () => {
  it('reads ?view= on mount (a reload or a shared link opens the record)', () => {
    setup('/list?name=%E5%BC%A0&view=7');
    expect(screen.getByTestId('id').textContent).toBe('7');
  });

  it('writes the id on open and removes it on close, keeping the other parameters', async () => {
    const router = setup('/list?page=2');
    await act(async () => screen.getByText('open').click());
    expect(router.state.location.search).toBe('?page=2&view=42');
    expect(screen.getByTestId('id').textContent).toBe('42');
    await act(async () => screen.getByText('close').click());
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByTestId('id').textContent).toBe('none');
  });

  it('ignores what is not a record id', () => {
    expect(parseViewId('12')).toBe(12);
    for (const raw of [null, '', '0', '-3', '1.5', 'abc', '12345678901234567']) expect(parseViewId(raw)).toBeNull();
  });
});
