import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Card, Descriptions, Form, Input, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../shared/api/errors';
import { capitalApi, type AccountInfo, type ContactInput } from '../api';
import { CAPITAL_NS } from '../locales';
import { formatBp, formatYuan } from '../../../shared/format/money';
import { useIdentifierRules } from '../../../shared/validate/rules';

const KEY = ['capital.accountInfo'];
type BankAccount = AccountInfo['accounts'][number];

/** 资金账户信息 (capital:order:table): the signed-in provider's profile, credit and bank accounts. */
export function AccountInfoPage() {
  const { t } = useTranslation(CAPITAL_NS);
  const query = useQuery({ queryKey: KEY, queryFn: () => capitalApi.accountInfo() });
  const info = query.data;
  if (!info) return <Skeleton active />;
  const p = info.provider;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="bh-capital-account">
      <Card title={t('info.profile')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('info.name')}>{p.name}</Descriptions.Item>
          <Descriptions.Item label={t('info.kind')}>{t(`codes.kinds.${p.kind}`, { defaultValue: p.kind })}</Descriptions.Item>
          <Descriptions.Item label={t('info.status')}>
            <Tag color={p.status === 'ACTIVE' ? 'green' : 'orange'}>{t(`codes.statuses.${p.status}`, { defaultValue: p.status })}</Tag>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('info.credit')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small" layout="vertical">
          <Descriptions.Item label={t('info.creditLimit')}>
            <span className="bh-amount">{formatYuan(p.creditLimitFen)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('info.creditReserved')}>
            <span className="bh-amount">{formatYuan(p.creditReservedFen)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('info.creditUsed')}>
            <span className="bh-amount">{formatYuan(p.creditUsedFen)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('info.creditAvailable')}>
            <span className="bh-amount">{formatYuan(p.creditAvailableFen)}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('info.terms')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('info.costRate')}>{formatBp(p.costRateBp)}</Descriptions.Item>
          <Descriptions.Item label={t('info.penaltyShare')}>{formatBp(p.penaltyShareBp)}</Descriptions.Item>
          <Descriptions.Item label={t('info.guaranteeMode')}>
            {p.guaranteeMode === 'PLATFORM_ADVANCE_AFTER_N_DAYS'
              ? t('codes.guaranteeAfterDays', { days: p.advanceAfterDays })
              : t(`codes.guarantees.${p.guaranteeMode}`, { defaultValue: p.guaranteeMode })}
          </Descriptions.Item>
          <Descriptions.Item label={t('info.settlementCycle')}>{t(`codes.cycles.${p.settlementCycle}`, { defaultValue: p.settlementCycle })}</Descriptions.Item>
          <Descriptions.Item label={t('info.acceptMode')}>{t(`codes.acceptModes.${p.acceptMode}`, { defaultValue: p.acceptMode })}</Descriptions.Item>
        </Descriptions>
      </Card>
      <ContactCard info={info} />
      <Card title={t('info.accounts')}>
        <Table<BankAccount>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={info.accounts}
          locale={{ emptyText: t('info.noAccounts') }}
          columns={[
            { key: 'purpose', title: t('info.purpose'), width: 120, render: (_, a) => t(`codes.purposes.${a.purpose}`, { defaultValue: a.purpose }) },
            { key: 'bank', title: t('info.bankName'), render: (_, a) => `${a.bankName}${a.branchName ? ` · ${a.branchName}` : ''}` },
            { key: 'accountName', title: t('info.accountName'), dataIndex: 'accountName' },
            { key: 'accountNo', title: t('info.accountNo'), dataIndex: 'accountNoMask', width: 200 },
            {
              key: 'flags',
              title: '',
              width: 150,
              render: (_, a) => (
                <>
                  {a.isDefault ? <Tag color="blue">{t('info.isDefault')}</Tag> : null}
                  <Tag color={a.enabled ? 'green' : 'default'}>{a.enabled ? t('info.enabled') : t('info.disabled')}</Tag>
                </>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

function ContactCard({ info }: { info: AccountInfo }) {
  const { t } = useTranslation(CAPITAL_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ContactInput>();
  const [saving, setSaving] = useState(false);
  const rules = useIdentifierRules();
  const save = async () => {
    let values: ContactInput;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setSaving(true);
    try {
      await capitalApi.saveContact({
        contactName: (values.contactName ?? '').trim(),
        contactPhone: (values.contactPhone ?? '').trim(),
        notifyMobile: (values.notifyMobile ?? '').trim(),
      });
      void message.success(t('info.saved'));
      void client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(Object.keys(fields).map((name) => ({ name: name as never, errors: [fields[name] ?? ''] })));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('info.contact')}>
      <Alert type="info" showIcon title={t('info.contactHint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="inline"
        initialValues={{ contactName: info.provider.contactName, contactPhone: info.provider.contactPhone, notifyMobile: info.provider.notifyMobile }}
      >
        <Form.Item name="contactName" label={t('info.contactName')}>
          <Input maxLength={64} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('info.contactPhone')} rules={[rules.phone]}>
          <Input maxLength={32} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="notifyMobile" label={t('info.notifyMobile')} rules={[rules.mobile]}>
          <Input maxLength={11} inputMode="numeric" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('info.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
