import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfObjectUrl } from './pdf';

describe('pdfObjectUrl', () => {
  const original = URL.createObjectURL;
  afterEach(() => {
    URL.createObjectURL = original;
  });

  it('answers an object URL for a PDF', async () => {
    const made = vi.fn(() => 'blob:pdf');
    URL.createObjectURL = made;
    await expect(pdfObjectUrl(new Blob(['%PDF-1.7'], { type: 'application/pdf' }))).resolves.toBe('blob:pdf');
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('throws the envelope message when the server answered an error instead', async () => {
    const envelope = new Blob([JSON.stringify({ code: 404, msg: '合同模板不存在' })], { type: 'application/json' });
    await expect(pdfObjectUrl(envelope)).rejects.toThrow('合同模板不存在');
    await expect(pdfObjectUrl(new Blob(['<html>'], { type: 'text/html' }))).rejects.toThrow('preview failed');
  });
});
