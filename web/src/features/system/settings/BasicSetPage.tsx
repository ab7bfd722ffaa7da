import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Select, Skeleton, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../shared/api/errors';
import { API_BASE, apiHeaders, type Envelope } from '../../../shared/api/request';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { setBranding } from '../../../shared/branding/branding';
import { configApi, type SystemConfig, type SystemConfigInput } from '../api';
import { SYSTEM_NS } from '../locales';
import { BusinessDateCard } from './BusinessDateCard';
import './settings.css';

const WIDE = { width: 420, maxWidth: '100%' };
const NARROW = { width: 200, maxWidth: '100%' };

const PERMISSION = 'admin:config:system';
const QUERY_KEY = ['config', 'system'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

const brandingOf = (c: SystemConfig) => ({ platformName: c.platformName, logoUrl: c.logoUrl ?? null, defaultPageSize: c.pageSize });

/** 系统设置 (admin:config:system): platform name and logo, customer service, defaults. */
export function BasicSetPage() {
  const held = usePermissions();
  const canSave = hasPermission(PERMISSION, held);
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: configApi.system });
  if (!query.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <BasicSetForm config={query.data} canSave={canSave} />;
}

function BasicSetForm({ config, canSave }: { config: SystemConfig; canSave: boolean }) {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<SystemConfigInput>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  const apply = (saved: SystemConfig) => {
    client.setQueryData(QUERY_KEY, saved);
    setBranding(brandingOf(saved));
  };

  const save = async (values: SystemConfigInput) => {
    setSaving(true);
    try {
      const saved = await configApi.saveSystem({
        ...values,
        platformName: (values.platformName ?? '').trim(),
        servicePhone: (values.servicePhone ?? '').trim(),
        serviceEmail: (values.serviceEmail ?? '').trim(),
      });
      apply(saved);
      void message.success(t('common.saved'));
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(Object.entries(fields).map(([name, text]) => ({ name: name as keyof SystemConfigInput, errors: [text] })));
    } finally {
      setSaving(false);
    }
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const reply = await fetch(`${API_BASE}/admin/config/system/logo`, {
        method: 'POST',
        body,
        headers: apiHeaders(),
      });
      const envelope = (await reply.json()) as Envelope<SystemConfig>;
      if (envelope.code === 200) {
        apply(envelope.data);
        void message.success(t('basicSet.logoUploaded'));
      } else {
        void message.error(envelope.msg ?? String(envelope.code));
      }
    } catch {
      void message.error(t('basicSet.logoHelp'));
    } finally {
      setUploading(false);
    }
  };

  const removeLogo = async () => {
    apply(await configApi.removeLogo());
    void message.success(t('basicSet.logoRemoved'));
  };

  const initial: SystemConfigInput = {
    platformName: config.platformName,
    servicePhone: config.servicePhone,
    serviceEmail: config.serviceEmail,
    pageSize: config.pageSize,
    uploadLimitMib: config.uploadLimitMib,
    timeZone: config.timeZone,
  };

  return (
    <Form<SystemConfigInput>
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
      <Card title={t('basicSet.platform')} size="small">
        <Form.Item
          name="platformName"
          label={t('basicSet.platformName')}
          extra={t('basicSet.platformNameHelp')}
          rules={[{ max: 32, message: t('common.maxLength', { label: t('basicSet.platformName'), max: 32 }) }]}
        >
          <Input style={WIDE} maxLength={32} showCount allowClear disabled={!canSave} placeholder={t('appTitle', { ns: 'common' })} />
        </Form.Item>
        <Form.Item label={t('basicSet.logo')} extra={t('basicSet.logoHelp')}>
          <div className="bh-settings__logo">
            <div className="bh-settings__logo-box">
              {config.logoUrl ? <img src={config.logoUrl} alt={t('basicSet.logo')} /> : <span className="bh-settings__muted">—</span>}
            </div>
            {canSave ? (
              <Space>
                <Upload
                  accept="image/png,image/jpeg,image/webp"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void upload(file);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={uploading}>
                    {t('basicSet.upload')}
                  </Button>
                </Upload>
                {config.logoUrl ? (
                  <Popconfirm title={t('basicSet.confirmRemoveLogo')} onConfirm={() => void removeLogo()}>
                    <Button danger>{t('basicSet.removeLogo')}</Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ) : null}
            {config.logoUrl ? null : <span className="bh-settings__muted">{t('basicSet.builtInLogo')}</span>}
          </div>
        </Form.Item>
      </Card>
      <Card title={t('basicSet.service')} size="small">
        <Form.Item
          name="servicePhone"
          label={t('basicSet.servicePhone')}
          rules={[
            { max: 32, message: t('common.maxLength', { label: t('basicSet.servicePhone'), max: 32 }) },
            { pattern: /^[\d\s+\-()]*$/, message: t('basicSet.phoneRule') },
          ]}
        >
          <Input style={WIDE} maxLength={32} allowClear disabled={!canSave} placeholder="400-800-1234" />
        </Form.Item>
        <Form.Item
          name="serviceEmail"
          label={t('basicSet.serviceEmail')}
          rules={[
            { max: 64, message: t('common.maxLength', { label: t('basicSet.serviceEmail'), max: 64 }) },
            { pattern: EMAIL, message: t('basicSet.emailRule') },
          ]}
        >
          <Input style={WIDE} maxLength={64} allowClear disabled={!canSave} placeholder="service@example.com" />
        </Form.Item>
      </Card>
      <Card title={t('basicSet.defaults')} size="small">
        <Form.Item name="pageSize" label={t('basicSet.pageSize')} rules={[{ required: true, message: t('common.requiredChoice', { label: t('basicSet.pageSize') }) }]}>
          <Select
            style={NARROW}
            disabled={!canSave}
            options={config.pageSizes.map((size) => ({ value: size, label: t('basicSet.perPage', { size }) }))}
          />
        </Form.Item>
        <Form.Item
          name="uploadLimitMib"
          label={t('basicSet.uploadLimit')}
          rules={[
            { required: true, message: t('security.range', { min: 1, max: 100 }) },
            { type: 'integer', min: 1, max: 100, message: t('security.range', { min: 1, max: 100 }) },
          ]}
        >
          <InputNumber style={NARROW} precision={0} suffix={t('basicSet.mib')} disabled={!canSave} />
        </Form.Item>
        <Form.Item
          name="timeZone"
          label={t('basicSet.timeZone')}
          extra={t('basicSet.timeZoneHelp')}
          rules={[{ required: true, message: t('common.requiredChoice', { label: t('basicSet.timeZone') }) }]}
        >
          <Select style={WIDE} showSearch disabled={!canSave} options={config.timeZones.map((zone) => ({ value: zone, label: zone }))} />
        </Form.Item>
      </Card>
      {canSave ? (
        <div className="bh-settings__actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('basicSet.save')}
          </Button>
        </div>
      ) : null}
      <BusinessDateCard />
    </Form>
  );
}
