import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionaryKeys, dictionaryText } from '../../test/dictionaries';
import { setRoles } from '../auth/permissions';
import { changeLanguage } from '../i18n';
import { DetailPage, DetailSection } from './DetailPage';
import { detailDictionaries } from './locales';

const actionButtons = () =>
  screen.queryByRole('toolbar') ? within(screen.getByRole('toolbar')).queryAllByRole('button').map((b) => b.textContent) : [];

function Page({ onEdit = () => undefined, onBack }: { onEdit?: () => void; onBack?: () => void }) {
  return (
    <DetailPage
      title="张三"
      subtitle="C202600001"
      status={{ label: '正常', color: 'green' }}
      {...(onBack ? { onBack } : {})}
      actions={[
        { key: 'password', label: '重置密码', perm: 'admin:customer:password', onClick: () => undefined },
        { key: 'edit', label: '编辑资料', perm: 'admin:customer:update', primary: true, onClick: onEdit },
        { key: 'print', label: '打印档案', onClick: () => undefined },
        { key: 'export', label: '导出记录', anyOf: ['admin:customer:export', 'admin:logs:table'], onClick: () => undefined },
      ]}
      sections={[{ key: 'profile', title: '客户资料', children: <dl>手机号 138****8000</dl> }]}
      timeline={{
        items: [
          { key: 2, who: '李四', when: new Date('2026/03/02 10:15:00').getTime(), what: '驳回', reason: '资料不全', color: 'red' },
          { key: 1, who: '王五', when: new Date('2026/03/01 09:00:00').getTime(), what: '提交审核' },
        ],
      }}
    >
      <DetailSection title="车辆">京A12345</DetailSection>
    </DetailPage>
  );
}

describe('DetailPage', () => {
  beforeEach(async () => {
    await act(() => changeLanguage('zh'));
  });

  it('hides the actions whose permission the user lacks', () => {
    render(<Page />);
    expect(actionButtons()).toEqual(['打印档案']);
    act(() => setRoles(['admin:customer:update', 'admin:logs:table']));
    expect(actionButtons()).toEqual(['编辑资料', '打印档案', '导出记录']);
    act(() => setRoles(['admin:customer:update', 'admin:customer:password']));
    expect(actionButtons()).toEqual(['重置密码', '编辑资料', '打印档案']);
  });

  it('shows no toolbar when no action is allowed', () => {
    render(<DetailPage title="张三" actions={[{ key: 'edit', label: '编辑资料', perm: 'admin:customer:update', onClick: () => undefined }]} />);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByText('编辑资料')).toBeNull();
  });

  it('runs an action and the back button', () => {
    const onEdit = vi.fn();
    const onBack = vi.fn();
    setRoles(['admin:customer:update']);
    render(<Page onEdit={onEdit} onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: '编辑资料' }));
    expect(onEdit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('renders the header, the sections and the timeline (who, when, what, reason)', () => {
    render(<Page />);
    expect(screen.getByRole('heading', { name: '张三' })).toBeTruthy();
    expect(screen.getByText('C202600001')).toBeTruthy();
    expect(screen.getByText('正常')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    expect(screen.getByText('客户资料')).toBeTruthy();
    expect(screen.getByText('手机号 138****8000')).toBeTruthy();
    expect(screen.getByText('车辆')).toBeTruthy();
    expect(screen.getByText('京A12345')).toBeTruthy();
    expect(screen.getByText('操作记录')).toBeTruthy();
    expect(screen.getByText('驳回')).toBeTruthy();
    expect(screen.getByText('李四 · 2026-03-02 10:15:00')).toBeTruthy();
    expect(screen.getByText('原因: 资料不全')).toBeTruthy();
    expect(screen.getByText('王五 · 2026-03-01 09:00:00')).toBeTruthy();
    expect(screen.getAllByText(/原因/)).toHaveLength(1);
  });

  it('an empty timeline says so, in the interface language', async () => {
    await act(() => changeLanguage('en'));
    render(<DetailPage title="Zhang San" timeline={{ items: [] }} />);
    expect(screen.getByText('History')).toBeTruthy();
    expect(screen.getByText('Nothing recorded yet')).toBeTruthy();
  });

  it('shows a skeleton while loading and the reason when not found', () => {
    const { rerender, container } = render(<DetailPage title="张三" loading />);
    expect(container.querySelector('.ant-skeleton')).toBeTruthy();
    expect(container.querySelector('.bh-detail__title')).toBeNull();
    rerender(<DetailPage title="张三" notFound="客户不存在或无权查看" />);
    expect(screen.getByText('客户不存在或无权查看')).toBeTruthy();
  });

  it('has its texts in every language', () => {
    const { zh, en, es, ja } = detailDictionaries;
    for (const dictionary of [en, es, ja]) {
      expect(dictionaryKeys(dictionary)).toEqual(dictionaryKeys(zh));
      for (const key of dictionaryKeys(dictionary)) expect(String(dictionaryText(dictionary, key)).trim()).not.toBe('');
    }
  });
});
