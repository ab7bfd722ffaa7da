import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../shared/api/errors';
import { signatureApi, type ConnectionTestResult, type SignatureConfigInput } from '../api';
import { withoutBlankSecret } from '../interface/secrets';
import { SYSTEM_NS } from '../locales';

const CONFIG_KEY = 'signature-config';

/** 电子签章接口配置 (admin:config:bestsign): the e-signature provider and a connection test. */
export function SignaturePage() {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const config = useQuery({ queryKey: [CONFIG_KEY], queryFn: signatureApi.config });
  const [form] = Form.useForm<SignatureConfigInput>();
  const kind = Form.useWatch('kind', form) ?? config.data?.kind;
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const data = config.data;

  useEffect(() => {
    if (data)
      form.setFieldsValue({
        kind: data.kind,
        endpoint: data.endpoint,
        developerId: data.developerId,
        privateKey: '',
        callbackBase: data.callbackBase,
        platformCreditCode: data.platformCreditCode,
        platformMobile: data.platformMobile,
      });
  }, [form, data]);

  if (!data) return <Card>{config.isError ? <Alert type="error" title={t('interface.loadFailed')} /> : <Skeleton active />}</Card>;

  const keyUsable = data.privateKeySet && !data.privateKeyError;
  const required = (label: string) => [{ required: true, whitespace: true, message: t('common.required', { label }) }];

  const save = async (values: SignatureConfigInput) => {
    setSaving(true);
    try {
      await signatureApi.update(withoutBlankSecret(values, 'privateKey'));
      void message.success(t('common.saved'));
      setResult(null);
      await client.invalidateQueries({ queryKey: [CONFIG_KEY] });
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(Object.keys(fields).map((name) => ({ name: name as never, errors: [fields[name] ?? ''] })));
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await signatureApi.test());
    } catch {
      // The request layer has shown the server's message (e.g. nothing saved yet).
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card title={t('signature.title')} style={{ maxWidth: 760 }}>
      <Typography.Paragraph type="secondary">{t('signature.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} initialValues={{ kind: data.kind }}>
        <Form.Item name="kind" label={t('interface.provider')} rules={[{ required: true }]}>
          <Select
            options={[
              { value: 'none', label: t('signature.kinds.none') },
              { value: 'bestsign', label: t('signature.kinds.bestsign') },
            ]}
          />
        </Form.Item>
        {kind === 'bestsign' && (
          <>
            <Form.Item name="endpoint" label={t('interface.endpoint')} extra={t('signature.endpointHint')} rules={required(t('interface.endpoint'))}>
              <Input placeholder="https://openapi.bestsign.info/openapi/v2" autoComplete="off" />
            </Form.Item>
            <Form.Item name="developerId" label={t('signature.developerId')} rules={required(t('signature.developerId'))}>
              <Input autoComplete="off" maxLength={64} />
            </Form.Item>
            <Form.Item
              name="privateKey"
              label={t('signature.privateKey')}
              {...(data.privateKeyError ? { validateStatus: 'warning' as const, help: data.privateKeyError } : {})}
              rules={keyUsable ? [] : required(t('signature.privateKey'))}
            >
              <Input.TextArea rows={4} placeholder={keyUsable ? t('interface.secretKept') : t('signature.privateKeyEmpty')} autoComplete="off" />
            </Form.Item>
            <Form.Item name="callbackBase" label={t('signature.callbackBase')} extra={t('signature.callbackBaseHint')} rules={required(t('signature.callbackBase'))}>
              <Input placeholder="https://beehive.example.com" autoComplete="off" />
            </Form.Item>
            <Form.Item name="platformCreditCode" label={t('signature.platformCreditCode')} rules={required(t('signature.platformCreditCode'))}>
              <Input autoComplete="off" maxLength={18} />
            </Form.Item>
            <Form.Item name="platformMobile" label={t('signature.platformMobile')} rules={required(t('signature.platformMobile'))}>
              <Input autoComplete="off" maxLength={11} />
            </Form.Item>
          </>
        )}
        {kind === 'none' && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('signature.noneHint')} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('interface.save')}
          </Button>
          <Button onClick={() => void test()} loading={testing} disabled={data.kind === 'none'} data-testid="signature-test">
            {t('signature.test')}
          </Button>
        </Space>
        {data.kind === 'none' && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('signature.saveFirst')}
          </Typography.Paragraph>
        )}
        {result && (
          <Alert
            style={{ marginTop: 16 }}
            type={result.ok ? 'success' : 'error'}
            showIcon
            data-testid="signature-result"
            title={result.message}
            description={t('signature.resultDetail', { status: result.status ?? '—', elapsed: result.elapsedMs })}
          />
        )}
      </Form>
    </Card>
  );
}
