import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PdfPreviewModal } from './PdfPreviewModal';

const texts = { title: '合同预览：借款合同 V2（样例数据）', openInTab: '在新标签页打开', close: '关闭', loading: '正在生成 PDF…' };

describe('<PdfPreviewModal/>', () => {
  const original = URL.revokeObjectURL;
  afterEach(() => {
    URL.revokeObjectURL = original;
  });

  it('shows the PDF the loader answers and revokes its URL when the dialog closes', async () => {
    const revoked: string[] = [];
    URL.revokeObjectURL = (url: string) => revoked.push(url);
    const load = vi.fn((id: number) => Promise.resolve(`blob:pdf-${id}`));
    const { rerender } = render(<PdfPreviewModal id={7} load={load} texts={texts} testId="contract-pdf" onClose={() => undefined} />);
    expect(screen.getByText(texts.title)).toBeTruthy();
    const frame = await screen.findByTestId('contract-pdf');
    expect(frame.getAttribute('src')).toBe('blob:pdf-7');
    expect(load).toHaveBeenCalledWith(7);

    rerender(<PdfPreviewModal id={null} load={load} texts={texts} testId="contract-pdf" onClose={() => undefined} />);
    await waitFor(() => expect(revoked).toEqual(['blob:pdf-7']));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says what went wrong when the server answers an error instead of a PDF', async () => {
    const load = () => Promise.reject(new Error('合同模板不存在'));
    render(<PdfPreviewModal id={3} load={load} texts={texts} testId="contract-pdf" onClose={() => undefined} />);
    expect(await screen.findByText('合同模板不存在')).toBeTruthy();
    expect(screen.queryByTestId('contract-pdf')).toBeNull();
  });
});
