import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from './errors';
import { postMultipart } from './multipart';
import { showError } from './notifier';

vi.mock('./notifier', () => ({ showError: vi.fn(() => Promise.resolve()) }));

const reply = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

describe('a multipart command', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(showError).mockClear();
  });

  it('sends the fields and the file in one form and answers the data', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => reply({ result: true, code: 200, msg: '', data: { id: 9 } }));
    vi.stubGlobal('fetch', fetchMock);
    const voucher = new File(['%PDF'], 'voucher.pdf', { type: 'application/pdf' });
    await expect(postMultipart('/admin/order/down-payment/record/7', { amountFen: '75000', serialNo: 'S1', voucher })).resolves.toEqual({ id: 9 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/order/down-payment/record/7');
    const form = init?.body as FormData;
    expect(form.get('amountFen')).toBe('75000');
    expect(form.get('serialNo')).toBe('S1');
    expect((form.get('voucher') as File).name).toBe('voucher.pdf');
  });

  it('rejects a refusal with its code, message and field errors (the creator may not pay: 403)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => reply({ result: false, code: 403, msg: '不能支付自己创建的申请', data: null })));
    const error: unknown = await postMultipart('/admin/premium/pay/3', { bankSerialNo: 'B1', valueDate: '2026-12-02' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code === 403 && error.msg === '不能支付自己创建的申请').toBe(true);
    expect(showError).toHaveBeenCalledWith('不能支付自己创建的申请', expect.any(Number));

    vi.stubGlobal('fetch', vi.fn(() => reply({ result: false, code: 400, msg: '请填写银行流水号', data: { fields: { bankSerialNo: '请填写银行流水号' } } })));
    const invalid: unknown = await postMultipart('/admin/premium/pay/3', { bankSerialNo: '', valueDate: '2026-12-02' }).catch((e: unknown) => e);
    expect(isApiError(invalid) && invalid.code === 400).toBe(true);
    expect(isApiError(invalid) ? invalid.data : null).toEqual({ fields: { bankSerialNo: '请填写银行流水号' } });
  });
});
