import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from '../crud/FormDialog';
import { i18n } from '../i18n';
import { validateDictionaries } from './locales';
import { useIdentifierRules } from './rules';

interface Values {
  idNo?: string;
  vin?: string;
  mobile?: string;
  bankName?: string;
  bankCard?: string;
}

function Fields() {
  const rules = useIdentifierRules();
  return (
    <>
      <Form.Item name="idNo" label="证件号码" rules={[rules.idNo('RESIDENT_ID')]}>
        <Input />
      </Form.Item>
      <Form.Item name="vin" label="车架号" rules={[rules.vin]}>
        <Input />
      </Form.Item>
      <Form.Item name="mobile" label="手机号" rules={[rules.mobile]}>
        <Input />
      </Form.Item>
      <Form.Item name="bankName" label="开户银行" dependencies={['bankCard']} rules={[rules.bankNameForCard('bankCard')]}>
        <Input />
      </Form.Item>
      <Form.Item name="bankCard" label="银行卡号" rules={[rules.bankCard, rules.bankCardLuhn]}>
        <Input />
      </Form.Item>
    </>
  );
}

function Dialog({ initial, onSubmit }: { initial: Values; onSubmit: (values: Values) => Promise<unknown> }) {
  return (
    <App>
      <FormDialog<Values> open title="客户" initialValues={initial} onClose={() => undefined} onSubmit={onSubmit}>
        <Fields />
      </FormDialog>
    </App>
  );
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('identifier rules', () => {
  it('show every field’s problem at once, in the server’s words, and call nothing', async () => {
    await i18n.changeLanguage('zh');
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<Dialog initial={{ idNo: '110105194912310021', vin: '1M8GDM9A1KP042788', mobile: '12812345678', bankCard: '6222 0212' }} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await screen.findByText('身份证号校验位不正确');
    expect(screen.getByText('车架号（VIN）第 9 位校验位不正确')).toBeTruthy();
    expect(screen.getByText('请输入正确的手机号')).toBeTruthy();
    expect(screen.getByText('银行卡号须为 12 到 19 位数字')).toBeTruthy();
    expect(screen.getByText('填写银行卡号时须填写开户银行')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('let right values through; a card failing Luhn only warns', async () => {
    await i18n.changeLanguage('zh');
    const onSubmit = vi.fn(() => Promise.resolve());
    const values = { idNo: '11010519491231002x', vin: 'lsvau218xn2183294', mobile: '13812345678', bankName: '工商银行', bankCard: '6222 0212 3456 7890' };
    render(<Dialog initial={values} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(values));
  });

  it('speak the interface language', async () => {
    await i18n.changeLanguage('en');
    try {
      render(<Dialog initial={{ vin: '1M8GDM9AXKP0427O8' }} onSubmit={() => Promise.resolve()} />);
      fireEvent.click(await screen.findByRole('button', { name: /OK/ }));
      await screen.findByText('A VIN contains no I, O or Q');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('have their messages in the four languages', () => {
    const zh = keys(validateDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) expect(keys(validateDictionaries[lang]).sort()).toEqual(zh);
  });
});
