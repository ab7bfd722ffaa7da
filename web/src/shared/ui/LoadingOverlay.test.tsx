import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beginLoading, endLoading } from '../api/loading';
import { LoadingOverlay } from './LoadingOverlay';

describe('<LoadingOverlay/>', () => {
  it('covers the screen while requests are pending and disappears when the last one ends', () => {
    render(<LoadingOverlay />);
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => {
      beginLoading();
      beginLoading();
    });
    const overlay = screen.getByRole('progressbar');
    expect(overlay.getAttribute('aria-busy')).toBe('true');

    act(() => endLoading());
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    act(() => endLoading());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never counts below zero', () => {
    render(<LoadingOverlay />);
    act(() => {
      endLoading();
      beginLoading();
    });
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    act(() => endLoading());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
