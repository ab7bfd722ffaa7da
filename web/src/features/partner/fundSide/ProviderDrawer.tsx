import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Form, Image, Input, Modal, Popconfirm, Radio, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import md5 from 'blueimp-md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/auth/Can';
import { useBlobUrl } from '../../../shared/api/useBlobUrl';
import { FormDialog } from '../../../shared/crud/FormDialog';
import '../../../shared/crud/locales';
import { providerApi, type CapitalUserRow, type ProviderAccountInput, type ProviderAccountRow } from '../api';
import { PARTNER_NS } from '../locales';
import { formatBp, formatYuan } from '../../../shared/format/money';
import { formatDateTime } from '../../../shared/format/datetime';
import { EnabledTag, EsignStatusTag, ProviderStatusTag } from '../shared';
import { useIdentifierRules } from '../../../shared/validate/rules';

const PURPOSES = ['DISBURSE', 'COLLECT', 'SETTLEMENT'];

/**
 * A capital provider's detail: profile, bank accounts, users and e-signature account. Opened by
 * id (the list keeps it in the URL, `?view=<id>`), so its title comes from the provider's record.
 */
export function ProviderDrawer({ providerId, onClose, onChanged }: { providerId: number | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(PARTNER_NS);
  const provider = useQuery({ queryKey: ['partner.provider', providerId], queryFn: () => providerApi.view(providerId ?? 0), enabled: providerId !== null });
  return (
    <Drawer
      open={providerId !== null}
      size={980}
      title={provider.data ? t('provider.detailTitle', { name: provider.data.name }) : t('provider.detail')}
      onClose={onClose}
      destroyOnHidden
    >
      {providerId !== null && provider.isError ? (
        <Empty description={t('provider.notFound')} />
      ) : providerId !== null ? (
        <Tabs
          items={[
            { key: 'profile', label: t('provider.tabProfile'), children: <Profile id={providerId} /> },
            { key: 'accounts', label: t('provider.tabAccounts'), children: <Accounts providerId={providerId} /> },
            { key: 'users', label: t('provider.tabUsers'), children: <Users providerId={providerId} onChanged={onChanged} /> },
            { key: 'signature', label: t('provider.tabSignature'), children: <Signature providerId={providerId} /> },
          ]}
        />
      ) : null}
    </Drawer>
  );
}

function Profile({ id }: { id: number }) {
  const { t } = useTranslation(PARTNER_NS);
  const query = useQuery({ queryKey: ['partner.provider', id], queryFn: () => providerApi.view(id) });
  const p = query.data;
  if (!p) return null;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} title={t('provider.credit')}>
        <Descriptions.Item label={t('provider.creditLimit')}>{formatYuan(p.creditLimitFen)}</Descriptions.Item>
        <Descriptions.Item label={t('provider.creditAvailable')}>{formatYuan(p.creditAvailableFen)}</Descriptions.Item>
        <Descriptions.Item label={t('provider.creditReserved')}>{formatYuan(p.creditReservedFen)}</Descriptions.Item>
        <Descriptions.Item label={t('provider.creditUsed')}>{formatYuan(p.creditUsedFen)}</Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={2} title={t('provider.terms')}>
        <Descriptions.Item label={t('provider.kind')}>{t(`provider.kinds.${p.kind}`, { defaultValue: p.kind })}</Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <ProviderStatusTag status={p.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('provider.costRate')}>{formatBp(p.costRateBp)}</Descriptions.Item>
        <Descriptions.Item label={t('provider.penaltyShare')}>{formatBp(p.penaltyShareBp)}</Descriptions.Item>
        <Descriptions.Item label={t('provider.guaranteeMode')}>
          {t(`provider.guarantees.${p.guaranteeMode}`, { defaultValue: p.guaranteeMode })}
          {p.guaranteeMode === 'PLATFORM_ADVANCE_AFTER_N_DAYS' ? `（${p.advanceAfterDays}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('provider.settlementCycle')}>{t(`provider.cycles.${p.settlementCycle}`, { defaultValue: p.settlementCycle })}</Descriptions.Item>
        <Descriptions.Item label={t('provider.acceptMode')}>{t(`provider.acceptModes.${p.acceptMode}`, { defaultValue: p.acceptMode })}</Descriptions.Item>
        <Descriptions.Item label={t('common.createdAt')}>{formatDateTime(p.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={2} title={t('provider.contact')}>
        <Descriptions.Item label={t('provider.contactName')}>{p.contactName || t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('provider.contactPhone')}>{p.contactPhone || t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('provider.notifyMobile')}>{p.notifyMobile || t('common.none')}</Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

interface AccountForm {
  purpose: string;
  bankName: string;
  branchName?: string;
  accountName: string;
  accountNo?: string;
  isDefault: boolean;
}

type EditingAccount = { mode: 'create' } | { mode: 'edit'; row: ProviderAccountRow };

function Accounts({ providerId }: { providerId: number }) {
  const { t } = useTranslation(PARTNER_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = ['partner.provider.accounts', providerId];
  const query = useQuery({ queryKey: key, queryFn: () => providerApi.accounts(providerId) });
  const [editing, setEditing] = useState<EditingAccount | null>(null);
  const rules = useIdentifierRules();
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const run = async (call: Promise<unknown>, done: string) => {
    await call;
    void message.success(done);
    void refresh();
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Can perm="admin:capital_company:account">
          <Button type="primary" onClick={() => setEditing({ mode: 'create' })}>
            {t('account.create')}
          </Button>
        </Can>
      </Space>
      <Table<ProviderAccountRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={query.data ?? []}
        locale={{ emptyText: t('account.empty') }}
        columns={[
          { key: 'purpose', title: t('account.purpose'), width: 100, render: (_, a) => t(`account.purposes.${a.purpose}`, { defaultValue: a.purpose }) },
          { key: 'bank', title: t('account.bankName'), render: (_, a) => `${a.bankName}${a.branchName ? ` · ${a.branchName}` : ''}` },
          { key: 'accountName', title: t('account.accountName'), dataIndex: 'accountName' },
          { key: 'no', title: t('account.accountNo'), dataIndex: 'accountNoMask', width: 190 },
          { key: 'default', title: t('account.isDefault'), width: 90, render: (_, a) => (a.isDefault ? <Tag color="blue">{t('account.isDefault')}</Tag> : null) },
          { key: 'enabled', title: t('common.status'), width: 80, render: (_, a) => <EnabledTag enabled={a.enabled} /> },
          {
            key: 'actions',
            title: '',
            width: 200,
            render: (_, a) => (
              <Can perm="admin:capital_company:account">
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: a })}>
                    {t('common.edit')}
                  </Button>
                  {!a.isDefault && a.enabled ? (
                    <Button type="link" size="small" onClick={() => void run(providerApi.setDefaultAccount(a.id), t('account.defaultSet'))}>
                      {t('account.setDefault')}
                    </Button>
                  ) : null}
                  <Popconfirm
                    title={a.enabled ? t('common.confirmDisable', { name: a.accountNoMask }) : t('common.confirmEnable', { name: a.accountNoMask })}
                    onConfirm={() => run(providerApi.setAccountEnabled(a.id, !a.enabled), t('common.statusChanged'))}
                  >
                    <Button type="link" size="small" danger={a.enabled}>
                      {a.enabled ? t('common.disable') : t('common.enable')}
                    </Button>
                  </Popconfirm>
                </Space>
              </Can>
            ),
          },
        ]}
      />
      <FormDialog<AccountForm>
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('account.editTitle') : t('account.createTitle')}
        labelWidth={110}
        initialValues={
          editing?.mode === 'edit'
            ? { purpose: editing.row.purpose, bankName: editing.row.bankName, branchName: editing.row.branchName, accountName: editing.row.accountName, isDefault: editing.row.isDefault }
            : { purpose: 'DISBURSE', isDefault: false }
        }
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const input: ProviderAccountInput = {
            purpose: v.purpose,
            bankName: v.bankName.trim(),
            branchName: (v.branchName ?? '').trim(),
            accountName: v.accountName.trim(),
            isDefault: v.isDefault,
            ...(v.accountNo?.trim() ? { accountNo: v.accountNo.replace(/\s/g, '') } : {}),
          };
          if (editing?.mode === 'edit') await providerApi.updateAccount(editing.row.id, input);
          else await providerApi.createAccount(providerId, input);
          void message.success(t('common.saved'));
          void refresh();
        }}
      >
        <>
          <Form.Item name="purpose" label={t('account.purpose')}>
            <Radio.Group options={PURPOSES.map((p) => ({ value: p, label: t(`account.purposes.${p}`) }))} />
          </Form.Item>
          <Form.Item name="bankName" label={t('account.bankName')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('account.bankName') }) }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="branchName" label={t('account.branchName')}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="accountName" label={t('account.accountName')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('account.accountName') }) }]}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item
            name="accountNo"
            label={t('account.accountNo')}
            extra={editing?.mode === 'edit' ? `${editing.row.accountNoMask}（${t('common.keepNumber')}）` : undefined}
            rules={[
              { required: editing?.mode !== 'edit', message: t('common.required', { label: t('account.accountNo') }) },
              rules.accountNo,
            ]}
          >
            <Input maxLength={40} autoComplete="off" inputMode="numeric" />
          </Form.Item>
          <Form.Item name="isDefault" label={t('account.isDefault')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      </FormDialog>
    </>
  );
}

interface UserForm {
  account: string;
  name: string;
  mobile?: string;
  passwordMode: 'generate' | 'set';
  password?: string;
}

function Users({ providerId, onChanged }: { providerId: number; onChanged: () => void }) {
  const { t } = useTranslation(PARTNER_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = ['partner.provider.users', providerId];
  const query = useQuery({ queryKey: key, queryFn: () => providerApi.users(providerId) });
  const [creating, setCreating] = useState(false);
  const rules = useIdentifierRules();
  const [resetting, setResetting] = useState<CapitalUserRow | null>(null);
  const [shown, setShown] = useState<{ account: string; password: string } | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    onChanged();
  };
  const run = async (call: Promise<unknown>, done: string) => {
    await call;
    void message.success(done);
    refresh();
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Can perm="admin:capital_company:user">
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('user.create')}
          </Button>
        </Can>
      </Space>
      <Table<CapitalUserRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={query.data ?? []}
        locale={{ emptyText: t('user.empty') }}
        columns={[
          { key: 'account', title: t('user.account'), dataIndex: 'account' },
          { key: 'name', title: t('user.name'), dataIndex: 'name' },
          { key: 'mobile', title: t('user.mobile'), render: (_, u) => u.mobile ?? t('common.none') },
          { key: 'enabled', title: t('common.status'), width: 80, render: (_, u) => <EnabledTag enabled={u.enabled} /> },
          { key: 'createdAt', title: t('common.createdAt'), width: 170, render: (_, u) => formatDateTime(u.createdAt) },
          {
            key: 'actions',
            title: '',
            width: 260,
            render: (_, u) => (
              <Space size={4}>
                <Can perm="admin:capital_company:user">
                  <Popconfirm
                    title={u.enabled ? t('common.confirmDisable', { name: u.name }) : t('common.confirmEnable', { name: u.name })}
                    onConfirm={() => run(providerApi.setUserEnabled(u.id, !u.enabled), t('common.statusChanged'))}
                  >
                    <Button type="link" size="small">
                      {u.enabled ? t('common.disable') : t('common.enable')}
                    </Button>
                  </Popconfirm>
                </Can>
                <Can perm="admin:capital_company:reset_password">
                  <Button type="link" size="small" onClick={() => setResetting(u)}>
                    {t('user.resetPassword')}
                  </Button>
                </Can>
                <Can perm="admin:capital_company:sign_out">
                  <Popconfirm title={t('user.confirmSignOut', { name: u.name })} onConfirm={() => run(providerApi.signOut(u.id), t('user.signedOut'))}>
                    <Button type="link" size="small" danger>
                      {t('user.signOut')}
                    </Button>
                  </Popconfirm>
                </Can>
              </Space>
            ),
          },
        ]}
      />
      <FormDialog<UserForm>
        open={creating}
        title={t('user.createTitle')}
        initialValues={{ passwordMode: 'generate' }}
        onClose={() => setCreating(false)}
        onSubmit={async (v) => {
          const chosen = v.passwordMode === 'set' && v.password ? md5(v.password) : undefined;
          const created = await providerApi.createUser(providerId, {
            account: v.account.trim(),
            name: v.name.trim(),
            mobile: (v.mobile ?? '').trim(),
            ...(chosen ? { password: chosen } : {}),
          });
          void message.success(t('common.saved'));
          refresh();
          if (created.password) setShown({ account: v.account.trim(), password: created.password });
        }}
      >
        <>
          <Form.Item name="account" label={t('user.account')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('user.account') }) }, rules.accountName]}>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('user.name')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('user.name') }) }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="mobile" label={t('user.mobile')} rules={[rules.mobile]}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          <PasswordChoice />
        </>
      </FormDialog>
      <FormDialog<{ passwordMode: 'generate' | 'set'; password?: string }>
        open={resetting !== null}
        title={resetting ? t('user.resetTitle', { name: resetting.name }) : ''}
        initialValues={{ passwordMode: 'generate' }}
        onClose={() => setResetting(null)}
        onSubmit={async (v) => {
          if (!resetting) return;
          const chosen = v.passwordMode === 'set' && v.password ? md5(v.password) : undefined;
          const result = await providerApi.resetPassword(resetting.id, chosen);
          void message.success(t('common.saved'));
          if (result.password) setShown({ account: resetting.account, password: result.password });
        }}
      >
        <>
          <Typography.Paragraph type="secondary">{t('user.resetHint')}</Typography.Paragraph>
          <PasswordChoice />
        </>
      </FormDialog>
      <Modal
        open={shown !== null}
        title={shown ? t('user.passwordTitle', { account: shown.account }) : ''}
        mask={{ closable: false }}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            {t('user.ok')}
          </Button>
        }
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="warning">{t('user.passwordShownOnce')}</Typography.Text>
          <Typography.Paragraph className="bh-secret" copyable={{ tooltips: [t('user.copy'), t('user.copied')] }}>
            {shown?.password ?? ''}
          </Typography.Paragraph>
        </Space>
      </Modal>
    </>
  );
}

/** Generated by the server (shown once) or typed here (6 to 30 characters, sent as its MD5). */
function PasswordChoice() {
  const { t } = useTranslation(PARTNER_NS);
  const mode = Form.useWatch('passwordMode') as string | undefined;
  return (
    <>
      <Form.Item name="passwordMode" label={t('user.passwordMode')}>
        <Radio.Group
          options={[
            { value: 'generate', label: t('user.generate') },
            { value: 'set', label: t('user.setPassword') },
          ]}
        />
      </Form.Item>
      {mode === 'set' ? (
        <Form.Item
          name="password"
          label={t('user.password')}
          rules={[
            { required: true, message: t('common.required', { label: t('user.password') }) },
            { min: 6, max: 30, message: t('user.passwordRule') },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
      ) : null}
    </>
  );
}

function Signature({ providerId }: { providerId: number }) {
  const { t } = useTranslation(PARTNER_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = ['partner.provider.esign', providerId];
  const query = useQuery({ queryKey: key, queryFn: () => providerApi.esign(providerId) });
  const seal = useBlobUrl(query.data?.sealFileId ? `/admin/capital/signature/seal/${providerId}` : null, query.data?.sealFileId ?? null);
  const e = query.data;
  if (!e) return null;
  const review = async (approved: boolean) => {
    await providerApi.reviewEsign(providerId, approved);
    void message.success(t('esign.reviewed'));
    void client.invalidateQueries({ queryKey: key });
  };
  if (!e.orgName && !e.sealFileId) return <Empty description={t('esign.notFilled')} />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('common.status')}>
          <EsignStatusTag status={e.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('esign.orgName')}>{e.orgName || t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('esign.creditCode')}>{e.creditCode || t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('esign.legalRepresentative')}>{e.legalRepresentative || t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('esign.contactMobile')}>{e.contactMobile || t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('esign.submittedAt')}>{formatDateTime(e.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('esign.seal')} span={2}>
          {seal ? <Image src={seal} alt={e.sealFileName ?? ''} height={120} /> : t('esign.noSeal')}
        </Descriptions.Item>
      </Descriptions>
      {e.status === 'PENDING' ? (
        <Can perm="admin:capital_company:signature">
          <Space>
            <Popconfirm title={t('esign.confirmApprove')} onConfirm={() => review(true)}>
              <Button type="primary">{t('esign.approve')}</Button>
            </Popconfirm>
            <Popconfirm title={t('esign.confirmReject')} onConfirm={() => review(false)}>
              <Button>{t('esign.reject')}</Button>
            </Popconfirm>
          </Space>
        </Can>
      ) : null}
    </Space>
  );
}
