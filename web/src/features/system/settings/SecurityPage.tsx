import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../shared/api/errors';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { configApi, type SecurityConfig } from '../api';
import { SYSTEM_NS } from '../locales';
import './settings.css';

const WIDE = { width: 420, maxWidth: '100%' };
const NARROW = { width: 200, maxWidth: '100%' };

const PERMISSION = 'admin:config:security';
const QUERY_KEY = ['config', 'security'];

type SecurityForm = Omit<SecurityConfig, 'ipAllowList'> & { ipAllowList: string };

const toForm = (c: SecurityConfig): SecurityForm => ({ ...c, ipAllowList: c.ipAllowList.join('\n') });

const toInput = (f: SecurityForm): SecurityConfig => ({
  ...f,
  ipAllowList: f.ipAllowList
    .split(/[\n,，\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean),
});

/** 安全设置 (admin:config:security): sign-in, locks, password expiry, SMS limits, IP allow-list. */
export function SecurityPage() {
  const held = usePermissions();
  const canSave = hasPermission(PERMISSION, held);
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: configApi.security });
  if (!query.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <SecurityForm initial={toForm(query.data)} canSave={canSave} />;
}

function SecurityForm({ initial, canSave }: { initial: SecurityForm; canSave: boolean }) {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<SecurityForm>();
  const [saving, setSaving] = useState(false);

  const number = (name: keyof SecurityForm, min: number, max: number, unit: string, help?: string) => (
    <Form.Item
      name={name}
      label={t(`security.${name}`)}
      extra={help}
      rules={[
        { required: true, message: t('security.range', { min, max }) },
        { type: 'integer', min, max, message: t('security.range', { min, max }) },
      ]}
    >
      <InputNumber style={NARROW} precision={0} suffix={unit} disabled={!canSave} />
    </Form.Item>
  );

  const save = async (values: SecurityForm) => {
    setSaving(true);
    try {
      const saved = await configApi.saveSecurity(toInput(values));
      client.setQueryData(QUERY_KEY, saved);
      form.setFieldsValue(toForm(saved));
      void message.success(t('common.saved'));
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(Object.entries(fields).map(([name, text]) => ({ name: name as keyof SecurityForm, errors: [text] })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<SecurityForm>
      form={form}
      className="bh-settings"
      layout="horizontal"
      labelCol={{ flex: '220px' }}
      labelWrap
      wrapperCol={{ flex: 1 }}
      validateTrigger="onBlur"
      initialValues={initial}
      onFinish={(values) => void save(values)}
    >
      <Card title={t('security.session')} size="small">
        {number('tokenMinutes', 5, 1440, t('security.minutes'), t('security.tokenHelp'))}
        {number('refreshHours', 1, 720, t('security.hours'), t('security.refreshHelp'))}
        <Form.Item name="singleSession" label={t('security.singleSession')} valuePropName="checked" extra={t('security.singleSessionHelp')}>
          <Switch disabled={!canSave} />
        </Form.Item>
      </Card>
      <Card title={t('security.lock')} size="small">
        {number('maxFailures', 1, 20, t('security.times'), t('security.maxFailuresHelp'))}
        {number('lockMinutes', 1, 1440, t('security.minutes'))}
      </Card>
      <Card title={t('security.password')} size="small">
        {number('passwordExpiryDays', 0, 365, t('security.days'), t('security.passwordExpiryHelp'))}
      </Card>
      <Card title={t('security.sms')} size="small">
        {number('smsPerMinute', 1, 10, t('security.messages'))}
        {number('smsPerDay', 1, 100, t('security.messages'))}
        {number('smsPerIpPerHour', 1, 1000, t('security.messages'))}
      </Card>
      <Card title={t('security.ip')} size="small">
        <Form.Item
          name="ipAllowList"
          label={t('security.ipAllowList')}
          extra={t('security.ipHelp')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const count = (value ?? '').split(/[\n,，\s]+/).filter((e) => e.trim()).length;
                if (count > 100) throw new Error(t('security.tooMany'));
              },
            },
          ]}
        >
          <Input.TextArea style={WIDE} autoSize={{ minRows: 4, maxRows: 12 }} placeholder={t('security.ipPlaceholder')} disabled={!canSave} />
        </Form.Item>
      </Card>
      {canSave ? (
        <div className="bh-settings__actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('security.save')}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
