import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, namePath } from '../api/errors';
import { i18n } from '../i18n';
import { FormDialog } from './FormDialog';

interface Values {
  name: string;
}

function Harness({ onSubmit }: { onSubmit: (values: Values) => Promise<unknown> }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <App>
      <span data-testid="editing">{editing ?? 'closed'}</span>
      <button type="button" onClick={() => setEditing('北京')}>
        edit 北京
      </button>
      <button type="button" onClick={() => setEditing('上海')}>
        edit 上海
      </button>
      <FormDialog<Values> open={editing !== null} title="城市" initialValues={{ name: editing ?? '' }} onClose={() => setEditing(null)} onSubmit={onSubmit}>
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称' }]}>
          <Input />
        </Form.Item>
      </FormDialog>
    </App>
  );
}

describe('FormDialog', () => {
  it('each opening starts from its own initial values, not the previous opening’s', async () => {
    await i18n.changeLanguage('zh');
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('edit 北京'));
    const first = (await screen.findByLabelText('名称')) as HTMLInputElement;
    expect(first.value).toBe('北京');
    fireEvent.change(first, { target: { value: '北京市' } });
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    fireEvent.click(screen.getByText('edit 上海'));
    await waitFor(() => expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('上海'));
  });

  it('shows the server’s field messages and stays open when the save is refused; closes after a save', async () => {
    await i18n.changeLanguage('zh');
    const onSubmit = vi
      .fn<(values: Values) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError('business', 409, '名称已存在', { fields: { name: '名称已存在' } }))
      .mockResolvedValueOnce(undefined);
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('edit 北京'));
    await screen.findByLabelText('名称');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('名称已存在');
    expect(onSubmit).toHaveBeenCalledWith({ name: '北京' });
    expect(screen.getByTestId('editing').textContent).toBe('北京');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('editing').textContent).toBe('closed'));
  });

  it('clears a field’s error as soon as the field is edited', async () => {
    await i18n.changeLanguage('zh');
    const onSubmit = vi.fn<(values: Values) => Promise<unknown>>().mockRejectedValueOnce(new ApiError('business', 409, '名称已存在', { fields: { name: '名称已存在' } }));
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('edit 北京'));
    const input = await screen.findByLabelText('名称');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('名称已存在');
    fireEvent.change(input, { target: { value: '北京市' } });
    await waitFor(() => expect(screen.queryByText('名称已存在')).toBeNull());
  });

  it('puts a message for a row of a list under that row, and a renamed field’s under the field that shows it', async () => {
    await i18n.changeLanguage('zh');
    const onSubmit = vi
      .fn<(values: unknown) => Promise<unknown>>()
      .mockRejectedValue(
        new ApiError('business', 400, '银行账号格式不正确', {
          fields: { 'accounts[1].accountNo': '银行账号格式不正确', districtCode: '请选择有效的区县' },
        }),
      );
    render(
      <App>
        <FormDialog<{ accounts: { accountNo: string }[]; area: string }>
          open
          title="保险公司"
          initialValues={{ accounts: [{ accountNo: '6222' }, { accountNo: '12' }], area: '110101' }}
          fieldNames={{ districtCode: 'area' }}
          onClose={() => undefined}
          onSubmit={onSubmit}
        >
          <Form.List name="accounts">
            {(fields) =>
              fields.map((field) => (
                <div key={field.key} data-testid={`row-${field.name}`}>
                  <Form.Item name={[field.name, 'accountNo']}>
                    <Input />
                  </Form.Item>
                </div>
              ))
            }
          </Form.List>
          <div data-testid="area">
            <Form.Item name="area" label="地区">
              <Input />
            </Form.Item>
          </div>
        </FormDialog>
      </App>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('row-1').textContent).toContain('银行账号格式不正确'));
    expect(screen.getByTestId('row-0').textContent).not.toContain('银行账号格式不正确');
    expect(screen.getByTestId('area').textContent).toContain('请选择有效的区县');
  });

  it('with okDisabled the save button is greyed out and nothing is submitted, not even with Enter', async () => {
    await i18n.changeLanguage('zh');
    const onSubmit = vi.fn(() => Promise.resolve());
    render(
      <App>
        <FormDialog<Values> open title="城市" initialValues={{ name: '北京' }} okDisabled onClose={() => undefined} onSubmit={onSubmit}>
          <Form.Item name="name" label="名称">
            <Input />
          </Form.Item>
        </FormDialog>
      </App>,
    );
    const ok = await screen.findByRole('button', { name: /确\s*定/ });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByLabelText('名称').closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks its confirmation only once the form is valid, and saves only after OK', async () => {
    await i18n.changeLanguage('zh');
    const onSubmit = vi.fn(() => Promise.resolve());
    render(
      <App>
        <FormDialog<Values> open title="冲正" initialValues={{ name: '' }} confirm={(values) => `确定冲正“${values.name}”吗？`} onClose={() => undefined} onSubmit={onSubmit}>
          <Form.Item name="name" label="原因" rules={[{ required: true, message: '请输入原因' }]}>
            <Input />
          </Form.Item>
        </FormDialog>
      </App>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await screen.findByText('请输入原因');
    expect(screen.queryByText(/确定冲正/)).toBeNull();
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '录错' } });
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ })[0] as HTMLElement);
    await screen.findAllByText('确定冲正“录错”吗？');
    expect(onSubmit).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '录错' }));
  });

  it('reads a server field as an antd name path', () => {
    expect(namePath('name')).toEqual(['name']);
    expect(namePath('accounts[2].accountNo')).toEqual(['accounts', 2, 'accountNo']);
    expect(namePath('items[0][1].code')).toEqual(['items', 0, 1, 'code']);
  });
});

describe('FormDialog on a phone', () => {
  it('puts the labels above their fields (vertical form); on a desktop beside them', async () => {
    const { uiActions } = await import('../settings/store');
    render(<Harness onSubmit={() => Promise.resolve()} />);
    fireEvent.click(screen.getByText('edit 北京'));
    await screen.findByLabelText('名称');
    expect(document.querySelector('.bh-form-dialog')?.classList.contains('ant-form-horizontal')).toBe(true);
    act(() => uiActions.setDevice('mobile'));
    try {
      await waitFor(() => expect(document.querySelector('.bh-form-dialog.ant-form-vertical')).not.toBeNull());
    } finally {
      act(() => uiActions.setDevice('desktop'));
    }
  });
});
