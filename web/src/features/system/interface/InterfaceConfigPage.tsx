import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../shared/api/errors';
import { interfaceApi, type InterfaceConfig, type OcrConfigInput, type SmsConfigInput } from '../api';
import { SYSTEM_NS } from '../locales';
import { withoutBlankSecret } from './secrets';

const CONFIG_KEY = 'interface-config';

/** 短信/OCR接口配置 (admin:config:icl_interface): which SMS and OCR services the platform uses. */
export function InterfaceConfigPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const config = useQuery({ queryKey: [CONFIG_KEY], queryFn: interfaceApi.config });
  if (!config.data) return <Card>{config.isError ? <Alert type="error" title={t('interface.loadFailed')} /> : <Skeleton active />}</Card>;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <SmsCard config={config.data} />
      </Col>
      <Col xs={24} xl={12}>
        <OcrCard config={config.data} />
      </Col>
    </Row>
  );
}

/** Saves `values`; marks the server's field messages on `form`. */
function useSave<T extends object>(form: ReturnType<typeof Form.useForm<T>>[0], save: (values: T) => Promise<unknown>) {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const submit = async (values: T) => {
    setSaving(true);
    try {
      await save(values);
      void message.success(t('common.saved'));
      await client.invalidateQueries({ queryKey: [CONFIG_KEY] });
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(Object.keys(fields).map((name) => ({ name: name as never, errors: [fields[name] ?? ''] })));
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}

function secretPlaceholder(set: boolean, t: (key: string) => string) {
  return set ? t('interface.secretKept') : t('interface.secretEmpty');
}

function SmsCard({ config }: { config: InterfaceConfig }) {
  const { t } = useTranslation(SYSTEM_NS);
  const [form] = Form.useForm<SmsConfigInput>();
  const sms = config.sms;
  const kind = Form.useWatch('kind', form) ?? sms.kind;
  useEffect(() => {
    form.setFieldsValue({ kind: sms.kind, endpoint: sms.endpoint, accessKeyId: sms.accessKeyId, signName: sms.signName, accessKeySecret: '' });
  }, [form, sms]);
  const { saving, submit } = useSave(form, (values: SmsConfigInput) => interfaceApi.updateSms(withoutBlankSecret(values, 'accessKeySecret')));
  const required = (label: string) => [{ required: true, whitespace: true, message: t('common.required', { label }) }];
  return (
    <Card title={t('interface.smsTitle')} data-testid="sms-card">
      <Typography.Paragraph type="secondary">{t('interface.smsHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ kind: sms.kind }}>
        <Form.Item name="kind" label={t('interface.provider')} rules={[{ required: true }]}>
          <Select
            data-testid="sms-kind"
            options={[
              { value: 'outbox', label: t('interface.kinds.outbox') },
              { value: 'aliyun', label: t('interface.kinds.aliyun') },
            ]}
          />
        </Form.Item>
        {kind === 'outbox' && <Alert type="info" showIcon title={t('interface.outboxHint')} style={{ marginBottom: 16 }} />}
        {kind === 'aliyun' && (
          <>
            <Form.Item name="endpoint" label={t('interface.endpoint')} rules={required(t('interface.endpoint'))}>
              <Input placeholder="https://dysmsapi.aliyuncs.com" autoComplete="off" />
            </Form.Item>
            <Form.Item name="accessKeyId" label="AccessKey ID" rules={required('AccessKey ID')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="accessKeySecret"
              label="AccessKey Secret"
              {...(sms.accessKeySecretError ? { validateStatus: 'warning' as const, help: sms.accessKeySecretError } : {})}
              rules={sms.accessKeySecretSet && !sms.accessKeySecretError ? [] : required('AccessKey Secret')}
            >
              <Input.Password placeholder={secretPlaceholder(sms.accessKeySecretSet && !sms.accessKeySecretError, t)} autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="signName" label={t('interface.signName')} rules={required(t('interface.signName'))}>
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="sms-save">
          {t('interface.save')}
        </Button>
      </Form>
    </Card>
  );
}

function OcrCard({ config }: { config: InterfaceConfig }) {
  const { t } = useTranslation(SYSTEM_NS);
  const [form] = Form.useForm<OcrConfigInput>();
  const ocr = config.ocr;
  useEffect(() => {
    form.setFieldsValue({ kind: ocr.kind, endpoint: ocr.endpoint, appKey: ocr.appKey, appSecret: '' });
  }, [form, ocr]);
  const { saving, submit } = useSave(form, (values: OcrConfigInput) => interfaceApi.updateOcr(withoutBlankSecret(values, 'appSecret')));
  return (
    <Card title={t('interface.ocrTitle')} data-testid="ocr-card">
      <Typography.Paragraph type="secondary">{t('interface.ocrHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ kind: ocr.kind }}>
        <Form.Item name="kind" label={t('interface.provider')} rules={[{ required: true }]}>
          <Select options={[{ value: 'manual', label: t('interface.kinds.manual') }]} />
        </Form.Item>
        <Form.Item name="endpoint" label={t('interface.endpoint')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="appKey" label="AppKey">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="appSecret"
          label="AppSecret"
          {...(ocr.appSecretError ? { validateStatus: 'warning' as const, help: ocr.appSecretError } : {})}
        >
          <Input.Password placeholder={secretPlaceholder(ocr.appSecretSet && !ocr.appSecretError, t)} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="ocr-save">
          {t('interface.save')}
        </Button>
      </Form>
    </Card>
  );
}
