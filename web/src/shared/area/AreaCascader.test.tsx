import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Area } from './area';
import { AreaCascader, AreaText } from './AreaCascader';

const TREE: Area[] = [
  { code: '110000', name: '北京市', children: [{ code: '110100', name: '市辖区', children: [{ code: '110105', name: '朝阳区', children: [] }] }] },
  {
    code: '440000',
    name: '广东省',
    children: [{ code: '440300', name: '深圳市', children: [{ code: '440305', name: '南山区', children: [] }] }],
  },
];

const request = vi.hoisted(() => vi.fn());
vi.mock('../api/request', async (original) => ({ ...(await original<object>()), request }));

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('AreaCascader', () => {
  it('loads the tree with the form call and answers [province, city, district] codes', async () => {
    request.mockReset().mockResolvedValue(TREE);
    const onChange = vi.fn();
    renderWith(<AreaCascader onChange={onChange} aria-label="地区" />);
    const input = await screen.findByLabelText('地区');
    await act(async () => {
      fireEvent.mouseDown(input);
      await Promise.resolve();
    });
    fireEvent.click(await screen.findByText('广东省'));
    fireEvent.click(await screen.findByText('深圳市'));
    fireEvent.click(await screen.findByText('南山区'));
    expect(onChange).toHaveBeenCalledWith(['440000', '440300', '440305']);
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: '/common/area/data', method: 'form' }));
  }, 20_000);

  it('shows codes as names', async () => {
    request.mockReset().mockResolvedValue(TREE);
    renderWith(<AreaText codes={['440000', '440300', '440305']} />);
    expect(await screen.findByText('广东省 / 深圳市 / 南山区')).toBeTruthy();
  });
});
